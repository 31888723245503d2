import { MAX_REFERENCE_FILES } from '../../shared/references';
import { MAX_LIBRARY_FILES, type LibraryReference, type LibraryUpdate } from '../../shared/schemas/library';
import { logger } from '../lib/logger';
import { ConflictError, NotFoundError, ValidationError } from '../lib/errors';
import * as library from '../store/entities/library-reference';
import * as monitors from '../store/entities/monitor';
import { deleteReferenceObjects } from './account-data/files';
import { backfillLibrary } from './library-backfill';
import { storeReferences, type CheckedReference } from './references';
import type { StoredReference } from './search/start-scan';

/*
 * The reference library (issue 26; docs/ARCHITECTURE.md "Issue 26, the rest"). A file is stored once; scans and
 * monitors that use it keep its id and object key as their reference. Uploading with a scan or a monitor adds
 * the files to the library; the library's own upload adds files without a scan.
 */

type MonitorUse = { id: string; name: string };

/** Which monitors use which library file (by the object key the monitor stores). */
async function monitorUses(userId: string): Promise<Map<string, MonitorUse[]>> {
  const uses = new Map<string, MonitorUse[]>();
  for (const m of await monitors.listByOwner(userId)) {
    for (const ref of m.references) uses.set(ref.key, [...(uses.get(ref.key) ?? []), { id: m.id, name: m.name }]);
  }
  return uses;
}

function toDto(r: library.LibraryReferenceRecord, uses: Map<string, MonitorUse[]>): LibraryReference {
  return {
    id: r.id,
    title: r.title,
    publishedOn: r.publishedOn,
    filename: r.filename,
    mediaType: r.mediaType,
    kind: r.kind,
    size: r.size,
    createdAt: r.createdAt,
    monitors: uses.get(r.key) ?? [],
  };
}

/**
 * The creator's library, newest first, each file with the monitors that use it. The first read also puts the files
 * uploaded before the library existed into it (library-backfill.ts); if that fails, the library is listed as it is
 * and the next read tries again.
 */
export async function listLibrary(userId: string): Promise<LibraryReference[]> {
  await backfillLibrary(userId).catch((error: unknown) => logger.error('reference library backfill failed; listing the library as it is', { userId, error: error as Error }));
  const [records, uses] = await Promise.all([library.list(userId, MAX_LIBRARY_FILES), monitorUses(userId)]);
  return records.map((r) => toDto(r, uses));
}

/** Refuses (409 LIBRARY_FULL) files that would take the library past its size. Checked before anything is stored. */
export async function assertLibraryRoom(userId: string, adding: number): Promise<void> {
  if (adding === 0) return;
  const held = await library.count(userId);
  if (held + adding > MAX_LIBRARY_FILES) {
    throw new ConflictError(
      `Your reference library holds ${held} of ${MAX_LIBRARY_FILES} files; delete files you no longer use before adding ${adding === 1 ? 'another' : `${adding} more`}.`,
      'LIBRARY_FULL',
    );
  }
}

/** `POST /api/user/{id}/references`: adds checked files to the library (title and date apply to a single file). */
export async function addToLibrary(userId: string, files: CheckedReference[], facts: { title?: string; publishedOn?: string }): Promise<LibraryReference[]> {
  if (files.length === 0) throw new ValidationError('Choose at least one JPG, PNG, MP4 or MOV file.', [{ path: 'body.referenceFiles', message: 'Choose a file.' }]);
  if (files.length > 1 && (facts.title !== undefined || facts.publishedOn !== undefined)) {
    throw new ValidationError('A title and a date describe one file: upload one file at a time to give them.', [{ path: 'body.title', message: 'One file only.' }]);
  }
  await assertLibraryRoom(userId, files.length);
  const stored = await storeReferences(userId, files, facts);
  const uses = new Map<string, MonitorUse[]>();
  const records = await Promise.all(stored.map((s) => library.get(userId, s.id)));
  return records.flatMap((r) => (r ? [toDto(r, uses)] : []));
}

/** `PUT /api/references/{id}`: the owner changes a file's title or date; 404 for anyone else. */
export async function updateLibraryReference(userId: string, id: string, changes: LibraryUpdate): Promise<LibraryReference> {
  const updated = await library.update(userId, id, changes);
  if (!updated) throw new NotFoundError('Reference file');
  return toDto(updated, await monitorUses(userId));
}

/**
 * `DELETE /api/references/{id}`: the owner deletes a file from the library and from storage. A file a monitor
 * uses is refused (409 REFERENCE_IN_USE naming the monitors): each run fingerprints it again. Past scans keep
 * their records (file name, results); their review cards and later notices no longer show the picture.
 */
export async function deleteLibraryReference(userId: string, id: string): Promise<void> {
  const record = await library.get(userId, id);
  if (!record) throw new NotFoundError('Reference file');
  const users = (await monitorUses(userId)).get(record.key) ?? [];
  if (users.length > 0) {
    const names = users.map((m) => `"${m.name}"`).join(', ');
    throw new ConflictError(
      `"${record.title}" is used by the monitor${users.length === 1 ? '' : 's'} ${names}: delete ${users.length === 1 ? 'that monitor' : 'those monitors'} first, or keep the file.`,
      'REFERENCE_IN_USE',
    );
  }
  if (!(await library.remove(userId, id))) throw new NotFoundError('Reference file');
  // The one code that deletes a reference's objects (a file from before the library may sit in a scan's folder).
  await deleteReferenceObjects(userId, record.key);
}

/**
 * The library files a scan or monitor request names (`libraryReferences`), as references: 400 for an id that is
 * not in the caller's library (another creator's file reads the same as one that does not exist), and for more
 * files in all than a scan takes.
 */
export async function libraryReferencesOf(userId: string, ids: string[], uploads: number): Promise<StoredReference[]> {
  if (ids.length + uploads > MAX_REFERENCE_FILES) {
    throw new ValidationError(`A scan takes at most ${MAX_REFERENCE_FILES} reference files, from the library and uploads together.`, [
      { path: 'body.libraryReferences', message: `At most ${MAX_REFERENCE_FILES} files in all.` },
    ]);
  }
  const found = await Promise.all(ids.map((id) => library.get(userId, id)));
  const missing = ids.filter((_, i) => !found[i]);
  if (missing.length > 0) {
    throw new ValidationError(`${missing.length === 1 ? 'A chosen reference file is' : 'Chosen reference files are'} not in your library (${missing.join(', ')}).`, [
      { path: 'body.libraryReferences', message: 'Not in your library.' },
    ]);
  }
  return found.map((r) => ({ id: r!.id, key: r!.key, filename: r!.filename, mediaType: r!.mediaType, kind: r!.kind }));
}
