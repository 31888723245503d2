import { conditionFailed, recordStore } from '../../test/store-recorder';
import * as counter from './counters';

const ref = { key: { pk: 'USER#u', sk: 'USAGE#2026-11' }, attribute: 'allowanceScans', set: { userId: 'u' } };

describe('counter.take', () => {
  let store: ReturnType<typeof recordStore>;
  afterEach(() => store.stop());

  it('adds within the limit in one conditional UpdateItem', async () => {
    store = recordStore();
    expect(await counter.take(ref, 3, 2)).toEqual({ taken: true });
    expect(store.commands).toHaveLength(1);
    expect(store.commands[0]).toMatchObject({
      name: 'UpdateItem',
      input: {
        UpdateExpression: 'SET #u0 = :u0 ADD #u1 :u1',
        ConditionExpression: '(attribute_not_exists(#u1)) OR (#u1 <= :u2)',
        ExpressionAttributeNames: { '#u0': 'userId', '#u1': 'allowanceScans' },
        ExpressionAttributeValues: { ':u0': 'u', ':u1': 2, ':u2': 1 },
      },
    });
  });

  it('answers a refusal with the count in use, having written nothing', async () => {
    store = recordStore((c) => (c.name === 'UpdateItem' ? conditionFailed() : { Item: { allowanceScans: 3 } }));
    expect(await counter.take(ref, 3)).toEqual({ taken: false, used: 3 });
    expect(store.commands.map((c) => c.name)).toEqual(['UpdateItem', 'GetItem']);
  });

  it('refuses more than the whole limit without trying', async () => {
    store = recordStore(() => ({ Item: undefined }));
    expect(await counter.take(ref, 3, 4)).toEqual({ taken: false, used: 0 });
    expect(store.commands.map((c) => c.name)).toEqual(['GetItem']);
  });

  it('counts without a condition when unlimited', async () => {
    store = recordStore();
    await counter.take(ref, null);
    expect(store.commands[0].input.ConditionExpression).toBeUndefined();
  });
});

describe('counter.give and windows', () => {
  it('gives back only what is there', async () => {
    const store = recordStore(() => conditionFailed());
    await expect(counter.give(ref, 2)).resolves.toBeUndefined();
    expect(store.commands[0].input).toMatchObject({ UpdateExpression: 'ADD #u0 :u0', ConditionExpression: '#u0 >= :u1', ExpressionAttributeValues: { ':u0': -2, ':u1': 2 } });
    store.stop();
  });

  it('aligns windows to the epoch and keeps their items a minute past the end', () => {
    const hour = counter.windowAt(3600, new Date('2026-11-28T14:00:00Z'));
    expect(counter.windowAt(3600, new Date('2026-11-28T14:59:59Z'))).toEqual(hour);
    expect(Number(counter.windowAt(3600, new Date('2026-11-28T15:00:00Z')).id)).toBe(Number(hour.id) + 1);
    expect(hour.ttl).toBe(Date.parse('2026-11-28T15:01:00Z') / 1000);
  });
});
