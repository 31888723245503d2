import { contract } from '@shared/contract';
import { rateLimitsSchema, type RateLimits, type RateLimitSettings } from '@shared/schemas/platform';
import { api } from '@/lib/api-client';
import { refreshAuditLog } from './get-audit-log';
import { replaceRateLimits } from './get-rate-limits';

/**
 * `PUT /api/admin/settings/rate-limits`: every plan's limit; the answer replaces the cached value and the audit
 * log is read again.
 * @throws {ApiError} when the server refuses the change (a field is named).
 */
export async function setRateLimits(limits: RateLimits): Promise<RateLimitSettings> {
  const saved = rateLimitsSchema.parse(await api(contract.setRateLimits, { body: limits }));
  await Promise.all([replaceRateLimits(saved), refreshAuditLog()]);
  return saved;
}
