import { mutate } from 'swr';
import useSWRMutation from 'swr/mutation';
import { searchResultSchema, type GroupedResults, type ReviewStatus, type SearchResult } from '@shared/schemas/search';
import { api } from '@/lib/api-client';
import { replaceResult } from '@/lib/scan-results';
import { USER_STATS_KEY } from './get-user-stats';

/** Marks one result unauthorized or safe: `PUT /api/search-results/{id}/review`. */
export async function reviewResult(id: string, status: ReviewStatus): Promise<SearchResult> {
  const updated = await api.put<unknown>(`/api/search-results/${encodeURIComponent(id)}/review`, { status });
  return searchResultSchema.parse(updated);
}

/** Keys of cached result lists: a search's results and the creator's lists (plain and grouped). */
function isResultListKey(key: unknown): boolean {
  return typeof key === 'string' && (/^\/api\/search\/[^/]+\/results$/.test(key) || key.startsWith('/api/user/me/results'));
}

/**
 * The review mutation. On success the updated result replaces the old one in every cached list at once (no
 * reload of lists of up to 500 results) and the stats are reloaded, since the counters moved.
 */
export function useReviewResult() {
  return useSWRMutation('review-result', async (_key: string, { arg }: { arg: { id: string; status: ReviewStatus } }) => {
    const updated = await reviewResult(arg.id, arg.status);
    await mutate(isResultListKey, (data: SearchResult[] | GroupedResults | undefined) => replaceResult(data, updated), { revalidate: false });
    void mutate(USER_STATS_KEY);
    return updated;
  });
}
