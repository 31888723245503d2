import Stripe from 'stripe';
import { UPGRADE_PLANS } from '../../../shared/schemas/subscription';
import type { PlanId } from '../../../shared/schemas/user';
import { HttpError } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { hashRequest, runOnce } from '../idempotency';
import { ERASURE_CANCELLATION_COMMENT } from './billing-port';
import { planPriceUsd } from '../platform/plan-prices';
import { recordPlanChange } from '../metrics/hooks';
import { countPlanMove, countRevenue, putBillingEvent } from './billing-events';
import { applyStripePlan, cancelToTrial } from './plan-changes';
import { changeStoredPlan, readStoredPlan, setBillingAttributes } from './plan-store';
import { invoicedMrrCents } from './invoiced-mrr';
import { periodEndOf } from './stripe-billing';

/**
 * The Stripe webhook (`POST /api/billing/stripe-webhook`): completes what StripeBilling started.
 * `checkout.session.completed` (and `checkout.session.async_payment_succeeded`) applies the plan the session
 * was created for; `invoice.paid` records the money (revenue, spend, MRR); `invoice.payment_failed` marks the
 * subscription past due; `customer.subscription.updated` books or withdraws a cancellation at the period end;
 * `customer.subscription.deleted` sends the user back to the trial (`cancelled`). Each event runs once by its Stripe event id (`runOnce`,
 * operation `stripe-event`), so a redelivery changes nothing. Any other event type is acknowledged and ignored.
 */

/** Operation name of the idempotency records (`IDEMPOTENCY#<userId>#stripe-event#sha256(event id)`). */
export const STRIPE_EVENT_OPERATION = 'stripe-event';
/** Stripe retries a failed delivery for up to 3 days and the dashboard can resend for 30: keep the record that long. */
const EVENT_RECORD_SECONDS = 30 * 24 * 3600;

class WebhookNotConfiguredError extends HttpError {
  constructor() {
    super(503, 'STRIPE_WEBHOOK_NOT_CONFIGURED', 'Stripe webhooks are not configured.');
  }
}

class InvalidSignatureError extends HttpError {
  constructor() {
    super(400, 'INVALID_STRIPE_SIGNATURE', 'Invalid Stripe signature.');
  }
}

/**
 * Verifies the `stripe-signature` header over the exact raw body (Stripe's own check: HMAC-SHA256 with the
 * endpoint secret, 5-minute timestamp tolerance) and returns the event. 503 without a secret, 400 when the
 * header is missing or does not match.
 */
export function verifyStripeEvent(rawBody: Buffer, signature: string | undefined, secret: string | undefined): Stripe.Event {
  if (!secret?.trim()) throw new WebhookNotConfiguredError();
  if (!signature) throw new InvalidSignatureError();
  try {
    return Stripe.webhooks.constructEvent(rawBody, signature, secret.trim());
  } catch (err) {
    logger.warn('stripe webhook signature refused', { error: err as Error });
    throw new InvalidSignatureError();
  }
}

export type WebhookOutcome = 'applied' | 'cancelled' | 'ignored' | 'recorded' | 'past_due' | 'updated';
export interface WebhookReply {
  received: true;
  /** Absent for event types this endpoint does not handle. */
  outcome?: WebhookOutcome;
}

const isUpgradePlan = (v: unknown): v is PlanId => (UPGRADE_PLANS as readonly unknown[]).includes(v);

/** Runs `work` once per Stripe event id; a redelivery gets the first outcome back. */
async function once(userId: string, event: Stripe.Event, work: () => Promise<WebhookOutcome>): Promise<WebhookReply> {
  const { body, replayed } = await runOnce<WebhookReply>(
    { userId, operation: STRIPE_EVENT_OPERATION, key: event.id, requestHash: hashRequest(event.type), ttlSeconds: EVENT_RECORD_SECONDS, lockSeconds: 60 },
    async () => ({ status: 200, body: { received: true, outcome: await work() } }),
  );
  if (replayed) logger.info('stripe event already handled', { eventId: event.id, type: event.type });
  return body;
}

async function checkoutCompleted(event: Stripe.Event, session: Stripe.Checkout.Session): Promise<WebhookReply> {
  const userId = session.metadata?.userId ?? session.client_reference_id ?? undefined;
  const planId = session.metadata?.planId;
  if (!userId || !isUpgradePlan(planId)) {
    // Not a session StripeBilling created: a retry would not make it one, so acknowledge it.
    logger.warn('stripe checkout session without user or plan', { eventId: event.id, sessionId: session.id });
    return { received: true, outcome: 'ignored' };
  }
  if (session.payment_status === 'unpaid') {
    // A delayed payment method: checkout.session.async_payment_succeeded applies the plan once it is paid.
    return { received: true, outcome: 'ignored' };
  }
  return once(userId, event, async () => {
    const current = await readStoredPlan(userId);
    if (!current) {
      logger.warn('stripe checkout for an unknown user', { eventId: event.id, userId });
      return 'ignored';
    }
    if (current.plan === planId) return 'ignored';
    // A lost race with another plan change throws 409: the record is released and Stripe retries later.
    await applyStripePlan(current, planId, { at: at(event), customerId: idOf(session.customer), subscriptionId: idOf(session.subscription) });
    return 'applied';
  });
}

const at = (event: Stripe.Event) => new Date(event.created * 1000).toISOString();
const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? undefined));

/** The Vigil user of an invoice: its subscription's metadata (Stripe's 2025 API puts it under `parent`). */
function invoiceUser(invoice: Stripe.Invoice): string | undefined {
  return invoice.parent?.subscription_details?.metadata?.userId ?? undefined;
}

/**
 * The recurring monthly amount an invoice charged, in cents, after discounts: its non-proration subscription
 * lines. Undefined for an invoice of prorations only (a mid-period plan change): MRR then settles at the next
 * renewal invoice.
 */
export function recurringCents(invoice: Stripe.Invoice): number | undefined {
  const lines = recurringLines(invoice);
  if (lines.length === 0) return undefined;
  return lines.reduce((sum, l) => sum + l.amount - (l.discount_amounts ?? []).reduce((d, x) => d + x.amount, 0), 0);
}

/** The plan's list price this invoice charged for a period, before discounts (cents); undefined without one. */
export function listPriceCents(invoice: Stripe.Invoice): number | undefined {
  const lines = recurringLines(invoice);
  return lines.length === 0 ? undefined : lines.reduce((sum, l) => sum + l.amount, 0);
}

/** The subscription's lines for a whole period (not prorations). */
function recurringLines(invoice: Stripe.Invoice): Stripe.InvoiceLineItem[] {
  return invoice.lines.data.filter((l) => l.parent?.subscription_item_details && !l.parent.subscription_item_details.proration);
}

/**
 * `invoice.paid`: money received. Records a `charge` billing event with the amount Stripe actually charged
 * (after discounts and proration), adds it to revenue and the user's spend, moves MRR to the invoice's recurring
 * amount, ends a past-due state, and at a renewal applies a downgrade booked for the period end.
 */
async function invoicePaid(event: Stripe.Event, invoice: Stripe.Invoice): Promise<WebhookReply> {
  const userId = invoiceUser(invoice);
  if (!userId) return { received: true, outcome: 'ignored' };
  return once(userId, event, async () => {
    let current = await readStoredPlan(userId);
    if (!current) return 'ignored';
    const when = at(event);
    const periodEnd = invoice.lines.data[0]?.period?.end;
    if (current.pendingPlan && current.pendingPlan !== 'trial' && invoice.billing_reason === 'subscription_cycle') {
      // The period the user paid the dearer plan for is over: the booked downgrade takes effect.
      await changeStoredPlan(current, current.pendingPlan, when);
      await countPlanMove({ planId: current.pendingPlan, previousPlan: current.plan, createdAt: when });
      await setBillingAttributes(userId, {}, ['pendingPlan']);
      current = { ...current, plan: current.pendingPlan, storedPlan: current.pendingPlan, pendingPlan: undefined };
    }
    const amountCents = invoice.amount_paid;
    const recurring = recurringCents(invoice);
    const invoicedBefore = invoicedMrrCents(current) ?? 0;
    await setBillingAttributes(
      userId,
      {
        subscriptionStatus: 'active',
        ...(recurring !== undefined ? { mrrCents: recurring } : {}),
        ...(periodEnd ? { currentPeriodEnd: new Date(periodEnd * 1000).toISOString() } : {}),
      },
      ['pastDueSince'],
    );
    if (amountCents > 0) {
      const listCents = listPriceCents(invoice);
      const event_ = await putBillingEvent({
        userId,
        kind: 'charge',
        provider: 'stripe',
        planId: current.plan,
        previousPlan: current.plan,
        // The price Stripe charged for the period (a subscriber keeps the price they signed up at until it is
        // moved), else the plan's current price (a proration-only invoice).
        priceUsd: listCents !== undefined ? listCents / 100 : await planPriceUsd(current.plan),
        discountPercent: current.discountPercent,
        amountUsd: amountCents / 100,
        amountCents,
        month: when.slice(0, 7),
        createdAt: when,
        invoiceId: invoice.id,
      });
      await countRevenue(event_);
    }
    await recordPlanChange({
      userId,
      from: current.plan,
      to: current.plan,
      fromDiscount: current.discountPercent,
      toDiscount: current.discountPercent,
      amountCents,
      // An invoice of prorations only leaves MRR where the last recurring charge put it.
      invoiced: { fromCents: invoicedBefore, toCents: recurring ?? invoicedBefore },
      at: when,
    });
    return 'recorded';
  });
}

/** `invoice.payment_failed`: the subscription is `past_due`; paid allowances stop once the grace is over. */
async function invoiceFailed(event: Stripe.Event, invoice: Stripe.Invoice): Promise<WebhookReply> {
  const userId = invoiceUser(invoice);
  if (!userId) return { received: true, outcome: 'ignored' };
  return once(userId, event, async () => {
    const current = await readStoredPlan(userId);
    if (!current || current.plan === 'trial') return 'ignored';
    await setBillingAttributes(userId, { subscriptionStatus: 'past_due', pastDueSince: current.pastDueSince ?? at(event) });
    logger.warn('stripe payment failed', { userId, invoiceId: invoice.id });
    return 'past_due';
  });
}

/**
 * `customer.subscription.updated`: a cancellation booked for the period end (from the customer portal) becomes
 * `pendingPlan: trial`; withdrawing it clears that; Stripe's `unpaid` (retries exhausted) stops paid allowances.
 */
async function subscriptionUpdated(event: Stripe.Event, sub: Stripe.Subscription): Promise<WebhookReply> {
  const userId = sub.metadata?.userId;
  if (!userId) return { received: true, outcome: 'ignored' };
  return once(userId, event, async () => {
    const current = await readStoredPlan(userId);
    if (!current || current.stripeSubscriptionId !== sub.id) return 'ignored';
    const periodEnd = periodEndOf(sub);
    const set: Record<string, unknown> = periodEnd ? { currentPeriodEnd: periodEnd } : {};
    const remove: string[] = [];
    if (sub.cancel_at_period_end) set.pendingPlan = 'trial';
    else if (current.pendingPlan === 'trial') remove.push('pendingPlan');
    if (sub.status === 'unpaid' || sub.status === 'past_due') set.subscriptionStatus = sub.status;
    await setBillingAttributes(userId, set, remove);
    return 'updated';
  });
}

async function subscriptionDeleted(event: Stripe.Event, subscription: Stripe.Subscription): Promise<WebhookReply> {
  // Cancelled by an account erasure: the user's items are being deleted; writing the event's record now would
  // leave an item of an erased user behind.
  if (subscription.cancellation_details?.comment === ERASURE_CANCELLATION_COMMENT) return { received: true, outcome: 'ignored' };
  const userId = subscription.metadata?.userId;
  if (!userId) {
    logger.warn('stripe subscription without a user', { eventId: event.id, subscriptionId: subscription.id });
    return { received: true, outcome: 'ignored' };
  }
  return once(userId, event, async () => {
    const current = await readStoredPlan(userId);
    if (!current || current.plan === 'trial') return 'ignored';
    // The subscription of a plan the user has since left (an older Checkout) must not end the current one.
    if (current.stripeSubscriptionId && current.stripeSubscriptionId !== subscription.id) {
      logger.info('stripe subscription of a previous plan ended', { eventId: event.id, userId, subscriptionId: subscription.id });
      return 'ignored';
    }
    await cancelToTrial(current, at(event));
    await setBillingAttributes(userId, {}, ['stripeSubscriptionId', 'pendingPlan', 'pastDueSince', 'mrrCents', 'currentPeriodEnd']);
    return 'cancelled';
  });
}

/** Handles a verified Stripe event; unknown types are acknowledged (`{received: true}`) and change nothing. */
export async function handleStripeEvent(event: Stripe.Event): Promise<WebhookReply> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return checkoutCompleted(event, event.data.object);
    case 'invoice.paid':
      return invoicePaid(event, event.data.object);
    case 'invoice.payment_failed':
      return invoiceFailed(event, event.data.object);
    case 'customer.subscription.updated':
      return subscriptionUpdated(event, event.data.object);
    case 'customer.subscription.deleted':
      return subscriptionDeleted(event, event.data.object);
    default:
      logger.debug('stripe event ignored', { eventId: event.id, type: event.type });
      return { received: true };
  }
}
