import { PLANS } from '../../../shared/plans';
import type { UpgradeResponse } from '../../../shared/schemas/subscription';
import type { PlanId } from '../../../shared/schemas/user';
import { logger } from '../../lib/logger';
import { recordPlanChange } from '../metrics/hooks';
import type { BillingPort } from './billing-port';
import { countCharge, putBillingEvent } from './billing-events';
import { changeStoredPlan, discountedCents, type StoredPlan } from './plan-store';

/**
 * Applies a plan change at once and records what it would cost: the plan's price from shared/plans.ts, the
 * administrator-set discount, the amount and the month, as a billing event, with the revenue and subscriber
 * counters ADDed for the admin dashboard. The default adapter, used wherever no payment provider is
 * configured (locally, demos).
 *
 * Order: plan change (conditional on the plan read, so concurrent upgrades charge once) -> billing event ->
 * counters (revenue, subscribers, upgrades) -> the admin metrics hook (MRR, spend, funnel). A crash after the plan change leaves the plan changed without its event; see the failure modes
 * in docs/ARCHITECTURE.md.
 */
export class ImmediateBilling implements BillingPort {
  readonly kind = 'local' as const;

  async upgrade(current: StoredPlan, planId: PlanId, now = new Date()): Promise<UpgradeResponse> {
    const at = now.toISOString();
    await changeStoredPlan(current, planId, at);
    const amountCents = discountedCents(planId, current.discountPercent);
    const event = await putBillingEvent({
      userId: current.userId,
      kind: 'charge',
      provider: 'local',
      planId,
      previousPlan: current.plan,
      priceUsd: PLANS[planId].priceUsd,
      discountPercent: current.discountPercent,
      amountUsd: amountCents / 100,
      amountCents,
      month: at.slice(0, 7),
      createdAt: at,
    });
    await countCharge(event);
    await recordPlanChange({
      userId: current.userId,
      from: current.plan,
      to: planId,
      fromDiscount: current.discountPercent,
      toDiscount: current.discountPercent,
      amountCents,
      at,
    });
    logger.info('plan changed', { userId: current.userId, from: current.plan, to: planId, amountCents });
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
