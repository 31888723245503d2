import { conditionFailed, recordStore } from '../../../test/store-recorder';
import * as buckets from './rate-bucket';

const rule = { capacity: 2, refillPerSecond: 1 / 60 };

describe('rate bucket entity', () => {
  it('refills for the time passed, never above capacity', () => {
    expect(buckets.refilled(undefined, rule, 0)).toBe(2);
    expect(buckets.refilled({ tokens: 0, atMs: 0, seq: 1 }, rule, 30_000)).toBeCloseTo(0.5);
    expect(buckets.refilled({ tokens: 1, atMs: 0, seq: 1 }, rule, 600_000)).toBe(2);
  });

  it('takes a token from a new bucket with a put that requires none to exist', async () => {
    const store = recordStore(({ name }) => (name === 'GetItem' ? {} : {}));
    expect(await buckets.take('u1', rule, 1_000_000)).toEqual({ taken: true, left: 1 });
    expect(store.commands[1]!.input).toMatchObject({
      Item: { pk: 'USER#u1', sk: 'RATE#bucket', tokens: 1, atMs: 1_000_000, seq: 1, expiresAt: 1000 + 3600 },
      ConditionExpression: 'attribute_not_exists(#c0)',
    });
    store.stop();
  });

  it('writes conditionally on the sequence read, reading again when another request won', async () => {
    let puts = 0;
    const store = recordStore(({ name }) => {
      if (name === 'GetItem') return { Item: buckets.toItem('u1', { tokens: 1.5, atMs: 0, seq: 7 + puts }) };
      puts++;
      return puts === 1 ? conditionFailed() : {};
    });
    expect(await buckets.take('u1', rule, 0)).toEqual({ taken: true, left: 0.5 });
    expect(store.commands.filter((c) => c.name === 'PutItem').map((c) => c.input.ExpressionAttributeValues)).toEqual([{ ':c0': 7 }, { ':c0': 8 }]);
    store.stop();
  });

  it('refuses an empty bucket, saying when a token is back, without a write', async () => {
    const store = recordStore(() => ({ Item: buckets.toItem('u1', { tokens: 0.25, atMs: 0, seq: 3 }) }));
    expect(await buckets.take('u1', rule, 0)).toEqual({ taken: false, retryAfterSeconds: 45 });
    expect(store.commands.map((c) => c.name)).toEqual(['GetItem']);
    store.stop();
  });
});
