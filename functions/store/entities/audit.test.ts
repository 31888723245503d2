import { recordStore } from '../../../test/store-recorder';
import * as audit from './audit';

const entry: audit.AuditRecord = {
  id: '01JAUDIT0000000000000000000',
  at: '2026-11-28T17:00:00.000Z',
  actorId: 'admin-1',
  actorEmail: 'admin@example.test',
  action: 'maintenance',
  summary: 'Turned maintenance mode off',
  before: { enabled: true },
  after: { enabled: false },
};

describe('audit entity', () => {
  it('stores an entry under its id, listed on gsi1 under AUDIT, and reads it back', () => {
    const item = audit.toItem(entry);
    expect(item).toMatchObject({ pk: `AUDIT#${entry.id}`, sk: 'AUDIT', gsi1pk: 'AUDIT', gsi1sk: entry.id, entity: 'AUDIT', v: 1 });
    expect(audit.fromItem(item)).toEqual(entry);
    expect(() => audit.fromItem({ ...item, action: 'delete-everything' })).toThrow();
  });

  it('writes once (a taken id is refused) and lists newest first', async () => {
    const store = recordStore(({ name }) => (name === 'Query' ? { Items: [audit.toItem(entry)] } : {}));
    expect(await audit.create(entry)).toBe(true);
    expect(store.commands[0]!.input).toMatchObject({ ConditionExpression: 'attribute_not_exists(#c0)' });
    expect(await audit.listNewest(5)).toEqual([entry]);
    expect(store.commands[1]!.input).toMatchObject({ IndexName: 'gsi1', ScanIndexForward: false, Limit: 5, ExpressionAttributeValues: { ':k0': 'AUDIT' } });
    store.stop();
  });
});
