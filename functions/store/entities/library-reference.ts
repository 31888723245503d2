import * as z from 'zod';
import { keys } from '../keys';
import { Cond, countPartition, deleteItemIf, getItem, putItemIf, query, updateItemIf, withoutKeys, type Item } from '../table';

/**
 * A file of the creator's reference library (issue 26): `USER#<userId> / LIBREF#<ulid>`, the object in the uploads
 * bucket at `key`. Scans and monitors that use it store its id and key as their reference (the file is stored
 * once); the title and the date the work was first published describe the work in notices.
 */
export const LIBRARY_REFERENCE = 'LIBRARY_REFERENCE';

const itemSchema = z.object({
  v: z.literal(1).default(1),
  id: z.string(),
  userId: z.string(),
  /** Object key in the uploads bucket (`references/<userId>/library/<id>.<ext>`). */
  key: z.string(),
  filename: z.string(),
  mediaType: z.string(),
  kind: z.enum(['image', 'video']),
  size: z.number().int().nonnegative(),
  title: z.string(),
  publishedOn: z.string().nullish(),
  createdAt: z.string(),
});
export type LibraryReferenceRecord = Omit<z.infer<typeof itemSchema>, 'v' | 'publishedOn'> & { publishedOn: string | null };

export function toItem(r: LibraryReferenceRecord): Item {
  return { ...keys.libraryReference(r.userId, r.id), entity: LIBRARY_REFERENCE, v: 1, ...r };
}

export function fromItem(item: Item): LibraryReferenceRecord {
  const { v: _v, publishedOn, ...r } = itemSchema.parse(withoutKeys(item));
  return { ...r, publishedOn: publishedOn ?? null };
}

export async function get(userId: string, id: string): Promise<LibraryReferenceRecord | undefined> {
  const item = await getItem(keys.libraryReference(userId, id));
  return item && fromItem(item);
}

/** The creator's library, newest first (ids are ULIDs). */
export async function list(userId: string, limit: number): Promise<LibraryReferenceRecord[]> {
  const items = await query({ partition: keys.userPartition(userId), sortBeginsWith: keys.libraryReferencePrefix, descending: true, limit });
  return items.map(fromItem);
}

export function count(userId: string): Promise<number> {
  return countPartition({ partition: keys.userPartition(userId), sortBeginsWith: keys.libraryReferencePrefix });
}

/** Writes a new file's record; false when the id is taken. */
export function create(r: LibraryReferenceRecord): Promise<boolean> {
  return putItemIf(toItem(r), Cond.notExists());
}

/** Changes the title and/or date of an existing file; undefined when it does not exist. */
export async function update(userId: string, id: string, changes: { title?: string; publishedOn?: string | null }): Promise<LibraryReferenceRecord | undefined> {
  const set: Item = {};
  if (changes.title !== undefined) set.title = changes.title;
  if (changes.publishedOn !== undefined) set.publishedOn = changes.publishedOn;
  const item = await updateItemIf(keys.libraryReference(userId, id), { set }, Cond.exists());
  return item && fromItem(item);
}

/**
 * Deletes the records of the files stored under `folder` (a scan's or a monitor's folder, for files put into the
 * library from before it existed) when that folder is deleted; returns how many. The library holds at most a few
 * hundred records, so one listing finds them.
 */
export async function removeUnder(userId: string, folder: string, max: number): Promise<number> {
  let n = 0;
  for (const r of await list(userId, max)) if (r.key.startsWith(folder) && (await remove(userId, r.id))) n++;
  return n;
}

/** Deletes the record; false when it was already gone. */
export function remove(userId: string, id: string): Promise<boolean> {
  return deleteItemIf(keys.libraryReference(userId, id), Cond.exists());
}
