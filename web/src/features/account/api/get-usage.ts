import useSWR from 'swr';
import { usageSchema, type Usage } from '@shared/schemas/usage';
import { api, apiPath } from '@/lib/api-client';
import { contract } from '@shared/contract';

export type { Usage } from '@shared/schemas/usage';

/**
 * `GET /api/user/me/usage`: this month's searches, cases and violations as the server counted them, with the
 * stored plan and its allowances. Parsed with the same shared schema the API answers with.
 */
export const USAGE_KEY = apiPath(contract.usage, { params: { id: 'me' } });

/** This month's usage against the plan's allowances. */
export async function getUsage(): Promise<Usage> {
  return usageSchema.parse(await api(contract.usage, { params: { id: 'me' } }));
}

export function useUsage() {
  return useSWR(USAGE_KEY, getUsage);
}
