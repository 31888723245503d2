import { deletePrefix } from '../../adapters/s3';
import { config } from '../../lib/config';

/**
 * Where a creator's files live (docs/ARCHITECTURE.md, "Data the creator controls"). Every object of a user is
 * under a prefix that names them, except a scan's intermediate `work/<searchId>/` (expired by lifecycle after 7
 * days, and deleted with the scan):
 *
 * - uploads bucket: `references/<userId>/<searchId>/...` (a scan's reference files),
 *   `references/<userId>/monitors/<monitorId>/...` (a monitor's files and fingerprints),
 *   `evidence/<userId>/<searchId>/...` (matched pictures kept as evidence), `exports/<userId>/...` (data exports);
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
    { bucket: uploadsBucket, prefix: `exports/${userId}/` },
    { bucket: noticesBucket, prefix: `notices/${userId}/`, versions: true },
  ];
}

/** A scan's own files: its reference uploads, its evidence pictures and its intermediate work. */
export function searchPrefixes(userId: string, searchId: string): FilePrefix[] {
  const { uploadsBucket } = config();
  return [
    { bucket: uploadsBucket, prefix: `references/${userId}/${searchId}/` },
    { bucket: uploadsBucket, prefix: `evidence/${userId}/${searchId}/` },
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

/** Deletes a monitor's files (its reference uploads and fingerprints): called when the monitor is deleted. */
export function deleteMonitorFiles(userId: string, monitorId: string): Promise<number> {
  return deleteFiles([monitorPrefix(userId, monitorId)]);
}
