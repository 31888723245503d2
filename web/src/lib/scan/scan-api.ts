import useSWR, { mutate } from 'swr';
import { z } from 'zod';
import { searchStartResponseSchema } from '@shared/schemas/search-start';
import { searchResultListSchema, searchSchema, type SearchResult } from '@shared/schemas/search';
import { api, apiPath } from '@/lib/api-client';
import { isOpenStatus } from './scan-progress';
import { replaceResult } from './scan-results';
import { buildScanFormData } from './scan-start';
import { contract } from '@shared/contract';

/*
 * The scan calls both the dashboard and the search page make (PRODUCT.md section 7): start a scan, follow it, read its
 * results. Shared here because features may not import one another. Responses are parsed with the same zod
 * schemas the API answers with, so a drifting contract fails loudly at the edge instead of deep in a screen.
 */

/** A search as `GET /api/search/{id}` returns it; `sandbox` is read when the server says the scan ran offline. */
export const scanSchema = searchSchema.extend({ sandbox: z.boolean().optional() });
export type Scan = z.infer<typeof scanSchema>;
export type ScanStarted = z.infer<typeof searchStartResponseSchema>;

export const searchKey = (id: string) => apiPath(contract.getSearch, { params: { id } });
export const searchResultsKey = (id: string) => apiPath(contract.searchResults, { params: { id } });

/**
 * Starts a scan: `POST /api/search` as multipart.
 * @throws {ApiError} when the server refuses it (its body carries `error` and `fields`).
 */
export async function startScan(values: { query: string; files: readonly Blob[] }): Promise<ScanStarted> {
  return searchStartResponseSchema.parse(await api(contract.startSearch, { body: buildScanFormData(values) }));
}

/** Reads one search. */
export async function getScan(id: string): Promise<Scan> {
  return scanSchema.parse(await api(contract.getSearch, { params: { id } }));
}

/**
 * One search, polled every `pollMs` while it is running or pending and not at all once it is final (PRODUCT.md
 * section 4: 2 s on the dashboard, 3 s on the search page). Pass `undefined` to read nothing. `onAnswer` runs
 * after each answer from the server, so a screen reacts to a status change as an event rather than in an effect.
 */
export function useScan(id: string | undefined, pollMs: number, onAnswer?: (scan: Scan) => void) {
  return useSWR(id ? searchKey(id) : null, () => getScan(id!), {
    refreshInterval: (latest) => (latest && !isOpenStatus(latest.status) ? 0 : pollMs),
    // The app-wide dedupe window is an hour (data never goes stale); polling needs each tick to reach the server.
    dedupingInterval: 0,
    onSuccess: onAnswer,
  });
}

/** Reads a search's results. */
export async function getScanResults(id: string): Promise<SearchResult[]> {
  return searchResultListSchema.parse(await api(contract.searchResults, { params: { id } }));
}

/** A search's results (`GET /api/search/{id}/results`); pass `undefined` to read nothing. */
export function useScanResults(id: string | undefined) {
  return useSWR(id ? searchResultsKey(id) : null, () => getScanResults(id!));
}

/** Reloads a finished search and its results wherever they are shown. */
export async function refreshScan(id: string): Promise<void> {
  await Promise.all([mutate(searchKey(id)), mutate(searchResultsKey(id))]);
}

/** `GET /api/search/{id}/results` keys: the row's path with any one id. */
function isScanResultsKey(key: unknown): boolean {
  if (typeof key !== 'string') return false;
  const [before, after] = contract.searchResults.path.split('{id}');
  return key.startsWith(before!) && key.endsWith(after!) && !key.slice(before!.length, -after!.length).includes('/');
}

/** Swaps a reviewed result into every cached search's results, without reloading any of them. */
export function replaceInScanResults(updated: SearchResult): Promise<unknown> {
  return mutate(isScanResultsKey, (data: SearchResult[] | undefined) => replaceResult(data, updated), { revalidate: false });
}
