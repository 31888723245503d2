import useSWR from 'swr';
import { userStatsSchema, type UserStats } from '@shared/schemas/search';
import { usageSchema, type Usage } from '@shared/schemas/usage';
import { api } from '@/lib/api-client';
import { USER_STATS_KEY } from '@/lib/takedowns-api';

export type { Usage } from '@shared/schemas/usage';

/**
 * `GET /api/user/me/usage`: this month's searches, cases and violations as the server counted them, with the
 * stored plan and its allowances. Parsed with the same shared schema the API answers with.
 */
export const USAGE_KEY = '/api/user/me/usage';

/** This month's usage against the plan's allowances. */
export async function getUsage(): Promise<Usage> {
  return usageSchema.parse(await api.get<unknown>(USAGE_KEY));
}

export function useUsage() {
  return useSWR(USAGE_KEY, getUsage);
}

/** The creator's all-time counters (`GET /api/user/me/stats`). */
export function useUserStats() {
  return useSWR<UserStats>(USER_STATS_KEY, async (path: string) => userStatsSchema.parse(await api.get<unknown>(path)));
}
