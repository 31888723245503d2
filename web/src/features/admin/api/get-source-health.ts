import useSWR from 'swr';
import { contract } from '@shared/contract';
import { sourceHealthListSchema, type SourceHealth } from '@shared/schemas/sources';
import { api, apiPath } from '@/lib/api-client';

/** `GET /api/admin/sources`: each source's health (issue 25), worst first. */
export const SOURCE_HEALTH_KEY = apiPath(contract.sourceHealth);

export function useSourceHealth(enabled: boolean) {
  return useSWR<SourceHealth[]>(enabled ? SOURCE_HEALTH_KEY : null, async () => sourceHealthListSchema.parse(await api(contract.sourceHealth)));
}
