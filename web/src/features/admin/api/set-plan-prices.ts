import { contract } from '@shared/contract';
import { planPricesSchema, type PlanPrices, type PlanPriceSettings } from '@shared/schemas/platform';
import { api } from '@/lib/api-client';
import { replacePlanPrices } from '@/lib/billing/get-plan-prices';
import { refreshAuditLog } from './get-audit-log';

/**
 * `PUT /api/admin/settings/plan-prices`: the paid plans' new monthly prices (created at Stripe first when billing
 * is Stripe); the answer replaces the cached prices and the audit log is read again.
 * @throws {ApiError} when the server refuses the change (the field is named) or Stripe cannot be reached (502).
 */
export async function setPlanPrices(prices: PlanPrices): Promise<PlanPriceSettings> {
  const saved = planPricesSchema.parse(await api(contract.setPlanPrices, { body: prices }));
  await Promise.all([replacePlanPrices(saved), refreshAuditLog()]);
  return saved;
}
