import { conditionFailed, recordStore } from '../../../test/store-recorder';
import * as ownSites from './own-sites';

const sites = [{ kind: 'site' as const, value: 'jane.example', addedAt: '2026-11-28T00:00:00.000Z' }];

describe('own sites entity', () => {
  it('is one item per user and reads back', () => {
    const item = ownSites.toItem({ userId: 'u1', sites, rev: 2, updatedAt: 't' });
    expect(item).toMatchObject({ pk: 'USER#u1', sk: 'OWN_SITES', entity: 'OWN_SITES', v: 1 });
    expect(ownSites.fromItem(item)).toEqual({ userId: 'u1', sites, rev: 2, updatedAt: 't' });
  });

  it('reads an empty list at revision 0 when nothing was declared', async () => {
    const store = recordStore(() => ({}));
    expect(await ownSites.get('u1')).toEqual({ userId: 'u1', sites: [], rev: 0, updatedAt: '' });
    store.stop();
  });

  it('writes the first list only if none exists, later ones only on the revision read', async () => {
    const store = recordStore(() => conditionFailed());
    expect(await ownSites.replace('u1', sites, 0, 't')).toBe(false);
    expect(await ownSites.replace('u1', sites, 3, 't')).toBe(false);
    expect(store.commands[0]!.input).toMatchObject({ Item: { rev: 1 }, ConditionExpression: 'attribute_not_exists(#c0)' });
    expect(store.commands[1]!.input).toMatchObject({ Item: { rev: 4 }, ConditionExpression: '#c0 = :c0', ExpressionAttributeValues: { ':c0': 3 } });
    store.stop();
  });
});
