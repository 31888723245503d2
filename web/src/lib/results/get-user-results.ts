import useSWR, { mutate } from 'swr';
import { contract, type QueryIn } from '@shared/contract';
import { searchResultListSchema, type GroupedResults, type SearchResult } from '@shared/schemas/search';
import { api, apiPath } from '@/lib/api-client';
import { replaceResult } from '@/lib/scan/scan-results';

/*
 * The creator's results across searches (`GET /api/user/me/results`, newest first, up to 500). Several lists of
 * them are cached, each under its own key: the plain list (the protect step's bulk card), `?limit=1` (the dashboard's
 * newest result), `?limit=500` (the review queue) and `/grouped` (the dashboard's review step). Reviews, scans and
 * bulk submissions change them, from several features, so the key, the fetcher, the hook and the helpers that
 * invalidate or patch the lists live here (features never import one another).
 */

type UserResultsQuery = QueryIn<typeof contract.userResults>;

const ME = { id: 'me' };

/** The SWR key of a list of the creator's results: the plain list without a query, else the list of that query. */
export function userResultsKey(query?: UserResultsQuery): string {
  return apiPath(contract.userResults, { params: ME, query });
}

/** Every cached list of the creator's results, the grouped one included: their keys start with the plain list's. */
function isUserResultsKey(key: unknown): key is string {
  return typeof key === 'string' && key.startsWith(userResultsKey());
}

/** Reads a list of the creator's results. */
export async function getUserResults(query?: UserResultsQuery): Promise<SearchResult[]> {
  return searchResultListSchema.parse(await api(contract.userResults, { params: ME, query }));
}

/**
 * The creator's results (the plain list), read afresh each time a screen using it mounts: reviews made elsewhere
 * patch this list, but results from a scan that finished since it was cached would be missing otherwise.
 */
export function useUserResults() {
  return useSWR(userResultsKey(), () => getUserResults(), { revalidateOnMount: true });
}

/** Reloads one list of the creator's results (the plain list without a query) wherever it is shown. */
export function invalidateUserResults(query?: UserResultsQuery): Promise<unknown> {
  return mutate(userResultsKey(query));
}

/** Reloads every cached list of the creator's results but the one under `kept` (a screen's own snapshot). */
export function invalidateUserResultsExcept(kept: string): Promise<unknown> {
  return mutate((key) => isUserResultsKey(key) && key !== kept);
}

/** Drops every cached list of the creator's results without reading them; the next screen reads them afresh. */
export function forgetUserResults(): Promise<unknown> {
  return mutate(isUserResultsKey, undefined, { revalidate: false });
}

/** Swaps a reviewed result into every cached list of the creator's results, without reloading any of them. */
export function replaceInUserResults(updated: SearchResult): Promise<unknown> {
  return mutate(isUserResultsKey, (data: SearchResult[] | GroupedResults | undefined) => replaceResult(data, updated), { revalidate: false });
}
