import useSWR, { mutate } from 'swr';
import { contract } from '@shared/contract';
import { rateLimitsSchema, type RateLimitSettings } from '@shared/schemas/platform';
import { api, apiPath } from '@/lib/api-client';

/** `GET /api/admin/settings/rate-limits`: per-plan token buckets on costly routes. */
export const RATE_LIMITS_KEY = apiPath(contract.getRateLimits);

export function useRateLimits(enabled: boolean) {
  return useSWR<RateLimitSettings>(enabled ? RATE_LIMITS_KEY : null, async () => rateLimitsSchema.parse(await api(contract.getRateLimits)));
}

export function replaceRateLimits(value: RateLimitSettings): Promise<unknown> {
  return mutate(RATE_LIMITS_KEY, value, { revalidate: false });
}
