import Stripe from 'stripe';
import { UPGRADE_PLANS } from '../../../shared/schemas/subscription';
import type { PlanId } from '../../../shared/schemas/user';
import { HttpError } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { hashRequest, runOnce } from '../idempotency';
import { applyPaidPlan, cancelToTrial } from './plan-changes';
import { readStoredPlan } from './plan-store';

/**
 * The Stripe webhook (`POST /api/billing/stripe-webhook`): completes what StripeCheckoutBilling started.
 * `checkout.session.completed` (and `checkout.session.async_payment_succeeded`) applies the plan the session
 * was created for through `applyPaidPlan`, the same path ImmediateBilling takes; `customer.subscription.deleted`
 * sends the user back to the trial (`cancelled`). Each event runs once by its Stripe event id (`runOnce`,
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

export type WebhookOutcome = 'applied' | 'cancelled' | 'ignored';
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
    // Not a session StripeCheckoutBilling created: a retry would not make it one, so acknowledge it.
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
    await applyPaidPlan(current, planId, { at: new Date(event.created * 1000).toISOString(), provider: 'stripe', checkoutSessionId: session.id });
    return 'applied';
  });
}

async function subscriptionDeleted(event: Stripe.Event, subscription: Stripe.Subscription): Promise<WebhookReply> {
  const userId = subscription.metadata?.userId;
  if (!userId) {
    logger.warn('stripe subscription without a user', { eventId: event.id, subscriptionId: subscription.id });
    return { received: true, outcome: 'ignored' };
  }
  const planId = subscription.metadata?.planId;
  return once(userId, event, async () => {
    const current = await readStoredPlan(userId);
    if (!current || current.plan === 'trial') return 'ignored';
    // The subscription of a plan the user has since left (an older Checkout) must not end the current one.
    if (planId && planId !== current.plan) {
      logger.info('stripe subscription of a previous plan ended', { eventId: event.id, userId, planId, current: current.plan });
      return 'ignored';
    }
    await cancelToTrial(current, new Date(event.created * 1000).toISOString());
    return 'cancelled';
  });
}

/** Handles a verified Stripe event; unknown types are acknowledged (`{received: true}`) and change nothing. */
export async function handleStripeEvent(event: Stripe.Event): Promise<WebhookReply> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return checkoutCompleted(event, event.data.object);
    case 'customer.subscription.deleted':
      return subscriptionDeleted(event, event.data.object);
    default:
      logger.debug('stripe event ignored', { eventId: event.id, type: event.type });
      return { received: true };
  }
}
