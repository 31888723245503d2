import { mutate } from 'swr';
import useSWRMutation from 'swr/mutation';
import { searchResultSchema, type GroupedResults, type ReviewStatus, type SearchResult } from '@shared/schemas/search';
import { api, apiPath } from '@/lib/api-client';
import { invalidateUserStats } from '@/lib/results/get-user-stats';
import { replaceResult } from '@/lib/scan/scan-results';
import { contract } from '@shared/contract';

/** Marks one result unauthorized or safe: `PUT /api/search-results/{id}/review`. */
export async function reviewResult(id: string, status: ReviewStatus): Promise<SearchResult> {
  const updated = await api(contract.reviewResult, { params: { id }, body: { status } });
  return searchResultSchema.parse(updated);
}

/** Keys of cached result lists: a search's results and the creator's lists (plain and grouped). */
/** `GET /api/search/{id}/results` keys: the row's path with any one id. */
function isSearchResultsKey(key: string): boolean {
  const [before, after] = contract.searchResults.path.split('{id}');
  return key.startsWith(before!) && key.endsWith(after!) && !key.slice(before!.length, -after!.length).includes('/');
}

function isResultListKey(key: unknown): boolean {
  return typeof key === 'string' && (isSearchResultsKey(key) || key.startsWith(apiPath(contract.userResults, { params: { id: 'me' } })));
}

/**
 * The review mutation. On success the updated result replaces the old one in every cached list at once (no
 * reload of lists of up to 500 results) and the stats are reloaded, since the counters moved.
 */
export function useReviewResult() {
  return useSWRMutation('review-result', async (_key: string, { arg }: { arg: { id: string; status: ReviewStatus } }) => {
    const updated = await reviewResult(arg.id, arg.status);
    await mutate(isResultListKey, (data: SearchResult[] | GroupedResults | undefined) => replaceResult(data, updated), { revalidate: false });
    void invalidateUserStats();
    return updated;
  });
}
