import { conditionFailed, recordStore } from '../../../test/store-recorder';
import * as migrations from './migration';

describe('migration entity', () => {
  it('is one item per migration and reads back', () => {
    const r = { name: 'm1', rev: 2, done: false, after: 'x', counts: { created: 3 }, startedAt: 's', updatedAt: 'u' };
    const item = migrations.toItem(r);
    expect(item).toMatchObject({ pk: 'MIGRATION#m1', sk: 'MIGRATION', entity: 'MIGRATION', v: 1 });
    expect(migrations.fromItem(item)).toEqual(r);
  });

  it('reads a migration never run as revision 0, not done', async () => {
    const store = recordStore(() => ({}));
    expect(await migrations.get('m1', 't')).toEqual({ name: 'm1', rev: 0, done: false, counts: {}, startedAt: 't', updatedAt: 't' });
    expect(store.commands[0]!.input).toMatchObject({ ConsistentRead: true });
    store.stop();
  });

  it('records a step only on the revision read: the first as new, later ones on rev', async () => {
    const store = recordStore(() => conditionFailed());
    const fresh = { name: 'm1', rev: 0, done: false, counts: {}, startedAt: 't', updatedAt: 't' };
    expect(await migrations.advance({ ...fresh, rev: 0 }, { done: false, after: 'a', counts: { created: 1 }, updatedAt: 'u' })).toBe(false);
    expect(await migrations.advance({ ...fresh, rev: 4, after: 'a' }, { done: true, counts: { created: 2 }, updatedAt: 'u' })).toBe(false);
    const puts = store.commands.filter((c) => c.name === 'PutItem').map((c) => c.input);
    expect(puts[0]).toMatchObject({ Item: { rev: 1, after: 'a' }, ConditionExpression: 'attribute_not_exists(#c0)' });
    expect(puts[1]).toMatchObject({ Item: { rev: 5, done: true }, ConditionExpression: '#c0 = :c0', ExpressionAttributeValues: { ':c0': 4 } });
    expect(puts[1]!.Item).not.toHaveProperty('after');
    store.stop();
  });
});
