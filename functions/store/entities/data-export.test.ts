import { conditionFailed, recordStore } from '../../../test/store-recorder';
import * as dataExports from './data-export';

const requestedAt = '2026-11-28T10:00:00.000Z';

describe('data export entity', () => {
  it('is an item of the user\'s partition that expires with its archive, and reads back', () => {
    const item = dataExports.toItem({ id: 'E1', userId: 'u1', status: 'ready', requestedAt, key: 'exports/u1/a.zip', items: 3, files: 1, bytes: 10 });
    expect(item).toMatchObject({ pk: 'USER#u1', sk: 'EXPORT#E1', entity: 'DATA_EXPORT', v: 1, expiresAt: Date.parse(requestedAt) / 1000 + 7 * 86400 });
    expect(dataExports.fromItem(item)).toEqual({ id: 'E1', userId: 'u1', status: 'ready', requestedAt, key: 'exports/u1/a.zip', items: 3, files: 1, bytes: 10 });
  });

  it('writes a new job queued, never over another', async () => {
    const store = recordStore(() => conditionFailed());
    expect(await dataExports.create({ id: 'E1', userId: 'u1', requestedAt })).toBe(false);
    expect(store.commands[0]!.input).toMatchObject({ Item: { status: 'queued', sk: 'EXPORT#E1' }, ConditionExpression: 'attribute_not_exists(#c0)' });
    store.stop();
  });

  it('reads the newest job with one query of the user\'s EXPORT# items', async () => {
    const store = recordStore(() => ({ Items: [dataExports.toItem({ id: 'E2', userId: 'u1', status: 'queued', requestedAt })] }));
    expect(await dataExports.newest('u1')).toMatchObject({ id: 'E2', status: 'queued' });
    expect(store.commands).toHaveLength(1);
    expect(store.commands[0]!.input).toMatchObject({ ScanIndexForward: false, ConsistentRead: true, ExpressionAttributeValues: { ':k0': 'USER#u1', ':k1': 'EXPORT#' } });
    store.stop();
  });

  it('claims only a queued job, finishes only one being built, and fails only one not yet done', async () => {
    const store = recordStore(() => conditionFailed());
    expect(await dataExports.claim('u1', 'E1', 't')).toBe(false);
    expect(await dataExports.finish('u1', 'E1', { key: 'k', items: 1, files: 0, bytes: 5, finishedAt: 't' })).toBe(false);
    expect(await dataExports.fail('u1', 'E1', 'boom', 't')).toBe(false);
    const [claim, finish, fail] = store.commands.map((c) => c.input);
    const condValue = (input: Record<string, unknown>) => {
      const m = /= (:\w+)$/.exec(String(input.ConditionExpression));
      return m ? (input.ExpressionAttributeValues as Record<string, unknown>)[m[1]!] : undefined;
    };
    expect(condValue(claim!)).toBe('queued');
    expect(condValue(finish!)).toBe('building');
    expect(String(fail!.ConditionExpression)).toMatch(/ IN \(/);
    expect(Object.values(fail!.ExpressionAttributeValues as object)).toEqual(expect.arrayContaining(['queued', 'building', 'failed']));
    store.stop();
  });
});
