import useSWR, { mutate } from 'swr';
import { contract } from '@shared/contract';
import { caseListSchema, type DmcaCase } from '@shared/schemas/cases';
import { api, apiPath } from '@/lib/api-client';
import { invalidateUserStats } from '@/lib/results/get-user-stats';

/*
 * The creator's cases (`GET /api/user/me/dmca`, newest first): the cases page lists them, the protect step's bulk card
 * follows the ones its submission made, and cases, bulk submission and automated submission change them.
 */

/** `GET /api/user/me/dmca`: the creator's cases, newest first. */
export const CASES_KEY = apiPath(contract.listCases, { params: { id: 'me' } });

/** Reads the creator's cases. */
export async function getCases(): Promise<DmcaCase[]> {
  return caseListSchema.parse(await api(contract.listCases, { params: { id: 'me' } }));
}

/**
 * The creator's cases, newest first (`GET /api/user/me/dmca`). `fresh` reloads them when the caller mounts: a
 * case's status moves on the server (sent, resolved) without any action on this page.
 */
export function useCases({ fresh = false, followSending = false }: { fresh?: boolean; followSending?: boolean } = {}) {
  return useSWR(CASES_KEY, getCases, {
    ...(fresh ? { revalidateOnMount: true } : {}),
    // `followSending`: read again while a notice is queued or being sent (a bulk submission works in the background).
    ...(followSending ? { refreshInterval: (cases?: DmcaCase[]) => (cases?.some(isSending) ? SENDING_POLL_MS : 0), dedupingInterval: 0 } : {}),
  });
}

/** Submission states a notice passes through within seconds to minutes (the re-check waits a day: not followed). */
const SENDING: readonly string[] = ['queued', 'finding-contact', 'sending'];
const isSending = (c: DmcaCase) => !!c.submission && SENDING.includes(c.submission.state);
const SENDING_POLL_MS = 3000;

/** How often the cases are read again while a bulk submission is still working through its violations. */
export const BULK_POLL_MS = 2000;

/**
 * The cases behind the last bulk submission, read again every BULK_POLL_MS while `watching` (some accepted
 * violation is still queued or being sent), so the card and the cases list show the workflow's progress.
 */
export function useBulkCases(watching: boolean) {
  // The app-wide dedupe window is an hour (data never goes stale); polling needs each tick to reach the server.
  return useSWR(CASES_KEY, getCases, watching ? { refreshInterval: BULK_POLL_MS, dedupingInterval: 0 } : { refreshInterval: 0 });
}

/** Reloads every view of the cases and the counters they feed (after a case was created, sent or resolved). */
export async function invalidateCases(): Promise<void> {
  await Promise.all([mutate(CASES_KEY), invalidateUserStats()]);
}
