import { recordStore } from '../../../test/store-recorder';
import * as seenImages from './seen-images';

const a = 'a'.repeat(64);
const b = 'b'.repeat(64);

describe('seen images entity', () => {
  it('stores a monitor\'s fingerprints on its one item and reads them back', () => {
    const item = seenImages.toItem({ monitorId: 'M1', userId: 'u1', hashes: [a, b] });
    expect(item).toEqual({ pk: 'MONITOR#M1', sk: 'SEEN_IMAGES', entity: 'MONITOR_SEEN_IMAGES', v: 1, monitorId: 'M1', userId: 'u1', hashes: [a, b] });
    expect(seenImages.fromItem(item)).toEqual({ monitorId: 'M1', userId: 'u1', hashes: [a, b] });
  });

  it('reads items written before versions were stored', () => {
    expect(seenImages.fromItem({ pk: 'MONITOR#M1', sk: 'SEEN_IMAGES', entity: 'MONITOR_SEEN_IMAGES', monitorId: 'M1', userId: null, hashes: [a] })).toEqual({
      monitorId: 'M1',
      userId: null,
      hashes: [a],
    });
  });

  it('reads the fingerprints consistently, skipping what is not one, and none for a monitor without the item', async () => {
    const store = recordStore((c) => (c.input.Key as { pk: string }).pk === 'MONITOR#M1' ? { Item: seenImages.toItem({ monitorId: 'M1', userId: 'u1', hashes: [a, 'not-a-hash', b] }) } : {});
    expect(await seenImages.read('M1')).toEqual([a, b]);
    expect(await seenImages.read('M2')).toEqual([]);
    expect(store.commands[0]).toMatchObject({ name: 'GetItem', input: { Key: { pk: 'MONITOR#M1', sk: 'SEEN_IMAGES' }, ConsistentRead: true } });
    store.stop();
  });

  it('replaces the fingerprints with one update that creates the item', async () => {
    const store = recordStore();
    await seenImages.remember({ monitorId: 'M1', userId: 'u1', hashes: [a] });
    expect(store.commands[0]).toMatchObject({ name: 'UpdateItem', input: { Key: { pk: 'MONITOR#M1', sk: 'SEEN_IMAGES' } } });
    expect(store.commands[0]!.input).not.toHaveProperty('ConditionExpression');
    const { ExpressionAttributeNames: names, ExpressionAttributeValues: values } = store.commands[0]!.input as { ExpressionAttributeNames: Record<string, string>; ExpressionAttributeValues: Record<string, unknown> };
    const set = Object.fromEntries(Object.entries(names).map(([n, attr]) => [attr, values[n.replace('#', ':')]]));
    expect(set).toEqual({ entity: 'MONITOR_SEEN_IMAGES', v: 1, monitorId: 'M1', userId: 'u1', hashes: [a] });
    store.stop();
  });

  it('forgets a monitor\'s fingerprints', async () => {
    const store = recordStore();
    await seenImages.forget('M1');
    expect(store.commands[0]).toMatchObject({ name: 'DeleteItem', input: { Key: { pk: 'MONITOR#M1', sk: 'SEEN_IMAGES' } } });
    store.stop();
  });
});
