import useSWR, { mutate } from 'swr';
import { groupedResultsSchema, type GroupedResults } from '@shared/schemas/search';
import { api, apiPath } from '@/lib/api-client';
import { getUserResults, invalidateUserResults, userResultsKey } from '@/lib/results/get-user-results';
import { contract } from '@shared/contract';

/**
 * The creator's newest result (`GET /api/user/me/results?limit=1`): the dashboard opens at review with its
 * search selected when there is one (PRODUCT.md section 2). One item is enough; the list is newest first.
 */
const LATEST_QUERY = { limit: 1 };
const LATEST_RESULT_KEY = userResultsKey(LATEST_QUERY);
/** All of the creator's results by kind (`GET /api/user/me/results/grouped`). */
const GROUPED_RESULTS_KEY = apiPath(contract.userResultsGrouped, { params: { id: 'me' } });

/** The creator's newest result: `result` is undefined while loading or when there is none. */
export function useLatestResult() {
  // The cache holds the list as the API returns it, so review updates can patch it like every other list.
  const swr = useSWR(LATEST_RESULT_KEY, () => getUserResults(LATEST_QUERY));
  return { ...swr, result: swr.data?.[0] };
}

/** Reloads the creator's newest result (after a scan finished). */
export function invalidateLatestResult(): Promise<unknown> {
  return invalidateUserResults(LATEST_QUERY);
}

/** Reads every result of the creator, grouped as web, images and videos. */
export async function getGroupedResults(): Promise<GroupedResults> {
  return groupedResultsSchema.parse(await api(contract.userResultsGrouped, { params: { id: 'me' } }));
}

/** The creator's results across all scans, grouped; pass `false` to read nothing. */
export function useGroupedResults(enabled: boolean) {
  return useSWR(enabled ? GROUPED_RESULTS_KEY : null, getGroupedResults);
}

/** Reloads the grouped results (after a scan finished). */
export function invalidateGroupedResults(): Promise<unknown> {
  return mutate(GROUPED_RESULTS_KEY);
}
