import useSWR from 'swr';
import { z } from 'zod';
import { userStatsSchema, type UserStats } from '@shared/schemas/search';
import { ApiError, api } from '@/lib/api-client';
import { USER_STATS_KEY } from '@/lib/takedowns-api';

/**
 * `GET /api/user/me/usage`: this month's usage counted by the server. The shape the Usage tab reads; until the
 * API serves the route (404) the tab shows the counters it does have.
 */
export const USAGE_KEY = '/api/user/me/usage';

export const usageSchema = z.object({
  /** `yyyy-mm` (UTC) the figures are for. */
  period: z.string(),
  /** Searches started this month. */
  searches: z.number().int().nonnegative(),
  /** DMCA cases created this month. */
  cases: z.number().int().nonnegative(),
  /** Violations (results not marked safe) found this month. */
  violations: z.number().int().nonnegative(),
});
export type Usage = z.infer<typeof usageSchema>;

/** This month's usage, or `null` while the API has no usage route. */
export async function getUsage(): Promise<Usage | null> {
  try {
    return usageSchema.parse(await api.get<unknown>(USAGE_KEY));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function useUsage() {
  return useSWR(USAGE_KEY, getUsage);
}

/** The creator's all-time counters (`GET /api/user/me/stats`). */
export function useUserStats() {
  return useSWR<UserStats>(USER_STATS_KEY, async (path: string) => userStatsSchema.parse(await api.get<unknown>(path)));
}
