import * as z from 'zod';
import { keys } from '../keys';
import { Cond, getItem, putItemIf, withoutKeys, type Item } from '../table';

/**
 * A one-off data migration's progress (`MIGRATION#<name> / MIGRATION`): where the walk is (`after`, an opaque
 * cursor of the listing it walks), its counts so far and whether it is done. Written whole, conditionally on the
 * revision read, so two runners never both record a step (the loser's work is idempotent and counted next time).
 */
export const MIGRATION = 'MIGRATION';

const itemSchema = z.object({
  v: z.literal(1).default(1),
  name: z.string(),
  rev: z.number().int().nonnegative(),
  done: z.boolean(),
  after: z.string().optional(),
  counts: z.record(z.string(), z.number()),
  startedAt: z.string(),
  updatedAt: z.string(),
});
export type MigrationRecord = Omit<z.infer<typeof itemSchema>, 'v'>;

export function toItem(r: MigrationRecord): Item {
  return { ...keys.migration(r.name), entity: MIGRATION, v: 1, ...r };
}

export function fromItem(item: Item): MigrationRecord {
  const { v: _v, ...r } = itemSchema.parse(withoutKeys(item));
  return r;
}

/** The migration's progress (revision 0, not started, when it has never run). */
export async function get(name: string, now: string): Promise<MigrationRecord> {
  const item = await getItem(keys.migration(name), { consistent: true });
  return item ? fromItem(item) : { name, rev: 0, done: false, counts: {}, startedAt: now, updatedAt: now };
}

/** Records the next step as revision `read.rev + 1` if the stored one is still `read.rev`; false otherwise. */
export function advance(read: MigrationRecord, next: Omit<MigrationRecord, 'name' | 'rev' | 'startedAt'>): Promise<boolean> {
  const { after: _after, ...rest } = read;
  return putItemIf(toItem({ ...rest, ...next, rev: read.rev + 1 }), read.rev === 0 ? Cond.notExists() : Cond.eq('rev', read.rev));
}
