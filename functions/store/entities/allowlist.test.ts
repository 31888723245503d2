import { conditionFailed, recordStore } from '../../../test/store-recorder';
import * as allowlist from './allowlist';

const entry = { id: '01JENTRY', userId: 'u1', domain: 'partner.example', reason: 'fair_use' as const, createdAt: '2026-11-28T00:00:00.000Z' };

describe('allowlist entity', () => {
  it('stores an entry under its id, listed under its owner, and reads it back', () => {
    const item = allowlist.toItem(entry);
    expect(item).toMatchObject({ pk: 'ALLOWLIST#01JENTRY', sk: 'ALLOWLIST', gsi1pk: 'USER#u1#ALLOWLIST', gsi1sk: '01JENTRY', v: 1 });
    expect(allowlist.fromItem(item)).toEqual(entry);
  });

  it('reads items written before versions were stored', () => {
    expect(allowlist.fromItem({ ...entry, pk: 'x', sk: 'y' })).toEqual(entry);
  });

  it('refuses an item that is not an entry', () => {
    expect(() => allowlist.fromItem({ ...entry, reason: 'because' })).toThrow();
  });

  it('deletes only the owner\'s entry', async () => {
    const store = recordStore(() => conditionFailed());
    expect(await allowlist.deleteOwned('u2', entry.id)).toBe(false);
    expect(store.commands[0]).toMatchObject({
      name: 'DeleteItem',
      input: { Key: { pk: 'ALLOWLIST#01JENTRY', sk: 'ALLOWLIST' }, ConditionExpression: '#c0 = :c0', ExpressionAttributeValues: { ':c0': 'u2' } },
    });
    store.stop();
  });

  it('takes over a guard only while it names the dead entry', async () => {
    const store = recordStore();
    expect(await allowlist.takeOverGuard({ userId: 'u1', domain: 'd.example', entryId: 'NEW', createdAt: 't' }, 'DEAD')).toBe(true);
    expect(store.commands[0].input).toMatchObject({
      Item: { pk: 'USER#u1', sk: 'ALLOWLIST_DOMAIN#d.example', entryId: 'NEW' },
      ConditionExpression: '#c0 = :c0',
      ExpressionAttributeValues: { ':c0': 'DEAD' },
    });
    store.stop();
  });
});
