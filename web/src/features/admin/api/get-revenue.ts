import useSWR from 'swr';
import { contract } from '@shared/contract';
import { revenueSchema, type Revenue } from '@shared/schemas/platform';
import { api, apiPath } from '@/lib/api-client';

/** `GET /api/admin/revenue`: revenue per plan, growth and projected ARR, from billing's counters. */
export const REVENUE_KEY = apiPath(contract.adminRevenue);

export function useAdminRevenue(enabled: boolean) {
  return useSWR<Revenue>(enabled ? REVENUE_KEY : null, async () => revenueSchema.parse(await api(contract.adminRevenue)));
}
