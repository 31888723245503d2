import { recordStore, type RecordedCommand } from '../../../test/store-recorder';
import { OWNED_TYPES, deleteUserItems, userItems } from './user-data';

/*
 * A user's items are found through their partition, their gsi1 listings and the children of those (issue 27),
 * never by a Scan; children are deleted before their parents and the profile last.
 */

const U = 'u1';
const values = (c: RecordedCommand) => Object.values((c.input.ExpressionAttributeValues ?? {}) as Record<string, unknown>);

/** A small account: one visit with an event, one monitor with its seen-images item, a profile and a counter. */
function respond(c: RecordedCommand) {
  if (c.name !== 'Query') return {};
  const [partition] = values(c);
  const items: Record<string, Record<string, unknown>[]> = {
    [`USER#${U}#VISIT`]: [{ pk: `VISIT#${U}#s1`, sk: 'VISIT', userId: U, sessionId: 's1' }],
    [`VISIT#${U}#s1#EVENT`]: [{ pk: 'EVENT#e1', sk: 'EVENT', userId: U }],
    [`USER#${U}#MONITOR`]: [{ pk: 'MONITOR#m1', sk: 'MONITOR', userId: U }],
    'MONITOR#m1': [
      { pk: 'MONITOR#m1', sk: 'MONITOR', userId: U },
      { pk: 'MONITOR#m1', sk: 'SEEN_IMAGES', userId: U },
    ],
    [`USER#${U}`]: [
      { pk: `USER#${U}`, sk: 'PROFILE', userId: U },
      { pk: `USER#${U}`, sk: 'COUNTERS' },
      { pk: `USER#${U}`, sk: 'RATE#chat#2026-01-01T10' },
    ],
  };
  return { Items: items[partition as string] ?? [] };
}

describe('user data', () => {
  it('lists every type on gsi1, children before parents, and the user partition last with the profile at the end', async () => {
    const store = recordStore(respond);
    const found: string[] = [];
    for await (const { item } of userItems(U)) found.push(`${item.pk as string}/${item.sk as string}`);
    store.stop();
    expect(found).toEqual([
      'MONITOR#m1/SEEN_IMAGES',
      'MONITOR#m1/MONITOR',
      'EVENT#e1/EVENT',
      `VISIT#${U}#s1/VISIT`,
      `USER#${U}/COUNTERS`,
      `USER#${U}/RATE#chat#2026-01-01T10`,
      `USER#${U}/PROFILE`,
    ]);
    // One gsi1 Query per owned type, never a Scan.
    const gsi1 = store.commands.filter((c) => c.name === 'Query' && c.input.IndexName === 'gsi1').map((c) => values(c)[0]);
    expect(gsi1).toEqual(OWNED_TYPES.map((t) => `USER#${U}#${t}`));
    expect(store.commands.some((c) => c.name === 'Scan')).toBe(false);
  });

  it('deletes in batches up to the limit and says when more are left', async () => {
    const store = recordStore(respond);
    expect(await deleteUserItems(U, 3)).toEqual({ deleted: 3, more: true });
    const writes = store.commands.filter((c) => c.name === 'BatchWriteItem');
    const deleted = writes.flatMap((c) => Object.values(c.input.RequestItems as Record<string, { DeleteRequest: { Key: { pk: string; sk: string } } }[]>)[0]!.map((r) => r.DeleteRequest.Key));
    expect(deleted).toEqual([
      { pk: 'MONITOR#m1', sk: 'SEEN_IMAGES' },
      { pk: 'MONITOR#m1', sk: 'MONITOR' },
      { pk: 'EVENT#e1', sk: 'EVENT' },
    ]);
    store.stop();
    const all = recordStore(respond);
    expect(await deleteUserItems(U, 100)).toEqual({ deleted: 7, more: false });
    all.stop();
  });
});
