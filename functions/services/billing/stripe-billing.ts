import type Stripe from 'stripe';
import { PLANS } from '../../../shared/plans';
import type { UpgradeResponse } from '../../../shared/schemas/subscription';
import type { PlanId } from '../../../shared/schemas/user';
import { stripeClient, stripeKeys } from '../../adapters/stripe/client';
import { config } from '../../lib/config';
import { BillingUnavailableError, ConflictError, HttpError } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { recordPlanChange } from '../metrics/hooks';
import { countPlanMove, putBillingEvent } from './billing-events';
import { ERASURE_CANCELLATION_COMMENT, type BillingPort } from './billing-port';
import { changeStoredPlan, setBillingAttributes, type StoredPlan } from './plan-store';
import { invoicedMrrCents } from './invoiced-mrr';
import { planPriceUsd } from '../platform/plan-prices';
import type { PlanPrices } from '../../../shared/schemas/platform';

class PaymentProviderError extends HttpError {
  constructor() {
    super(502, 'PAYMENT_PROVIDER_UNAVAILABLE', 'The payment provider could not be reached. Please try again in a minute.');
  }
}

/** Lookup key of a plan's monthly price at Stripe (created on first use when missing). */
export const priceLookupKey = (plan: PlanId) => `vigil-${plan}-monthly`;
/** Id of the coupon for an administrator's discount (one per percent, created on first use). */
export const couponId = (percent: number) => `vigil-${Math.round(percent)}-off`;

/**
 * The price id of a plan at its stored price (Pricing Updates), found by lookup key, or created once. A price
 * changed since the lookup key's price was made gets a new Stripe price that takes the lookup key over
 * (`transfer_lookup_key`); subscriptions on the old price keep it until their plan changes.
 */
async function priceFor(stripe: Stripe, plan: PlanId, usd?: number): Promise<string> {
  const lookup = priceLookupKey(plan);
  const cents = Math.round((usd ?? (await planPriceUsd(plan))) * 100);
  const found = await stripe.prices.list({ lookup_keys: [lookup], active: true, limit: 1 });
  if (found.data[0] && found.data[0].unit_amount === cents) return found.data[0].id;
  const created = await stripe.prices.create({
    currency: 'usd',
    unit_amount: cents,
    recurring: { interval: 'month' },
    lookup_key: lookup,
    transfer_lookup_key: true,
    product_data: { name: `Vigil ${PLANS[plan].name}` },
  });
  return created.id;
}

/** The coupon of a discount (forever, percent off), or undefined without one. */
async function couponFor(stripe: Stripe, percent: number): Promise<string | undefined> {
  if (!(percent > 0)) return undefined;
  const id = couponId(percent);
  try {
    await stripe.coupons.retrieve(id);
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode !== 404) throw err;
    await stripe.coupons.create({ id, percent_off: Math.round(percent), duration: 'forever', name: `Vigil discount ${Math.round(percent)}%` });
  }
  return id;
}

async function guarded<T>(what: string, userId: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof HttpError) throw err;
    logger.error(`stripe ${what} failed`, { userId, error: err as Error });
    throw new PaymentProviderError();
  }
}

/**
 * Plans paid through Stripe subscriptions (issue 10):
 * - no subscription yet: a subscription-mode Checkout Session for the plan's price (with the administrator's
 *   discount as a coupon); the plan changes when `checkout.session.completed` arrives (stripe-webhook.ts);
 * - a subscription already: the same subscription's item moves to the new price. A dearer plan applies now, with
 *   proration invoiced at once; a cheaper plan is booked for the period end (no proration) and applied by the
 *   webhook when the next period's invoice is paid, so the user keeps what they paid for until then.
 * Revenue and MRR are never recorded here: only from paid invoices (`invoice.paid`, the amount charged).
 */
export class StripeBilling implements BillingPort {
  readonly mode = 'stripe' as const;

  async publishPrices(prices: PlanPrices): Promise<'created'> {
    const stripe = await this.stripe();
    await guarded('price update', 'admin', async () => {
      for (const plan of ['basic', 'pro', 'enterprise'] as const) await priceFor(stripe, plan, prices[plan]);
    });
    return 'created';
  }

  private async stripe(): Promise<Stripe> {
    const k = await stripeKeys();
    if (!k) throw new BillingUnavailableError();
    return stripeClient(k.secretKey);
  }

  async upgrade(current: StoredPlan, planId: PlanId, now = new Date()): Promise<UpgradeResponse> {
    const stripe = await this.stripe();
    return current.stripeSubscriptionId && current.plan !== 'trial'
      ? this.changeSubscription(stripe, current, planId, now)
      : this.checkout(stripe, current, planId, now);
  }

  private async checkout(stripe: Stripe, current: StoredPlan, planId: PlanId, now: Date): Promise<UpgradeResponse> {
    const at = now.toISOString();
    const back = `${config().publicUrl}/account?tab=billing`;
    const session = await guarded('checkout', current.userId, async () => {
      const [price, coupon] = await Promise.all([priceFor(stripe, planId), couponFor(stripe, current.discountPercent)]);
      return stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          client_reference_id: current.userId,
          ...(current.stripeCustomerId ? { customer: current.stripeCustomerId } : current.email ? { customer_email: current.email } : {}),
          line_items: [{ price, quantity: 1 }],
          ...(coupon ? { discounts: [{ coupon }] } : {}),
          metadata: { userId: current.userId, planId, previousPlan: current.plan },
          subscription_data: { metadata: { userId: current.userId, planId } },
          success_url: `${back}&checkout=success`,
          cancel_url: `${back}&checkout=cancelled`,
        },
        // One session per user, plan and minute: a double click gets the same session back from Stripe.
        { idempotencyKey: `upgrade-${current.userId}-${planId}-${at.slice(0, 16)}` },
      );
    });
    if (!session.url) throw new PaymentProviderError();
    await putBillingEvent({
      userId: current.userId,
      kind: 'checkout-started',
      provider: 'stripe',
      planId,
      previousPlan: current.plan,
      priceUsd: await planPriceUsd(planId),
      discountPercent: current.discountPercent,
      amountUsd: 0,
      amountCents: 0,
      month: at.slice(0, 7),
      createdAt: at,
      checkoutSessionId: session.id,
    });
    return { success: true, outcome: 'checkout', plan: current.plan, status: current.status, checkoutUrl: session.url, charge: null };
  }

  private async changeSubscription(stripe: Stripe, current: StoredPlan, planId: PlanId, now: Date): Promise<UpgradeResponse> {
    const at = now.toISOString();
    const dearer = (await planPriceUsd(planId)) > (await planPriceUsd(current.plan));
    const sub = await guarded('subscription update', current.userId, async () => {
      const existing = await stripe.subscriptions.retrieve(current.stripeSubscriptionId!);
      const item = existing.items.data[0];
      if (!item) throw new ConflictError('Your subscription has no plan item. Please use "Manage billing".', 'SUBSCRIPTION_INVALID');
      const [price, coupon] = await Promise.all([priceFor(stripe, planId), couponFor(stripe, current.discountPercent)]);
      return stripe.subscriptions.update(current.stripeSubscriptionId!, {
        items: [{ id: item.id, price }],
        // Dearer: charge the difference now. Cheaper: no credit, the new price from the next period.
        proration_behavior: dearer ? 'always_invoice' : 'none',
        cancel_at_period_end: false,
        metadata: { userId: current.userId, planId },
        ...(coupon ? { discounts: [{ coupon }] } : {}),
      });
    });
    const periodEnd = periodEndOf(sub);
    if (!dearer) {
      await setBillingAttributes(current.userId, { pendingPlan: planId, ...(periodEnd ? { currentPeriodEnd: periodEnd } : {}) });
      logger.info('plan change booked for the period end', { userId: current.userId, from: current.plan, to: planId, periodEnd });
      return { success: true, outcome: 'scheduled', plan: current.plan, status: current.status, checkoutUrl: null, charge: null, effectiveAt: periodEnd ?? null };
    }
    await changeStoredPlan(current, planId, at);
    await setBillingAttributes(current.userId, periodEnd ? { currentPeriodEnd: periodEnd } : {}, ['pendingPlan']);
    await countPlanMove({ planId, previousPlan: current.plan, createdAt: at });
    // MRR and revenue follow the proration invoice when Stripe reports it paid.
    const invoiced = invoicedMrrCents(current) ?? 0;
    await recordPlanChange({ userId: current.userId, from: current.plan, to: planId, fromDiscount: 0, toDiscount: 0, amountCents: 0, invoiced: { fromCents: invoiced, toCents: invoiced }, at });
    return { success: true, outcome: 'applied', plan: planId, status: 'active', checkoutUrl: null, charge: null };
  }

  /**
   * The administrator's discount on the running subscription, at once (issue 10; the admin function asks for it
   * through discount-sync.ts): the discount's coupon replaces any other, none removes it. No proration: the
   * discount counts from the next invoice, which `invoice.paid` records at the amount charged.
   */
  async applyDiscount(current: StoredPlan): Promise<'applied' | 'removed' | 'skipped'> {
    if (!current.stripeSubscriptionId || current.plan === 'trial') return 'skipped';
    const stripe = await this.stripe();
    return guarded('discount', current.userId, async () => {
      const coupon = await couponFor(stripe, current.discountPercent);
      await stripe.subscriptions.update(current.stripeSubscriptionId!, { discounts: coupon ? [{ coupon }] : '', proration_behavior: 'none' });
      return coupon ? 'applied' : 'removed';
    });
  }

  /**
   * The account is being erased (issue 27): its subscription ends now (Stripe's cancel, no proration, no further
   * invoice), marked with ERASURE_CANCELLATION_COMMENT so the webhook writes nothing for it. A subscription
   * already ended or unknown to Stripe is skipped, so a repeated confirmation cancels nothing twice.
   */
  async cancelForErasure(current: StoredPlan): Promise<'cancelled' | 'skipped'> {
    const id = current.stripeSubscriptionId;
    if (!id) return 'skipped';
    const stripe = await this.stripe();
    return guarded('cancellation', current.userId, async () => {
      let sub: Stripe.Subscription;
      try {
        sub = await stripe.subscriptions.retrieve(id);
      } catch (err) {
        if ((err as { statusCode?: number }).statusCode === 404) return 'skipped';
        throw err;
      }
      if (sub.status === 'canceled' || sub.status === 'incomplete_expired') return 'skipped';
      await stripe.subscriptions.cancel(id, { cancellation_details: { comment: ERASURE_CANCELLATION_COMMENT } }, { idempotencyKey: `erase-${current.userId}-${id}` });
      logger.info('subscription cancelled for account erasure', { userId: current.userId, subscriptionId: id });
      return 'cancelled';
    });
  }

  /** A customer portal session ("Manage billing"): payment methods, invoices, cancellation at period end. */
  async portal(current: StoredPlan): Promise<string> {
    if (!current.stripeCustomerId) throw new ConflictError('There is no Stripe billing account for you yet: choose a paid plan first.', 'NO_BILLING_ACCOUNT');
    const stripe = await this.stripe();
    const session = await guarded('portal', current.userId, () =>
      stripe.billingPortal.sessions.create({ customer: current.stripeCustomerId!, return_url: `${config().publicUrl}/account?tab=billing` }),
    );
    return session.url;
  }
}

/** The period end of a subscription as ISO (on its first item since Stripe's 2025 API; on the subscription before). */
export function periodEndOf(sub: Stripe.Subscription): string | undefined {
  const seconds = (sub.items?.data[0] as { current_period_end?: number } | undefined)?.current_period_end ?? (sub as { current_period_end?: number }).current_period_end;
  return seconds ? new Date(seconds * 1000).toISOString() : undefined;
}
