import useSWR from 'swr';
import { groupedResultsSchema, searchResultListSchema, type GroupedResults } from '@shared/schemas/search';
import { api, apiPath } from '@/lib/api-client';
import { contract } from '@shared/contract';

/**
 * The creator's newest result (`GET /api/user/me/results?limit=1`): the dashboard opens at review with its
 * search selected when there is one (PRODUCT.md section 2). One item is enough; the list is newest first.
 */
export const LATEST_RESULT_KEY = apiPath(contract.userResults, { params: { id: 'me' }, query: { limit: 1 } });
/** All of the creator's results by kind (`GET /api/user/me/results/grouped`). */
export const GROUPED_RESULTS_KEY = apiPath(contract.userResultsGrouped, { params: { id: 'me' } });

/** The creator's newest result: `result` is undefined while loading or when there is none. */
export function useLatestResult() {
  // The cache holds the list as the API returns it, so review updates can patch it like every other list.
  const swr = useSWR(LATEST_RESULT_KEY, async () => searchResultListSchema.parse(await api(contract.userResults, { params: { id: 'me' }, query: { limit: 1 } })));
  return { ...swr, result: swr.data?.[0] };
}

/** Reads every result of the creator, grouped as web, images and videos. */
export async function getGroupedResults(): Promise<GroupedResults> {
  return groupedResultsSchema.parse(await api(contract.userResultsGrouped, { params: { id: 'me' } }));
}

/** The creator's results across all scans, grouped; pass `false` to read nothing. */
export function useGroupedResults(enabled: boolean) {
  return useSWR(enabled ? GROUPED_RESULTS_KEY : null, getGroupedResults);
}
