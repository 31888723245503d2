import type { UpgradeResponse } from '../../../shared/schemas/subscription';
import type { PlanId } from '../../../shared/schemas/user';
import type { BillingPort } from './billing-port';
import { applyPaidPlan } from './plan-changes';
import type { StoredPlan } from './plan-store';

/**
 * Applies a plan change at once and records what it would cost: the plan's price from shared/plans.ts, the
 * administrator-set discount, the amount and the month, as a billing event, with the revenue and subscriber
 * counters ADDed for the admin dashboard. The default adapter, used wherever no payment provider is
 * configured (locally, demos). The work itself is `applyPaidPlan`, shared with the Stripe webhook.
 */
export class ImmediateBilling implements BillingPort {
  readonly kind = 'local' as const;

  async upgrade(current: StoredPlan, planId: PlanId, now = new Date()): Promise<UpgradeResponse> {
    const event = await applyPaidPlan(current, planId, { at: now.toISOString(), provider: 'local' });
    return {
      success: true,
      outcome: 'applied',
      plan: planId,
      status: 'active',
      checkoutUrl: null,
      charge: { priceUsd: event.priceUsd, discountPercent: event.discountPercent, amountUsd: event.amountUsd, month: event.month },
    };
  }
}
