import useSWRMutation from 'swr/mutation';
import { searchResultSchema, type ReviewStatus, type SearchResult } from '@shared/schemas/search';
import { api } from '@/lib/api-client';
import { replaceInUserResults } from '@/lib/results/get-user-results';
import { invalidateUserStats } from '@/lib/results/get-user-stats';
import { replaceInScanResults } from '@/lib/scan/api/get-scan-results';
import { contract } from '@shared/contract';

/** Marks one result unauthorized or safe: `PUT /api/search-results/{id}/review`. */
export async function reviewResult(id: string, status: ReviewStatus): Promise<SearchResult> {
  const updated = await api(contract.reviewResult, { params: { id }, body: { status } });
  return searchResultSchema.parse(updated);
}

/**
 * The review mutation. On success the updated result replaces the old one in every cached list at once, a
 * search's results and the creator's lists (plain and grouped), with no reload of lists of up to 500 results; the
 * stats are reloaded, since the counters moved.
 */
export function useReviewResult() {
  return useSWRMutation('review-result', async (_key: string, { arg }: { arg: { id: string; status: ReviewStatus } }) => {
    const updated = await reviewResult(arg.id, arg.status);
    await Promise.all([replaceInScanResults(updated), replaceInUserResults(updated)]);
    void invalidateUserStats();
    return updated;
  });
}
