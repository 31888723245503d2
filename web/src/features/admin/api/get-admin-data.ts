import useSWR from 'swr';
import type { ZodType } from 'zod';
import {
  adminMetricsSchema,
  adminSystemSchema,
  adminUsersSchema,
  aiInsightsSchema,
  financialRowsSchema,
  type AdminMetrics,
  type AdminSystem,
  type AdminUsers,
  type AiInsights,
  type FinancialRow,
} from '@shared/schemas/admin';
import { apiPath, apiRequest } from '@/lib/api-client';
import { contract } from '@shared/contract';

/** The admin data calls of the Business Dashboard (PRODUCT.md section 7), all admin only on the server. */
export const ADMIN_KEYS = {
  metrics: apiPath(contract.adminMetrics),
  users: apiPath(contract.adminUsers),
  system: apiPath(contract.adminSystem),
  financial: apiPath(contract.financial),
  aiInsights: apiPath(contract.aiInsights),
} as const;

/**
 * One admin call, parsed with the server's schema. `enabled` false makes no request at all: a signed-in user who
 * is not an admin never calls the admin API from this screen.
 */
function useAdminResource<T>(key: string, schema: ZodType<T>, enabled: boolean) {
  return useSWR<T>(enabled ? key : null, async (path: string) => schema.parse(await apiRequest<unknown>('GET', path)));
}

export const useAdminMetrics = (enabled: boolean) => useAdminResource<AdminMetrics>(ADMIN_KEYS.metrics, adminMetricsSchema, enabled);
export const useAdminUsers = (enabled: boolean) => useAdminResource<AdminUsers>(ADMIN_KEYS.users, adminUsersSchema, enabled);
export const useAdminSystem = (enabled: boolean) => useAdminResource<AdminSystem>(ADMIN_KEYS.system, adminSystemSchema, enabled);
export const useFinancialRows = (enabled: boolean) => useAdminResource<FinancialRow[]>(ADMIN_KEYS.financial, financialRowsSchema, enabled);
export const useAiInsights = (enabled: boolean) => useAdminResource<AiInsights>(ADMIN_KEYS.aiInsights, aiInsightsSchema, enabled);
