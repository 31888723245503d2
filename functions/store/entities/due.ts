import { keys, type DueKind, type Key } from '../keys';
import { Cond, GSI3, TABLE_KEYS, query, updateItemIf, withoutKeys, type Item } from '../table';

/**
 * The due index (gsi3), for any kind of item: an item is in it only while work on it is due, under
 * `gsi3pk = <KIND>_DUE, gsi3sk = <ISO time>#<id>` (`keys.due`). Each entity writes its own entry with its item;
 * this module reads a kind's due entries and takes an entry out, and names the index attributes for the
 * entities that end an item's entry in one of their own updates.
 */

/** The index attributes an entity REMOVEs to take its item out of the due index. */
export const DUE_ATTRIBUTES: readonly string[] = [GSI3.partitionKey, GSI3.sortKey];

/** The item still holds the due entry `dueSk` (not one written since, say by a later attempt). */
export const stillDue = (dueSk: string): Cond => Cond.eq(GSI3.sortKey, dueSk);

/** One due item as read from the index. */
export interface DueEntry {
  /** The item's key in the table. */
  key: Key;
  /** Its entry's sort value (`<ISO time>#<id>`): a conditional end compares it, so an entry replaced since is left alone. */
  dueSk: string;
  /** The item, without its table and index keys (loosely typed: any kind's item). */
  item: Item;
}

function toEntry(item: Item): DueEntry {
  return {
    key: { pk: item[TABLE_KEYS.partitionKey] as string, sk: item[TABLE_KEYS.sortKey] as string },
    dueSk: item[GSI3.sortKey] as string,
    item: withoutKeys(item),
  };
}

/** The entries of `kind` due at `nowIso` or before, oldest first, at most `limit`: one Query (never a Scan). */
export async function listDue(kind: DueKind, nowIso: string, limit: number): Promise<DueEntry[]> {
  // `#~` sorts after every `#<id>`, so an entry due exactly at `nowIso` is included.
  const items = await query({ index: GSI3.indexName, partition: keys.duePartition(kind), sortAtMost: `${nowIso}#~`, limit });
  return items.map(toEntry);
}

/** Takes an item out of the due index if it still holds the entry read; false when it does not (or is gone). */
export async function leave(entry: Pick<DueEntry, 'key' | 'dueSk'>): Promise<boolean> {
  return !!(await updateItemIf(entry.key, { remove: DUE_ATTRIBUTES }, stillDue(entry.dueSk)));
}
