import useSWR, { mutate } from 'swr';
import { searchResultListSchema, type SearchResult } from '@shared/schemas/search';
import { api, apiPath } from '@/lib/api-client';
import { replaceResult } from '../scan-results';
import { contract } from '@shared/contract';

/*
 * A scan's results (`GET /api/search/{id}/results`): the dashboard's review step and the search page's summary
 * show them, and a review anywhere swaps the reviewed result into them.
 */

/** The SWR key of a search's results. */
export const scanResultsKey = (id: string) => apiPath(contract.searchResults, { params: { id } });

/** `GET /api/search/{id}/results` keys: the row's path with any one id. */
function isScanResultsKey(key: unknown): boolean {
  if (typeof key !== 'string') return false;
  const [before, after] = contract.searchResults.path.split('{id}');
  return key.startsWith(before!) && key.endsWith(after!) && !key.slice(before!.length, -after!.length).includes('/');
}

/** Reads a search's results. */
export async function getScanResults(id: string): Promise<SearchResult[]> {
  return searchResultListSchema.parse(await api(contract.searchResults, { params: { id } }));
}

/** A search's results (`GET /api/search/{id}/results`); pass `undefined` to read nothing. */
export function useScanResults(id: string | undefined) {
  return useSWR(id ? scanResultsKey(id) : null, () => getScanResults(id!));
}

/** Reloads a search's results wherever they are shown (once the search finished). */
export function invalidateScanResults(id: string): Promise<unknown> {
  return mutate(scanResultsKey(id));
}

/** Swaps a reviewed result into every cached search's results, without reloading any of them. */
export function replaceInScanResults(updated: SearchResult): Promise<unknown> {
  return mutate(isScanResultsKey, (data: SearchResult[] | undefined) => replaceResult(data, updated), { revalidate: false });
}
