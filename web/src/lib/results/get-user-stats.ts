import useSWR, { mutate } from 'swr';
import { contract } from '@shared/contract';
import { userStatsSchema, type UserStats } from '@shared/schemas/search';
import { api, apiPath } from '@/lib/api-client';

/*
 * The creator's counters (`GET /api/user/me/stats`): Active Violations, Resolved, DMCA Sent, Pending. The dashboard's
 * summary cards, the review queue and the account's usage tab show them, and reviews, scans and cases move them, so
 * the resource lives in lib/ (features never import one another): its key, its fetcher, its hook and the helpers
 * that invalidate it, in this one module.
 */

/** The SWR key of the creator's counters. */
export const USER_STATS_KEY = apiPath(contract.userStats, { params: { id: 'me' } });

/** Reads the signed-in creator's counters. */
export async function getUserStats(): Promise<UserStats> {
  return userStatsSchema.parse(await api(contract.userStats, { params: { id: 'me' } }));
}

/** The creator's counters. */
export function useUserStats() {
  return useSWR(USER_STATS_KEY, getUserStats);
}

/** Reloads the counters wherever they are shown (after a review, a finished scan, a case change). */
export function invalidateUserStats(): Promise<unknown> {
  return mutate(USER_STATS_KEY);
}

/** Drops the cached counters without reading them, so the next screen that shows them reads them afresh. */
export function forgetUserStats(): Promise<unknown> {
  return mutate((key) => key === USER_STATS_KEY, undefined, { revalidate: false });
}
