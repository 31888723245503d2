import useSWR from 'swr';
import { contract } from '@shared/contract';
import { latestSearchSchema, type LatestSearch } from '@shared/schemas/search';
import { apiPath, apiRequest } from '@/lib/api-client';

/** The SWR key of `GET /api/user/me/searches/latest`: the signed-in creator's newest scan (issue 26: /search shows it). */
export const LATEST_SCAN_KEY = apiPath(contract.latestSearch, { params: { id: 'me' } });

/** Reads the newest scan only when `enabled` (the search page without a scan in its address). */
export function useLatestScan(enabled: boolean) {
  return useSWR<LatestSearch>(enabled ? LATEST_SCAN_KEY : null, async (path: string) => latestSearchSchema.parse(await apiRequest<unknown>('GET', path)));
}
