import { conditionFailed, recordStore } from '../../../test/store-recorder';
import * as delistings from './delisting';

const at = '2026-11-28T10:00:00.000Z';
const record: delistings.DelistingRecord = {
  id: '01JCASE-google-0',
  caseId: '01JCASE',
  userId: 'u1',
  caseNumber: 'VGL-2026-000042',
  engine: 'google',
  url: 'https://copy.example/a',
  status: 'queued',
  queuedAt: at,
};

let store: ReturnType<typeof recordStore>;
afterEach(() => store?.stop());

describe('delisting request entity', () => {
  it('stores a request under its id, in its engine queue and under its case, and reads it back', () => {
    const item = delistings.toItem(record);
    expect(item).toMatchObject({
      pk: 'DELIST#01JCASE-google-0',
      sk: 'DELIST',
      gsi1pk: 'AGENT_QUEUE#google',
      gsi1sk: `${at}#01JCASE-google-0`,
      gsi2pk: 'CASE#01JCASE#DELIST',
      v: 1,
    });
    expect(delistings.fromItem(item)).toEqual(record);
    expect(() => delistings.fromItem({ ...item, status: 'lost' })).toThrow();
  });

  it('queues a request once', async () => {
    store = recordStore(() => conditionFailed());
    expect(await delistings.create(record)).toBe(false);
    expect(store.commands[0]).toMatchObject({ name: 'PutItem', input: { ConditionExpression: 'attribute_not_exists(#c0)' } });
  });

  it('files only a queued request, and decides only a filed one (or refuses a queued one)', async () => {
    store = recordStore(() => ({ Attributes: { ...delistings.toItem(record), status: 'filed', reference: 'R1', filedBy: 'a', filedAt: at } }));
    expect(await delistings.markFiled(record.id, 'R1', 'a', at)).toMatchObject({ status: 'filed', reference: 'R1' });
    expect(store.commands[0].input).toMatchObject({ ConditionExpression: '#u0 = :u4', ExpressionAttributeNames: { '#u0': 'status' }, ExpressionAttributeValues: { ':u0': 'filed', ':u4': 'queued' } });
    store.stop();
    store = recordStore(() => conditionFailed());
    expect(await delistings.decide(record.id, 'delisted', at)).toBeUndefined();
    expect(store.commands[0].input.ConditionExpression).toMatch(/IN \(:u\d+\)$/);
    expect(await delistings.decide(record.id, 'refused', at, 'no')).toBeUndefined();
    expect(store.commands[1].input.ConditionExpression).toMatch(/IN \(:u\d+, :u\d+\)$/);
  });
});
