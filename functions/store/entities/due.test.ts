import { conditionFailed, recordStore } from '../../../test/store-recorder';
import * as due from './due';

let store: ReturnType<typeof recordStore>;
// Stopped after each test, passed or not: a recorder left on would answer the next test's commands.
afterEach(() => store?.stop());

describe('due index', () => {
  it('reads one kind\'s entries due by now, oldest first, within the limit', async () => {
    store = recordStore(() => ({
      Items: [{ pk: 'CASE#c1', sk: 'CASE', gsi3pk: 'SUBMISSION_SWEEP_DUE', gsi3sk: '2026-11-01T00:00:00.000Z#c1', id: 'c1', submissionAttempt: 2 }],
    }));
    const entries = await due.listDue('SUBMISSION_SWEEP', '2026-11-28T00:00:00.000Z', 200);
    expect(store.commands).toHaveLength(1);
    expect(store.commands[0]).toMatchObject({
      name: 'Query',
      input: {
        IndexName: 'gsi3',
        KeyConditionExpression: '#k0 = :k0 AND #k1 <= :k1',
        ExpressionAttributeNames: { '#k0': 'gsi3pk', '#k1': 'gsi3sk' },
        ExpressionAttributeValues: { ':k0': 'SUBMISSION_SWEEP_DUE', ':k1': '2026-11-28T00:00:00.000Z#~' },
        Limit: 200,
      },
    });
    expect(store.commands[0].input.ScanIndexForward).toBeUndefined();
    expect(entries).toEqual([
      { key: { pk: 'CASE#c1', sk: 'CASE' }, dueSk: '2026-11-01T00:00:00.000Z#c1', item: { id: 'c1', submissionAttempt: 2 } },
    ]);
  });

  it('takes an item out only while it holds the entry read', async () => {
    store = recordStore(() => conditionFailed());
    expect(await due.leave({ key: { pk: 'SEARCH#s1', sk: 'SEARCH' }, dueSk: 'T#s1' })).toBe(false);
    expect(store.commands[0]).toMatchObject({
      name: 'UpdateItem',
      input: {
        Key: { pk: 'SEARCH#s1', sk: 'SEARCH' },
        UpdateExpression: 'REMOVE #u0, #u1',
        ConditionExpression: '#u1 = :u0',
        ExpressionAttributeNames: { '#u0': 'gsi3pk', '#u1': 'gsi3sk' },
        ExpressionAttributeValues: { ':u0': 'T#s1' },
      },
    });
  });
});
