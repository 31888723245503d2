import * as z from 'zod';
import { keys } from '../keys';
import { Cond, getItem, putItemIf, withoutKeys, type Item } from '../table';

/**
 * The mark that a creator's reference files stored before the library existed (with scans and monitors, under
 * `references/<userId>/<searchId>/` and `.../monitors/<monitorId>/`) have been put into their library (issue 26):
 * `USER#<userId> / LIBREF_BACKFILL`, written once after the pass (services/library-backfill.ts). Until it exists
 * the pass runs again; the pass itself is idempotent (each file's library record is a conditional put).
 */
export const LIBRARY_BACKFILL = 'LIBRARY_BACKFILL';

const itemSchema = z.object({
  v: z.literal(1).default(1),
  userId: z.string(),
  /** Files put into the library by the pass. */
  added: z.number().int().nonnegative(),
  /** Files left out because the library was full (the newest are taken first). */
  leftOut: z.number().int().nonnegative(),
  doneAt: z.string(),
});
export type LibraryBackfillRecord = Omit<z.infer<typeof itemSchema>, 'v'>;

export function toItem(r: LibraryBackfillRecord): Item {
  return { ...keys.libraryBackfill(r.userId), entity: LIBRARY_BACKFILL, v: 1, ...r };
}

export function fromItem(item: Item): LibraryBackfillRecord {
  const { v: _v, ...r } = itemSchema.parse(withoutKeys(item));
  return r;
}

/** The mark, or undefined while the pass has not finished for this creator. */
export async function get(userId: string): Promise<LibraryBackfillRecord | undefined> {
  const item = await getItem(keys.libraryBackfill(userId));
  return item && fromItem(item);
}

/** Records the finished pass; false when another pass recorded it first. */
export function markDone(r: LibraryBackfillRecord): Promise<boolean> {
  return putItemIf(toItem(r), Cond.notExists());
}
