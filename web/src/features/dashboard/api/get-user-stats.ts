import useSWR from 'swr';
import { userStatsSchema, type UserStats } from '@shared/schemas/search';
import { api, apiPath } from '@/lib/api-client';
import { contract } from '@shared/contract';

/** `GET /api/user/me/stats`: the creator's counters for the summary cards. */
export const USER_STATS_KEY = apiPath(contract.userStats, { params: { id: 'me' } });

/** Reads the signed-in creator's stats. */
export async function getUserStats(): Promise<UserStats> {
  return userStatsSchema.parse(await api(contract.userStats, { params: { id: 'me' } }));
}

/** The summary cards' counters: Active Violations, Resolved, DMCA Sent, Pending. */
export function useUserStats() {
  return useSWR(USER_STATS_KEY, getUserStats);
}
