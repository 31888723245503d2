import useSWR from 'swr';
import { contract } from '@shared/contract';
import { publicStatsSchema, type PublicStats } from '@shared/schemas/platform';
import { api, apiPath } from '@/lib/api-client';

/** `GET /api/public/stats`: the platform's own figures for the public pages and the scan form (cached 5 minutes). */
export const PUBLIC_STATS_KEY = apiPath(contract.publicStats);

export async function getPublicStats(): Promise<PublicStats> {
  return publicStatsSchema.parse(await api(contract.publicStats));
}

export function usePublicStats() {
  return useSWR(PUBLIC_STATS_KEY, getPublicStats, { revalidateOnFocus: false });
}
