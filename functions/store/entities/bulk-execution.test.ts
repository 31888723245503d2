import type { BulkSubmissionInput } from '../../../shared/workflows/bulk-submission';
import { conditionFailed, recordStore } from '../../../test/store-recorder';
import * as bulk from './bulk-execution';

const startedAt = new Date('2026-11-28T10:00:00.000Z');
const expiresAt = Math.floor(startedAt.getTime() / 1000) + 30 * 86_400;
const input: BulkSubmissionInput = {
  bulkId: '01JBULK',
  userId: 'u1',
  options: { originalUrl: 'https://me.example/a', searchEngine: 'google', platforms: ['google', 'bing'] },
  allowance: { refs: [{ key: { pk: 'USER#u1', sk: 'USAGE#2026-11' }, attribute: 'allowanceSubmissions', set: { userId: 'u1', period: '2026-11' } }], n: 2 },
  items: [
    { resultId: 'r1', caseId: 'c1' },
    { resultId: 'r2', caseId: 'c2' },
  ],
};
const head: bulk.BulkHead = { id: '01JBULK', userId: 'u1', startedAt: startedAt.toISOString(), status: 'running', itemCount: 2, settledCount: 0, expiresAt };

let store: ReturnType<typeof recordStore>;
// Stopped after each test, passed or not: a recorder left on would answer the next test's commands.
afterEach(() => store?.stop());

describe('bulk execution entity', () => {
  it('stores the head with its sweep entry and the input beside it, and reads both back', () => {
    const headItem = bulk.headToItem(head, '2026-11-28T11:15:00.000Z');
    expect(headItem).toMatchObject({ pk: 'BULK#01JBULK', sk: 'BULK', gsi3pk: 'BULK_SUBMISSION_SWEEP_DUE', gsi3sk: '2026-11-28T11:15:00.000Z#01JBULK', v: 1 });
    expect(headItem.entity).toBeUndefined();
    expect(bulk.headFromItem(headItem)).toEqual(head);
    const inputItem = bulk.inputToItem(input, expiresAt);
    expect(inputItem).toEqual({ pk: 'BULK#01JBULK', sk: 'INPUT', v: 1, input, expiresAt });
    expect(bulk.inputFromItem(inputItem)).toEqual(input);
  });

  it('reads items written before versions were stored', () => {
    const ended = { ...head, status: 'stopped', endedAt: 'T', reason: 'stopped early', settledCount: 1 } as const;
    expect(bulk.headFromItem({ pk: 'BULK#01JBULK', sk: 'BULK', ...ended })).toEqual(ended);
    expect(bulk.inputFromItem({ pk: 'BULK#01JBULK', sk: 'INPUT', input, expiresAt })).toEqual(input);
  });

  it('writes the input, then the head, each only where none exists', async () => {
    store = recordStore();
    expect(await bulk.create(input, startedAt, '2026-11-28T11:15:00.000Z')).toBe(true);
    expect(store.commands.map((c) => [c.name, (c.input.Item as { sk: string }).sk, c.input.ConditionExpression])).toEqual([
      ['PutItem', 'INPUT', 'attribute_not_exists(#c0)'],
      ['PutItem', 'BULK', 'attribute_not_exists(#c0)'],
    ]);
    expect(store.commands[1].input.Item).toEqual(bulk.headToItem(head, '2026-11-28T11:15:00.000Z'));
  });

  it('writes no head when the input exists', async () => {
    store = recordStore(() => conditionFailed());
    expect(await bulk.create(input, startedAt, 'T')).toBe(false);
    expect(store.commands).toHaveLength(1);
  });

  it('settles an item once, with a marker that expires', async () => {
    store = recordStore(() => conditionFailed());
    expect(await bulk.settle('01JBULK', 'r1', { byRecovery: true, at: startedAt })).toBe(false);
    expect(store.commands[0].input).toMatchObject({
      Item: { pk: 'BULK#01JBULK', sk: 'ITEM#r1', v: 1, settledAt: startedAt.toISOString(), byRecovery: true, expiresAt },
      ConditionExpression: 'attribute_not_exists(#c0)',
    });
  });

  it('lists the settled items from their markers, consistently', async () => {
    store = recordStore(() => ({ Items: [{ sk: 'ITEM#r1' }, { sk: 'ITEM#r2', byRecovery: true }] }));
    expect(await bulk.listSettled('01JBULK')).toEqual([
      { resultId: 'r1', byRecovery: false },
      { resultId: 'r2', byRecovery: true },
    ]);
    expect(store.commands[0].input).toMatchObject({
      KeyConditionExpression: '#k0 = :k0 AND begins_with(#k1, :k1)',
      ExpressionAttributeNames: { '#k0': 'pk', '#k1': 'sk', '#k2': 'byRecovery' },
      ProjectionExpression: '#k1, #k2',
      ExpressionAttributeValues: { ':k0': 'BULK#01JBULK', ':k1': 'ITEM#' },
      ConsistentRead: true,
    });
    expect(store.commands[0].input.IndexName).toBeUndefined();
  });

  it('counts a settled item on an existing head', async () => {
    store = recordStore(() => ({ Attributes: bulk.headToItem({ ...head, settledCount: 1 }) }));
    expect(await bulk.countSettled('01JBULK')).toEqual({ ...head, settledCount: 1 });
    expect(store.commands[0].input).toMatchObject({
      Key: { pk: 'BULK#01JBULK', sk: 'BULK' },
      UpdateExpression: 'ADD #u0 :u0',
      ConditionExpression: 'attribute_exists(#u1)',
      ExpressionAttributeValues: { ':u0': 1 },
    });
  });

  it('ends only a running execution, out of the sweep index', async () => {
    store = recordStore();
    expect(await bulk.end('01JBULK', 'stopped', startedAt, 'took too long')).toBe(true);
    expect(store.commands[0].input).toMatchObject({
      UpdateExpression: 'SET #u0 = :u0, #u1 = :u1, #u2 = :u2 REMOVE #u3, #u4',
      ConditionExpression: '#u0 = :u3',
      ExpressionAttributeNames: { '#u0': 'status', '#u1': 'endedAt', '#u2': 'reason', '#u3': 'gsi3pk', '#u4': 'gsi3sk' },
      ExpressionAttributeValues: { ':u0': 'stopped', ':u1': startedAt.toISOString(), ':u2': 'took too long', ':u3': 'running' },
    });
  });

  it('forgets an execution that never started: head and input', async () => {
    store = recordStore(() => ({ UnprocessedItems: {} }));
    await bulk.forget('01JBULK');
    const requests = Object.values(store.commands[0].input.RequestItems as Record<string, unknown[]>)[0];
    expect(requests).toEqual([{ DeleteRequest: { Key: { pk: 'BULK#01JBULK', sk: 'BULK' } } }, { DeleteRequest: { Key: { pk: 'BULK#01JBULK', sk: 'INPUT' } } }]);
  });
});
