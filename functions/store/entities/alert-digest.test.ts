import { conditionFailed, recordStore } from '../../../test/store-recorder';
import * as digests from './alert-digest';

const digest = { userId: 'u1', dueAt: '2026-11-29T00:00:00.000Z' };
/** The item as the alerts service wrote it before items carried a version. */
const oldItem = { pk: 'USER#u1', sk: 'ALERT_DIGEST', gsi3pk: 'DIGEST_DUE', gsi3sk: '2026-11-29T00:00:00.000Z#u1', entity: 'ALERT_DIGEST', ...digest };

describe('alert digest entity', () => {
  let store: ReturnType<typeof recordStore>;
  afterEach(() => store?.stop());

  it('stores a digest in the due index and reads it back, also without a version', () => {
    expect(digests.toItem(digest)).toEqual({ ...oldItem, v: 1 });
    expect(digests.fromItem(digests.toItem(digest))).toEqual(digest);
    expect(digests.fromItem(oldItem)).toEqual(digest);
  });

  it('schedules one digest per user: a pending one is kept', async () => {
    store = recordStore(() => conditionFailed());
    expect(await digests.schedule(digest)).toBe(false);
    expect(store.commands[0]).toMatchObject({ name: 'PutItem', input: { Item: { ...oldItem, v: 1 }, ConditionExpression: 'attribute_not_exists(#c0)' } });
  });

  it('reads the digests due now from the sparse due index', async () => {
    store = recordStore(() => ({ Items: [oldItem] }));
    expect(await digests.due('2026-11-29T00:00:00.000Z', 25)).toEqual([digest]);
    expect(store.commands[0]!.input).toMatchObject({
      IndexName: 'gsi3',
      KeyConditionExpression: '#k0 = :k0 AND #k1 <= :k1',
      ExpressionAttributeValues: { ':k0': 'DIGEST_DUE', ':k1': '2026-11-29T00:00:00.000Z#~' },
      Limit: 25,
    });
  });

  it('claims a digest by deleting it while it is the one read', async () => {
    store = recordStore();
    expect(await digests.claim(digest)).toBe(true);
    expect(store.commands[0]).toMatchObject({
      name: 'DeleteItem',
      input: { Key: { pk: 'USER#u1', sk: 'ALERT_DIGEST' }, ConditionExpression: '#c0 = :c0', ExpressionAttributeNames: { '#c0': 'gsi3sk' }, ExpressionAttributeValues: { ':c0': '2026-11-29T00:00:00.000Z#u1' } },
    });
  });
});
