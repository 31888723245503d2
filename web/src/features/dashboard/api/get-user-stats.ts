import useSWR from 'swr';
import { userStatsSchema, type UserStats } from '@shared/schemas/search';
import { api } from '@/lib/api-client';

/** `GET /api/user/me/stats`: the creator's counters for the summary cards. */
export const USER_STATS_KEY = '/api/user/me/stats';

/** Reads the signed-in creator's stats. */
export async function getUserStats(): Promise<UserStats> {
  return userStatsSchema.parse(await api.get<unknown>(USER_STATS_KEY));
}

/** The summary cards' counters: Active Violations, Resolved, DMCA Sent, Pending. */
export function useUserStats() {
  return useSWR(USER_STATS_KEY, getUserStats);
}
