import { recordStore } from '../../../test/store-recorder';
import { tableName } from '../table';
import * as counter from './counter';

describe('counter entity', () => {
  let store: ReturnType<typeof recordStore>;
  afterEach(() => store?.stop());

  it('stores a month item under its counter and reads it back', () => {
    const c = { name: 'searches', period: '2026-11', values: { count: 3, providerCalls: 14, 'plan:pro': 2 } };
    const item = counter.toItem(c);
    expect(item).toEqual({ pk: 'COUNTER#searches', sk: 'MONTH#2026-11', v: 1, name: 'searches', period: '2026-11', count: 3, providerCalls: 14, 'plan:pro': 2 });
    expect(counter.fromItem(item)).toEqual(c);
    expect(counter.toItem({ name: 'engagement', period: '2026-11-28', values: {} })).toMatchObject({ sk: 'DAY#2026-11-28', period: '2026-11-28' });
    expect(counter.toItem({ name: 'users', values: { count: 1 } })).toMatchObject({ sk: 'TOTAL' });
  });

  it('reads items written before versions, and the month label of the sign-up and billing counters', () => {
    const old = { pk: 'COUNTER#signups', sk: 'MONTH#2026-03', name: 'signups', month: '2026-03', count: 4 };
    expect(counter.fromItem(old)).toEqual({ name: 'signups', period: '2026-03', values: { count: 4 } });
    expect(counter.toItem(counter.fromItem(old), 'month')).toEqual({ ...old, v: 1 });
  });

  it('refuses an item without its name', () => {
    expect(() => counter.fromItem({ pk: 'COUNTER#x', sk: 'TOTAL', count: 1 })).toThrow();
  });

  it('ADDs to the TOTAL and the month item of `at`, labelling each, in one UpdateItem each', async () => {
    store = recordStore();
    await counter.add('searches', { count: 1, providerCalls: 7, failed: 0 }, { monthly: true, at: '2026-11-28T10:00:00.000Z' });
    const byKey = Object.fromEntries(store.commands.map((c) => [(c.input.Key as { sk: string }).sk, c]));
    expect(store.commands.map((c) => c.name)).toEqual(['UpdateItem', 'UpdateItem']);
    expect(byKey.TOTAL!.input).toMatchObject({
      Key: { pk: 'COUNTER#searches', sk: 'TOTAL' },
      UpdateExpression: 'SET #u0 = :u0, #u1 = :u1 ADD #u2 :u2, #u3 :u3',
      ExpressionAttributeNames: { '#u0': 'v', '#u1': 'name', '#u2': 'count', '#u3': 'providerCalls' },
      ExpressionAttributeValues: { ':u0': 1, ':u1': 'searches', ':u2': 1, ':u3': 7 },
    });
    expect(byKey['MONTH#2026-11']!.input).toMatchObject({
      UpdateExpression: 'SET #u0 = :u0, #u1 = :u1, #u2 = :u2 ADD #u3 :u3, #u4 :u4',
      ExpressionAttributeNames: { '#u2': 'period' },
      ExpressionAttributeValues: { ':u2': '2026-11' },
    });
    expect(byKey['MONTH#2026-11']!.input.ConditionExpression).toBeUndefined();
  });

  it('bumps only the periods asked for, with the label asked for, and writes nothing for zeros', async () => {
    store = recordStore();
    await counter.bump('signups', 1, { total: false, monthly: true, at: '2026-03-15T00:00:00.000Z', label: 'month' });
    await counter.add('engagement', { sessions: 1 }, { total: false, daily: true, at: '2026-03-15T23:59:00.000Z' });
    await counter.add('mrr', { amountCents: 0 });
    expect(store.commands.map((c) => c.input.Key)).toEqual([
      { pk: 'COUNTER#signups', sk: 'MONTH#2026-03' },
      { pk: 'COUNTER#engagement', sk: 'DAY#2026-03-15' },
    ]);
    expect(Object.values(store.commands[0]!.input.ExpressionAttributeNames as object)).toContain('month');
    expect(Object.values(store.commands[1]!.input.ExpressionAttributeValues as object)).toContain('2026-03-15');
  });

  it('reads totals and a month by name in one BatchGetItem, without the labels', async () => {
    store = recordStore(() => ({
      Responses: { [tableName()]: [{ pk: 'COUNTER#users', sk: 'MONTH#2026-11', name: 'users', period: '2026-11', count: 5, v: 1 }] },
    }));
    const month = await counter.readMonth(['users', 'mrr', 'users'], '2026-11-28T00:00:00.000Z');
    expect(store.commands[0]!.input.RequestItems).toEqual({
      [tableName()]: {
        Keys: [
          { pk: 'COUNTER#users', sk: 'MONTH#2026-11' },
          { pk: 'COUNTER#mrr', sk: 'MONTH#2026-11' },
        ],
      },
    });
    expect(month).toEqual(new Map([['users', { count: 5 }]]));
  });

  it("reads a counter's days in a range with one Query on its partition", async () => {
    store = recordStore(() => ({ Items: [{ pk: 'COUNTER#engagement', sk: 'DAY#2026-11-02', name: 'engagement', period: '2026-11-02', sessions: 2 }] }));
    const days = await counter.readPeriods('engagement', 'day', '2026-11-01', '2026-11-30');
    expect(store.commands[0]!.input).toMatchObject({
      KeyConditionExpression: '#k0 = :k0 AND #k1 BETWEEN :k1 AND :k2',
      ExpressionAttributeNames: { '#k0': 'pk', '#k1': 'sk' },
      ExpressionAttributeValues: { ':k0': 'COUNTER#engagement', ':k1': 'DAY#2026-11-01', ':k2': 'DAY#2026-11-30' },
    });
    expect(days).toEqual(new Map([['2026-11-02', { sessions: 2 }]]));
    expect(counter.sumValues([{ a: 1, b: 2 }, { a: 3 }])).toEqual({ a: 4, b: 2 });
    expect(counter.num({ count: 2 })).toBe(2);
    expect(counter.num(undefined, 'amountCents')).toBe(0);
  });

  it('probes the table with one eventually consistent key read', async () => {
    store = recordStore(() => ({}));
    await counter.probe('health');
    expect(store.commands[0]).toMatchObject({ name: 'GetItem', input: { Key: { pk: 'COUNTER#health', sk: 'TOTAL' }, ProjectionExpression: '#p0' } });
    expect(store.commands[0]!.input.ConsistentRead).toBeUndefined();
  });
});
