import { MAX_LIBRARY_FILES } from '../../../shared/schemas/library';
import { deleteObject, deletePrefix } from '../../adapters/s3';
import { config } from '../../lib/config';
import * as library from '../../store/entities/library-reference';

/**
 * Where a creator's files live (docs/ARCHITECTURE.md, "Data the creator controls"). Every object of a user is
 * under a prefix that names them, except a scan's intermediate `work/<searchId>/` (expired by lifecycle after 7
 * days, and deleted with the scan):
 *
 * - uploads bucket: `references/<userId>/<searchId>/...` (a scan's reference files),
 *   `references/<userId>/monitors/<monitorId>/...` (a monitor's files and fingerprints),
 *   `evidence/<userId>/<searchId>/...` (matched pictures kept as evidence), `thumbnails/<userId>/<searchId>/...`
 *   (small copies of found pictures the site shows), `exports/<userId>/...` (data exports);
 * - notices bucket (versioned): `notices/<userId>/<caseId>/...` (notice PDFs).
 */
export interface FilePrefix {
  bucket: string;
  prefix: string;
  /** The bucket keeps versions: delete them too. */
  versions?: boolean;
}

/** Every prefix that holds only the user's objects. */
export function userPrefixes(userId: string): FilePrefix[] {
  const { uploadsBucket, noticesBucket } = config();
  return [
    { bucket: uploadsBucket, prefix: `references/${userId}/` },
    { bucket: uploadsBucket, prefix: `evidence/${userId}/` },
    { bucket: uploadsBucket, prefix: `thumbnails/${userId}/` },
    { bucket: uploadsBucket, prefix: `exports/${userId}/` },
    { bucket: noticesBucket, prefix: `notices/${userId}/`, versions: true },
  ];
}

/** A scan's own files: its reference uploads, its evidence pictures and thumbnails, and its intermediate work. */
export function searchPrefixes(userId: string, searchId: string): FilePrefix[] {
  const { uploadsBucket } = config();
  return [
    { bucket: uploadsBucket, prefix: `references/${userId}/${searchId}/` },
    { bucket: uploadsBucket, prefix: `evidence/${userId}/${searchId}/` },
    { bucket: uploadsBucket, prefix: `thumbnails/${userId}/${searchId}/` },
    { bucket: uploadsBucket, prefix: `work/${searchId}/` },
  ];
}

/** A monitor's reference files and the fingerprints its first run kept. */
export function monitorPrefix(userId: string, monitorId: string): FilePrefix {
  return { bucket: config().uploadsBucket, prefix: `references/${userId}/monitors/${monitorId}/` };
}

/** Deletes every object under the prefixes; returns how many objects were deleted. */
export async function deleteFiles(prefixes: FilePrefix[]): Promise<number> {
  let n = 0;
  for (const p of prefixes) n += await deletePrefix(p.bucket, p.prefix, { versions: p.versions });
  return n;
}

/**
 * Deletes a monitor's files (its reference uploads and fingerprints): called when the monitor is deleted. Library
 * records of its files (uploaded before the library existed, services/library-backfill.ts) go with them.
 */
export async function deleteMonitorFiles(userId: string, monitorId: string): Promise<number> {
  const folder = monitorPrefix(userId, monitorId);
  const n = await deleteFiles([folder]);
  await forgetLibraryFilesUnder(userId, folder.prefix);
  return n;
}

/**
 * Deletes the library records of files that lived in a deleted scan's or monitor's folder: files stored before the
 * library existed stay in their folder when the library takes them (services/library-backfill.ts), so deleting
 * the folder deletes them. Files uploaded since are under `references/<userId>/library/` and are not touched.
 */
export function forgetLibraryFilesUnder(userId: string, folder: string): Promise<number> {
  return library.removeUnder(userId, folder, MAX_LIBRARY_FILES);
}

/**
 * Deletes one reference file of `userId` (the seam for issue 26's reference library, and any route that removes a
 * single reference): the object at `key`, which must be under the user's own `references/<userId>/` prefix, and
 * for a monitor's reference also the monitor's fingerprints (derived from all its references; the next run makes
 * them again without the deleted one). Returns the keys deleted. Idempotent: a key already gone deletes nothing
 * new. Throws for a key outside the user's references (a caller's bug, never a user's input to trust).
 */
export async function deleteReferenceObjects(userId: string, key: string): Promise<string[]> {
  const own = `references/${userId}/`;
  if (!key.startsWith(own) || key.endsWith('/') || key.split('/').includes('..')) throw new Error(`not a reference file of user ${userId}: ${key}`);
  const { uploadsBucket } = config();
  const keys = [key];
  const monitor = /^monitors\/([^/]+)\/[^/]+$/.exec(key.slice(own.length));
  if (monitor && !key.endsWith(`/${MONITOR_FINGERPRINTS}`)) keys.push(`${own}monitors/${monitor[1]}/${MONITOR_FINGERPRINTS}`);
  for (const k of keys) await deleteObject(uploadsBucket, k);
  return keys;
}

/** The file a monitor's first run keeps its references' fingerprints in (functions/workflows/search/fingerprint.ts). */
export const MONITOR_FINGERPRINTS = 'fingerprints.json';
