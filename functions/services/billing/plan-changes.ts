import { discountedCents } from '../../../shared/plans';
import { planPriceUsd } from '../platform/plan-prices';
import type { PlanId } from '../../../shared/schemas/user';
import { logger } from '../../lib/logger';
import { recordPlanChange } from '../metrics/hooks';
import { countCancellation, countCharge, countPlanMove, putBillingEvent, type BillingEvent } from './billing-events';
import { changeStoredPlan, setBillingAttributes, type StoredPlan } from './plan-store';
import { invoicedMrrCents } from './invoiced-mrr';

/**
 * The one way a paid plan takes effect, whoever triggers it (ImmediateBilling at once, the Stripe webhook
 * when Checkout completes): the plan change (conditional on the plan read, so concurrent changes charge
 * once; a lost race throws 409) -> the `charge` billing event (the plan's price less the administrator-set
 * discount) -> the revenue and subscriber counters -> the admin metrics hook. A crash after the plan change
 * leaves the plan changed without its event (docs/ARCHITECTURE.md, failure modes).
 */
export async function applyPaidPlan(
  current: StoredPlan,
  planId: PlanId,
  opts: { at: string; provider: BillingEvent['provider']; checkoutSessionId?: string },
): Promise<BillingEvent> {
  const { at } = opts;
  await changeStoredPlan(current, planId, at);
  // The price an administrator set (Pricing Updates), not the launch price.
  const priceUsd = await planPriceUsd(planId);
  const amountCents = discountedCents(planId, current.discountPercent, priceUsd);
  const event = await putBillingEvent({
    userId: current.userId,
    kind: 'charge',
    provider: opts.provider,
    planId,
    previousPlan: current.plan,
    priceUsd,
    discountPercent: current.discountPercent,
    amountUsd: amountCents / 100,
    amountCents,
    month: at.slice(0, 7),
    createdAt: at,
    ...(opts.checkoutSessionId ? { checkoutSessionId: opts.checkoutSessionId } : {}),
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
  logger.info('plan changed', { userId: current.userId, from: current.plan, to: planId, amountCents, provider: opts.provider });
  return event;
}

/**
 * A paid subscription ended (cancelled or unpaid at Stripe): back to the trial with status `cancelled`
 * (conditional on the plan read), `subscribers-<plan>` -1, and the admin metrics hook (MRR down, a
 * cancellation counted). Nothing is charged, so no billing event is written.
 */
export async function cancelToTrial(current: StoredPlan, at: string): Promise<void> {
  const invoiced = invoicedMrrCents(current);
  await changeStoredPlan(current, 'trial', at, 'cancelled');
  await countCancellation(current.plan);
  await recordPlanChange({
    userId: current.userId,
    from: current.plan,
    to: 'trial',
    fromDiscount: current.discountPercent,
    toDiscount: current.discountPercent,
    amountCents: 0,
    // A Stripe subscription takes off what its paid invoices charged; demo billing its list price.
    ...(invoiced !== undefined ? { invoiced: { fromCents: invoiced, toCents: 0 } } : {}),
    at,
  });
  logger.info('subscription cancelled', { userId: current.userId, from: current.plan });
}

/**
 * A plan bought through Stripe took effect (Checkout completed): the plan change (conditional on the plan read),
 * the Stripe ids on the profile, the subscriber counters and the metrics hook. No money is counted here: revenue
 * and MRR come from the paid invoices (stripe-webhook.ts, `invoice.paid`).
 */
export async function applyStripePlan(current: StoredPlan, planId: PlanId, opts: { at: string; customerId?: string; subscriptionId?: string }): Promise<void> {
  await changeStoredPlan(current, planId, opts.at);
  await setBillingAttributes(
    current.userId,
    { stripeCustomerId: opts.customerId, stripeSubscriptionId: opts.subscriptionId },
    ['pendingPlan', 'pastDueSince'],
  );
  await countPlanMove({ planId, previousPlan: current.plan, createdAt: opts.at });
  // MRR stays what was invoiced until the subscription's first invoice is paid.
  const invoiced = invoicedMrrCents(current) ?? 0;
  await recordPlanChange({ userId: current.userId, from: current.plan, to: planId, fromDiscount: 0, toDiscount: 0, amountCents: 0, invoiced: { fromCents: invoiced, toCents: invoiced }, at: opts.at });
  logger.info('plan changed', { userId: current.userId, from: current.plan, to: planId, provider: 'stripe' });
}
