import useSWR, { mutate } from 'swr';
import { contract } from '@shared/contract';
import { libraryListSchema, libraryReferenceSchema, type LibraryReference, type LibraryUpdate } from '@shared/schemas/library';
import { api, apiPath } from '@/lib/api-client';

/*
 * The creator's reference library (issue 26): the scan and monitor forms choose from it, Settings manages it, so
 * the resource lives in lib/ (features never import one another).
 */

/** `GET /api/user/me/references`: the library, newest first. */
export const LIBRARY_KEY = apiPath(contract.listLibrary, { params: { id: 'me' } });

export async function getLibrary(): Promise<LibraryReference[]> {
  return libraryListSchema.parse(await api(contract.listLibrary, { params: { id: 'me' } }));
}

export function useLibrary() {
  return useSWR(LIBRARY_KEY, getLibrary);
}

/** Reloads the library wherever it is shown (a scan or monitor that uploaded files added them to it). */
export function invalidateLibrary(): Promise<unknown> {
  return mutate(LIBRARY_KEY);
}

/** `POST /api/user/me/references` (multipart): one file with its title and publication date. */
export async function addToLibrary(file: File, facts: { title: string; publishedOn: string }): Promise<LibraryReference[]> {
  const form = new FormData();
  form.append('referenceFiles', file, file.name);
  if (facts.title.trim()) form.append('title', facts.title.trim());
  if (facts.publishedOn) form.append('publishedOn', facts.publishedOn);
  const added = libraryListSchema.parse(await api(contract.addLibrary, { params: { id: 'me' }, body: form }));
  await invalidateLibrary();
  return added;
}

/** `PUT /api/references/{id}`. */
export async function updateLibraryReference(id: string, update: LibraryUpdate): Promise<LibraryReference> {
  const updated = libraryReferenceSchema.parse(await api(contract.updateLibrary, { params: { id }, body: update }));
  await invalidateLibrary();
  return updated;
}

/** `DELETE /api/references/{id}`: refused (409 REFERENCE_IN_USE) while a monitor uses the file. */
export async function deleteLibraryReference(id: string): Promise<void> {
  await api(contract.deleteLibrary, { params: { id } });
  await invalidateLibrary();
}
