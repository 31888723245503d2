import { conditionFailed, recordStore } from '../../../test/store-recorder';
import * as windows from './source-host-window';

const rule = { perWindow: 3, windowMs: 60_000, minIntervalMs: 200, marginMs: 1_000 };

describe('source host window entity', () => {
  it('lets a burst go at the minimum interval, then holds the next request until the oldest leaves the window', () => {
    let slots: number[] = [];
    const taken: number[] = [];
    for (let i = 0; i < 5; i++) {
      const next = windows.nextSlot(slots, rule, 10_000);
      taken.push(next.at);
      slots = next.slots;
    }
    // Three in the first window, 200 ms apart; the fourth a window (plus the margin) after the first, and so on.
    expect(taken).toEqual([10_000, 10_200, 10_400, 71_000, 71_200]);
    // Only the last `perWindow` times are kept: all the rule looks at.
    expect(slots).toEqual([10_400, 71_000, 71_200]);
    // Times that left the window are dropped; an idle host answers at once.
    expect(windows.nextSlot(slots, rule, 200_000)).toEqual({ at: 200_000, slots: [200_000] });
  });

  it('never puts more than perWindow reserved times in any window, whatever the callers\' clocks say', () => {
    let slots: number[] = [];
    const all: number[] = [];
    // Callers asking at scattered, even decreasing, times (two containers whose clocks differ).
    for (const now of [0, 5, 3, 40_000, 39_000, 61_000, 61_000, 61_500, 62_000, 150_000]) {
      const next = windows.nextSlot(slots, rule, now);
      all.push(next.at);
      slots = next.slots;
    }
    for (let i = 0; i + rule.perWindow < all.length; i++) expect(all[i + rule.perWindow]! - all[i]!).toBeGreaterThanOrEqual(rule.windowMs + rule.marginMs);
    for (let i = 1; i < all.length; i++) expect(all[i]! - all[i - 1]!).toBeGreaterThanOrEqual(rule.minIntervalMs);
  });

  it('reserves on a new window with a put that requires none to exist, expiring an hour after its last time', async () => {
    const store = recordStore(() => ({}));
    expect(await windows.reserve('t.me', rule, 1_000_000)).toBe(1_000_000);
    expect(store.commands.map((c) => c.name)).toEqual(['GetItem', 'PutItem']);
    expect(store.commands[0]!.input).toMatchObject({ Key: { pk: 'SOURCEHOST#t.me', sk: 'WINDOW' }, ConsistentRead: true });
    expect(store.commands[1]!.input).toMatchObject({
      Item: { pk: 'SOURCEHOST#t.me', sk: 'WINDOW', entity: 'SOURCE_HOST_WINDOW', v: 1, host: 't.me', slots: [1_000_000], seq: 1, expiresAt: 1000 + 3600 },
      ConditionExpression: 'attribute_not_exists(#c0)',
    });
    store.stop();
  });

  it('writes on the sequence it read, and reads again when another container won', async () => {
    let puts = 0;
    const store = recordStore(({ name }) => {
      if (name === 'GetItem') return { Item: windows.toItem('t.me', { slots: [1_000, 1_200 + puts * 200], seq: 4 + puts }) };
      puts++;
      return puts === 1 ? conditionFailed() : {};
    });
    // The second read sees the other container's reservation and takes the time after it.
    expect(await windows.reserve('t.me', rule, 1_000)).toBe(1_600);
    expect(store.commands.filter((c) => c.name === 'PutItem').map((c) => c.input.ExpressionAttributeValues)).toEqual([{ ':c0': 4 }, { ':c0': 5 }]);
    store.stop();
  });

  it('gives up, saying so, when the window stays contended', async () => {
    const store = recordStore(({ name }) => (name === 'GetItem' ? { Item: windows.toItem('t.me', { slots: [], seq: 1 }) } : conditionFailed()));
    await expect(windows.reserve('t.me', rule, 0)).rejects.toThrow(/contended beyond 12 attempts/);
    expect(store.commands.filter((c) => c.name === 'PutItem')).toHaveLength(windows.ATTEMPTS);
    store.stop();
  });

  it('reads back what it writes', () => {
    expect(windows.fromItem(windows.toItem('oauth.reddit.com', { slots: [1, 2], seq: 3 }))).toEqual({ host: 'oauth.reddit.com', slots: [1, 2], seq: 3 });
  });
});
