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
