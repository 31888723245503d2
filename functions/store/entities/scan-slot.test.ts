import { conditionFailed, recordStore } from '../../../test/store-recorder';
import * as slots from './scan-slot';

const slot = { userId: 'u1', searchId: 'S2', takenAt: '2026-11-28T00:00:00.000Z', leaseUntil: 1_795_000_600, expiresAt: 1_795_086_400 };

describe('scan slot entity', () => {
  it('stores the lease on the user\'s slot item and reads it back', () => {
    const item = slots.toItem(slot);
    expect(item).toEqual({ pk: 'USER#u1', sk: 'SCAN_SLOT', v: 1, ...slot });
    expect(slots.fromItem(item)).toEqual(slot);
  });

  it('reads items written before versions were stored', () => {
    expect(slots.fromItem({ pk: 'USER#u1', sk: 'SCAN_SLOT', ...slot })).toEqual(slot);
  });

  it('reads the slot consistently', async () => {
    const store = recordStore(() => ({ Item: slots.toItem(slot) }));
    expect(await slots.get('u1')).toEqual(slot);
    expect(store.commands[0]).toMatchObject({ name: 'GetItem', input: { Key: { pk: 'USER#u1', sk: 'SCAN_SLOT' }, ConsistentRead: true } });
    store.stop();
  });

  it('claims only a free slot', async () => {
    const store = recordStore(() => conditionFailed());
    expect(await slots.claim(slot)).toBe(false);
    expect(store.commands[0]).toMatchObject({
      name: 'PutItem',
      input: { Item: { pk: 'USER#u1', sk: 'SCAN_SLOT', searchId: 'S2', expiresAt: 1_795_086_400 }, ConditionExpression: 'attribute_not_exists(#c0)', ExpressionAttributeNames: { '#c0': 'pk' } },
    });
    store.stop();
  });

  it('takes over a slot only while it names the holder read', async () => {
    const store = recordStore();
    expect(await slots.takeOver(slot, 'S1')).toBe(true);
    expect(store.commands[0]!.input).toMatchObject({
      Item: { pk: 'USER#u1', sk: 'SCAN_SLOT', searchId: 'S2' },
      ConditionExpression: '#c0 = :c0',
      ExpressionAttributeNames: { '#c0': 'searchId' },
      ExpressionAttributeValues: { ':c0': 'S1' },
    });
    store.stop();
  });

  it('releases the slot only for the search holding it', async () => {
    const store = recordStore(() => conditionFailed());
    expect(await slots.release('u1', 'S1')).toBe(false);
    expect(store.commands[0]).toMatchObject({
      name: 'DeleteItem',
      input: { Key: { pk: 'USER#u1', sk: 'SCAN_SLOT' }, ConditionExpression: '#c0 = :c0', ExpressionAttributeValues: { ':c0': 'S1' } },
    });
    store.stop();
  });
});
