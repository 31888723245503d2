import useSWR from 'swr';
import { contract } from '@shared/contract';
import { allowlistEntrySchema, type AllowlistEntry } from '@shared/schemas/allowlist';
import { bulkReviewReplySchema, searchResultSchema, type BulkReviewReply, type ReviewStatus, type SearchResult } from '@shared/schemas/search';
import { invalidateAllowlist } from '@/lib/allowlist/get-allowlist';
import { api } from '@/lib/api-client';
import { getUserResults, invalidateUserResultsExcept, userResultsKey } from '@/lib/results/get-user-results';
import { invalidateUserStats } from '@/lib/results/get-user-stats';

const me = { id: 'me' };

/** The creator's results for the queue: one list of up to 500, newest first (`GET /api/user/me/results`). */
const QUEUE_QUERY = { limit: 500 };
const QUEUE_RESULTS_KEY = userResultsKey(QUEUE_QUERY);

/**
 * The loaded list is the queue's snapshot: it is not refetched on focus while the creator works through it
 * (decisions are laid over it), only when the page is opened again.
 */
export function useQueueResults() {
  return useSWR(QUEUE_RESULTS_KEY, () => getUserResults(QUEUE_QUERY), { revalidateOnFocus: false, revalidateIfStale: false });
}

/** Other screens' cached result lists are stale after queue decisions; they reload when next shown. */
const refreshOtherLists = () => invalidateUserResultsExcept(QUEUE_RESULTS_KEY);

const afterWrite = () => {
  void invalidateUserStats();
  void refreshOtherLists();
};

/** `PUT /api/search-results/{id}/review`. */
export async function decide(id: string, status: ReviewStatus): Promise<SearchResult> {
  const updated = searchResultSchema.parse(await api(contract.reviewResult, { params: { id }, body: { status } }));
  afterWrite();
  return updated;
}

/** `DELETE /api/search-results/{id}/review`: pending review again (the queue's undo of a first decision). */
export async function undecide(id: string): Promise<SearchResult> {
  const updated = searchResultSchema.parse(await api(contract.clearReview, { params: { id } }));
  afterWrite();
  return updated;
}

/** `PUT /api/search-results/review`: one status for many results, all or nothing. */
export async function decideMany(ids: string[], status: ReviewStatus): Promise<BulkReviewReply> {
  const reply = bulkReviewReplySchema.parse(await api(contract.reviewResults, { body: { ids, status } }));
  afterWrite();
  return reply;
}

/** `POST /api/user/me/allowlist`: the domain is authorised from now on (future scans drop it). */
export async function allowDomain(domain: string): Promise<AllowlistEntry> {
  const entry = allowlistEntrySchema.parse(
    await api(contract.addAllowlist, { params: me, body: { domain, reason: 'authorized_partner', notes: 'Added from the review queue' } }),
  );
  void invalidateAllowlist();
  return entry;
}
