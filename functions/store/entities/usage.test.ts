import { conditionFailed, recordStore } from '../../../test/store-recorder';
import * as allowanceCounter from '../counters';
import * as usage from './usage';

const month = { userId: 'u1', period: '2026-11', searches: 2, cases: 1, violations: 7, allowanceScans: 2, allowanceSubmissions: 0 };

describe('usage entity', () => {
  let store: ReturnType<typeof recordStore>;
  afterEach(() => store?.stop());

  it("stores a user's month under the user and reads it back", () => {
    const item = usage.toItem(month);
    expect(item).toMatchObject({ pk: 'USER#u1', sk: 'USAGE#2026-11', v: 1, userId: 'u1', period: '2026-11', allowanceScans: 2 });
    expect(usage.fromItem(item)).toEqual(month);
  });

  it('reads items written before versions, with absent numbers as 0', () => {
    expect(usage.fromItem({ pk: 'USER#u1', sk: 'USAGE#2026-11', userId: 'u1', period: '2026-11', allowanceScans: 1 })).toEqual({
      ...month,
      searches: 0,
      cases: 0,
      violations: 0,
      allowanceScans: 1,
    });
    expect(() => usage.fromItem({ userId: 'u1', period: '2026-11', searches: 'two' })).toThrow();
  });

  it('ADDs figures to the month of `at`, labelled with the owner and the month', async () => {
    store = recordStore();
    await usage.add('u1', { searches: 1, cases: 0 }, '2026-11-30T23:59:59.000Z');
    await usage.add('u1', { violations: 0 });
    expect(store.commands).toHaveLength(1);
    expect(store.commands[0]).toMatchObject({
      name: 'UpdateItem',
      input: {
        Key: { pk: 'USER#u1', sk: 'USAGE#2026-11' },
        UpdateExpression: 'SET #u0 = :u0, #u1 = :u1, #u2 = :u2 ADD #u3 :u3',
        ExpressionAttributeNames: { '#u0': 'v', '#u1': 'userId', '#u2': 'period', '#u3': 'searches' },
        ExpressionAttributeValues: { ':u0': 1, ':u1': 'u1', ':u2': '2026-11', ':u3': 1 },
      },
    });
  });

  it('reads a month consistently, zeros when it has no item', async () => {
    store = recordStore(() => ({}));
    expect(await usage.read('u1', '2026-10-05T00:00:00.000Z')).toEqual({ userId: 'u1', period: '2026-10', searches: 0, cases: 0, violations: 0, allowanceScans: 0, allowanceSubmissions: 0 });
    expect(store.commands[0]).toMatchObject({ name: 'GetItem', input: { Key: { pk: 'USER#u1', sk: 'USAGE#2026-10' }, ConsistentRead: true } });
  });

  it("takes an allowance on the same item, within the plan's limit", async () => {
    store = recordStore((c) => (c.name === 'UpdateItem' ? conditionFailed() : { Item: { allowanceSubmissions: 10 } }));
    const ref = usage.allowanceRef('u1', 'submissions', new Date('2026-11-28T10:00:00.000Z'));
    expect(ref).toEqual({ key: { pk: 'USER#u1', sk: 'USAGE#2026-11' }, attribute: 'allowanceSubmissions', set: { v: 1, userId: 'u1', period: '2026-11' } });
    expect(await allowanceCounter.take(ref, 10)).toEqual({ taken: false, used: 10 });
    expect(store.commands[0]!.input).toMatchObject({
      ConditionExpression: '(attribute_not_exists(#u3)) OR (#u3 <= :u4)',
      ExpressionAttributeNames: { '#u3': 'allowanceSubmissions' },
      ExpressionAttributeValues: { ':u4': 9 },
    });
  });
});
