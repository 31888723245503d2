import { billingPortalSchema, upgradeResponseSchema, type UpgradeResponse } from '@shared/schemas/subscription';
import type { PlanId } from '@shared/plans';
import { api } from '@/lib/api-client';
import { invalidateCurrentUser } from '@/lib/auth';
import { invalidateSubscription } from '@/lib/billing/get-subscription';
import { contract } from '@shared/contract';

/**
 * `POST /api/subscription/upgrade` with `{planId}`. When the plan changed at once, the cached plan and user are
 * reloaded so every plan gate sees it; with a payment provider the caller goes on to `checkoutUrl`.
 * @throws {ApiError} when the server refuses the change.
 */
export async function upgradePlan(planId: PlanId): Promise<UpgradeResponse> {
  // The server answers 400 for `trial` (not an upgrade target); the plan buttons never offer it.
  const body = { planId: planId as Exclude<PlanId, 'trial'> };
  const response = upgradeResponseSchema.parse(await api(contract.upgrade, { body }));
  if (!response.checkoutUrl) await Promise.all([invalidateSubscription(), invalidateCurrentUser()]);
  return response;
}

/** `POST /api/billing/portal`: the Stripe customer portal URL for "Manage billing". */
export async function openBillingPortal(): Promise<string> {
  return billingPortalSchema.parse(await api(contract.billingPortal)).url;
}
