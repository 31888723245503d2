import { PLANS, discountedCents } from '../../../shared/plans';
import type { Subscription } from '../../../shared/schemas/subscription';
import type { PlanId } from '../../../shared/schemas/user';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { readStoredPlan, writeStoredPlan, type StoredPlan } from '../profile-store';
import { planPriceUsd } from '../platform/plan-prices';
export { effectivePlan, planOf, readStoredPlan, type StoredPlan } from '../profile-store';

/** `GET /api/user/subscription`. */
export async function getSubscription(userId: string): Promise<Subscription> {
  const stored = await readStoredPlan(userId);
  if (!stored) return { plan: 'trial', status: 'active', monthlyPriceUsd: 0 };
  return {
    plan: stored.plan,
    status: stored.status,
    ...(stored.discountPercent > 0 ? { discount: stored.discountPercent } : {}),
    monthlyPriceUsd: discountedCents(stored.plan, stored.discountPercent, await planPriceUsd(stored.plan)) / 100,
    ...(stored.planChangedAt ? { planChangedAt: stored.planChangedAt } : {}),
    ...(stored.pendingPlan ? { pendingPlan: stored.pendingPlan } : {}),
    ...(stored.currentPeriodEnd ? { currentPeriodEnd: stored.currentPeriodEnd } : {}),
    manageable: !!stored.stripeCustomerId,
  };
}

/**
 * Changes the stored plan, conditionally on the plan read before (so of two concurrent upgrades exactly
 * one changes the plan and is charged; the other gets a 409). `status` is `cancelled` when a paid
 * subscription ends and the user goes back to the trial.
 */
export async function changeStoredPlan(current: StoredPlan, to: PlanId, at: string, status: 'active' | 'cancelled' = 'active'): Promise<void> {
  if (!(await writeStoredPlan(current, to, at, status))) {
    throw new ConflictError('Your plan was changed at the same time. Please reload and try again.', 'PLAN_CHANGED');
  }
}

/** Reads the plan of an upgrade's caller, refusing a missing profile (404) and the plan already held (409). */
export async function planForUpgrade(userId: string, to: PlanId): Promise<StoredPlan> {
  const current = await readStoredPlan(userId);
  if (!current) throw new NotFoundError('User');
  if (current.plan === to) throw new ConflictError(`You are already on the ${PLANS[to].name} plan.`, 'ALREADY_ON_PLAN');
  return current;
}

export { setBillingAttributes } from '../profile-store';
