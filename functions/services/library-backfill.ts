import { createHash } from 'node:crypto';
import { encodeTime, isValid } from 'ulid';
import { MAX_LIBRARY_FILES } from '../../shared/schemas/library';
import { listObjects } from '../adapters/s3';
import { config } from '../lib/config';
import { logger } from '../lib/logger';
import * as backfill from '../store/entities/library-backfill';
import * as library from '../store/entities/library-reference';
import * as monitors from '../store/entities/monitor';
import * as searches from '../store/entities/search';
import { titleFromFilename } from './references';

/*
 * Files uploaded before the reference library existed (issue 26): scans and monitors stored their reference files
 * in their own folders (`references/<userId>/<searchId>/<id>.<ext>`, `references/<userId>/monitors/<monitorId>/...`)
 * and the library did not hold them. The first time a creator's library is read, this pass puts them in it, once:
 *
 * - candidates are the references of the creator's monitors, then of their newest scans (monitor runs included);
 *   files already in the library (its own keys, or a record with the same key) are skipped;
 * - a file whose object is gone (its scan deleted) is skipped; so is a second copy of one file: the same file name
 *   and size as a file already taken or held (before the library, a creator uploaded the same picture to every
 *   scan);
 * - each record keeps the object where it is (no copy) and takes the reference's own id when it is a ULID, so the
 *   notices of those old scans read the title and date the creator gives it in the library; otherwise an id derived
 *   from the key. Records are conditional puts, so two passes at once, or a pass cut short and run again, add
 *   nothing twice;
 * - the library's cap holds: past MAX_LIBRARY_FILES the oldest candidates are left out (counted on the mark);
 * - the mark (`LIBREF_BACKFILL`) is written last; until it exists the next read runs the pass again.
 */

/** The newest scans whose references the pass reads (a bound: the library holds at most MAX_LIBRARY_FILES). */
export const BACKFILL_SCANS = 500;

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A ULID for a file whose reference id is not one: its time, then 16 characters derived from its key. */
function derivedId(key: string, createdAt: string): string {
  const at = Date.parse(createdAt);
  const digest = createHash('sha256').update(key).digest();
  const tail = Array.from(digest.subarray(0, 16), (b) => CROCKFORD[b % 32]).join('');
  return `${encodeTime(Number.isFinite(at) ? at : 0, 10)}${tail}`;
}

interface Candidate {
  id: string;
  key: string;
  filename: string;
  mediaType: string;
  createdAt: string;
}

/**
 * Puts the creator's pre-library reference files into the library, unless that was done before. Returns what it
 * did, or undefined when the mark says it was done already.
 */
export async function backfillLibrary(userId: string, now = new Date()): Promise<backfill.LibraryBackfillRecord | undefined> {
  if (await backfill.get(userId)) return undefined;
  const [own, scans, held] = await Promise.all([monitors.listByOwner(userId), searches.listByOwner(userId, BACKFILL_SCANS), library.list(userId, MAX_LIBRARY_FILES)]);
  const libraryFolder = `references/${userId}/library/`;
  const candidates: Candidate[] = [
    ...own.flatMap((m) => m.references.map((r) => ({ ...r, createdAt: m.createdAt }))),
    ...scans.flatMap((s) => s.references.map((r) => ({ ...r, createdAt: s.createdAt }))),
  ].filter((r) => r.key.startsWith(`references/${userId}/`) && !r.key.startsWith(libraryFolder));

  let added = 0;
  let leftOut = 0;
  if (candidates.length > 0) {
    const sizes = new Map<string, number>();
    for await (const o of listObjects(config().uploadsBucket, `references/${userId}/`)) sizes.set(o.key, o.size);
    const takenKeys = new Set(held.map((r) => r.key));
    const sameFile = (filename: string, size: number) => `${filename}\u0000${size}`;
    const takenFiles = new Set(held.map((r) => sameFile(r.filename, r.size)));
    let room = MAX_LIBRARY_FILES - (await library.count(userId));
    for (const c of candidates) {
      const size = sizes.get(c.key);
      if (size === undefined || takenKeys.has(c.key) || takenFiles.has(sameFile(c.filename, size))) continue;
      takenKeys.add(c.key);
      takenFiles.add(sameFile(c.filename, size));
      if (room <= 0) {
        leftOut++;
        continue;
      }
      const created = await library.create({
        id: isValid(c.id) ? c.id : derivedId(c.key, c.createdAt),
        userId,
        key: c.key,
        filename: c.filename,
        mediaType: c.mediaType,
        kind: c.mediaType.startsWith('video/') ? 'video' : 'image',
        size,
        title: titleFromFilename(c.filename),
        publishedOn: null,
        createdAt: c.createdAt,
      });
      if (created) {
        added++;
        room--;
      }
    }
  }
  const mark = { userId, added, leftOut, doneAt: now.toISOString() };
  await backfill.markDone(mark);
  if (added > 0 || leftOut > 0) logger.info('reference library backfilled', { userId, added, leftOut });
  return mark;
}
