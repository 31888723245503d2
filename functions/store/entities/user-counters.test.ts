import { conditionFailed, recordStore } from '../../../test/store-recorder';
import { tableName } from '../table';
import * as userCounters from './user-counters';

const counts = { activeViolations: 3, resolvedCases: 1, dmcaSent: 2, pendingReview: 0, searches: 9, dmcaCases: 2, totalSpentCents: 9000 };
const record = { userId: 'u1', counts, activeMonth: '2026-11', reached: { scanned: '2026-10-01T00:00:00.000Z', paid: '2026-11-02T00:00:00.000Z' } };

describe('user counters entity', () => {
  let store: ReturnType<typeof recordStore>;
  afterEach(() => store?.stop());

  it("stores a user's counters and flags on one item and reads them back", () => {
    const item = userCounters.toItem(record);
    expect(item).toMatchObject({ pk: 'USER#u1', sk: 'COUNTERS', v: 1, userId: 'u1', dmcaSent: 2, activeMonth: '2026-11', 'reached:paid': '2026-11-02T00:00:00.000Z' });
    expect(userCounters.fromItem(item)).toEqual(record);
  });

  it('reads items written before versions, with absent numbers as 0', () => {
    expect(userCounters.fromItem({ pk: 'USER#u1', sk: 'COUNTERS', userId: 'u1', pendingReview: -1 })).toEqual({
      userId: 'u1',
      counts: { activeViolations: 0, resolvedCases: 0, dmcaSent: 0, pendingReview: -1, searches: 0, dmcaCases: 0, totalSpentCents: 0 },
      reached: {},
    });
    expect(() => userCounters.fromItem({ pendingReview: 1 })).toThrow();
  });

  it('ADDs in one UpdateItem, labelled with the owner', async () => {
    store = recordStore();
    await userCounters.add('u1', { pendingReview: 2, activeViolations: -1, dmcaSent: 0 });
    await userCounters.add('u1', {});
    expect(store.commands).toHaveLength(1);
    expect(store.commands[0]!.input).toMatchObject({
      Key: { pk: 'USER#u1', sk: 'COUNTERS' },
      UpdateExpression: 'SET #u0 = :u0, #u1 = :u1 ADD #u2 :u2, #u3 :u3',
      ExpressionAttributeNames: { '#u0': 'v', '#u1': 'userId', '#u2': 'pendingReview', '#u3': 'activeViolations' },
      ExpressionAttributeValues: { ':u2': 2, ':u3': -1 },
    });
  });

  it('marks a funnel stage only while it is unset', async () => {
    store = recordStore(() => conditionFailed());
    expect(await userCounters.markReached('u1', 'reviewed', '2026-11-28T00:00:00.000Z')).toBe(false);
    expect(store.commands[0]!.input).toMatchObject({
      UpdateExpression: 'SET #u0 = :u0, #u1 = :u1, #u2 = :u2',
      ConditionExpression: 'attribute_not_exists(#u2)',
      ExpressionAttributeNames: { '#u2': 'reached:reviewed' },
      ExpressionAttributeValues: { ':u2': '2026-11-28T00:00:00.000Z' },
    });
  });

  it('marks the month active, with the plan, only when another month (or none) is marked', async () => {
    store = recordStore();
    expect(await userCounters.markActive('u1', '2026-11', 'pro')).toBe(true);
    expect(store.commands[0]!.input).toMatchObject({
      ConditionExpression: '(attribute_not_exists(#u2)) OR (#u2 <> :u4)',
      ExpressionAttributeNames: { '#u2': 'activeMonth', '#u3': 'activePlan' },
      ExpressionAttributeValues: { ':u2': '2026-11', ':u3': 'pro', ':u4': '2026-11' },
    });
  });

  it("moves the month's activity to another plan only from the plan counted", async () => {
    store = recordStore(() => conditionFailed());
    expect(await userCounters.moveActivePlan('u1', '2026-11', 'trial', 'pro')).toBe(false);
    expect(store.commands[0]!.input).toMatchObject({
      UpdateExpression: 'SET #u0 = :u0',
      ConditionExpression: '(#u1 = :u1) AND (#u0 = :u2)',
      ExpressionAttributeNames: { '#u0': 'activePlan', '#u1': 'activeMonth' },
      ExpressionAttributeValues: { ':u0': 'pro', ':u1': '2026-11', ':u2': 'trial' },
    });
    store.stop();
    store = recordStore();
    expect(await userCounters.moveActivePlan('u1', '2026-11', undefined, 'pro')).toBe(true);
    expect(store.commands[0]!.input).toMatchObject({ ConditionExpression: '(#u1 = :u1) AND (attribute_not_exists(#u0))' });
  });

  it("reads many users' totals in one BatchGetItem, a drift below zero as zero", async () => {
    store = recordStore(() => ({ Responses: { [tableName()]: [{ pk: 'USER#u1', sk: 'COUNTERS', userId: 'u1', searches: 2, totalSpentCents: -5, pendingReview: 4 }] } }));
    const totals = await userCounters.readTotals(['u1', 'u2', 'u1']);
    expect(store.commands[0]!.input.RequestItems).toEqual({ [tableName()]: { Keys: [{ pk: 'USER#u1', sk: 'COUNTERS' }, { pk: 'USER#u2', sk: 'COUNTERS' }] } });
    expect(totals).toEqual(new Map([['u1', { searches: 2, dmcaCases: 0, totalSpentCents: 0 }]]));
  });

  it('reads one user consistently', async () => {
    store = recordStore(() => ({}));
    expect(await userCounters.read('u1')).toBeUndefined();
    expect(store.commands[0]).toMatchObject({ name: 'GetItem', input: { Key: { pk: 'USER#u1', sk: 'COUNTERS' }, ConsistentRead: true } });
  });
});
