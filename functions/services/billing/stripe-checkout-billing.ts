import Stripe from 'stripe';
import { discountedCents, PLANS } from '../../../shared/plans';
import type { UpgradeResponse } from '../../../shared/schemas/subscription';
import type { PlanId } from '../../../shared/schemas/user';
import { HttpError } from '../../lib/errors';
import { logger } from '../../lib/logger';
import type { BillingPort } from './billing-port';
import { putBillingEvent } from './billing-events';
import { type StoredPlan } from './plan-store';

export interface StripeBillingOptions {
  secretKey: string;
  /** The site's URL: Checkout returns to `/account?tab=billing`. */
  publicUrl: string;
  /** API endpoint override (a loopback stand-in in tests); default Stripe's API. */
  endpoint?: string;
}

class PaymentProviderError extends HttpError {
  constructor() {
    super(502, 'PAYMENT_PROVIDER_UNAVAILABLE', 'The payment page could not be opened. Please try again in a minute.');
  }
}

/**
 * Plan changes paid through Stripe Checkout: creates a subscription-mode Checkout Session for the plan's
 * monthly price after the user's discount and answers with its URL. The plan is NOT changed here: the
 * `checkout.session.completed` webhook applies it from the session's `metadata.userId/planId`
 * (stripe-webhook.ts), so a user who abandons the payment keeps their plan. Each session is recorded as a `checkout-started` event.
 */
export class StripeCheckoutBilling implements BillingPort {
  readonly kind = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(private readonly options: StripeBillingOptions) {
    const endpoint = options.endpoint ? new URL(options.endpoint) : undefined;
    this.stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: 2,
      timeout: 10_000,
      telemetry: false,
      ...(endpoint
        ? { host: endpoint.hostname, port: Number(endpoint.port || (endpoint.protocol === 'https:' ? 443 : 80)), protocol: endpoint.protocol.replace(':', '') as 'http' | 'https' }
        : {}),
    });
  }

  async upgrade(current: StoredPlan, planId: PlanId, now = new Date()): Promise<UpgradeResponse> {
    const at = now.toISOString();
    const amountCents = discountedCents(planId, current.discountPercent);
    const back = `${this.options.publicUrl.replace(/\/$/, '')}/account?tab=billing`;
    let session: Stripe.Checkout.Session;
    try {
      session = await this.stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          client_reference_id: current.userId,
          ...(current.email ? { customer_email: current.email } : {}),
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'usd',
                unit_amount: amountCents,
                recurring: { interval: 'month' },
                product_data: { name: `Vigil ${PLANS[planId].name}` },
              },
            },
          ],
          metadata: { userId: current.userId, planId, previousPlan: current.plan, discountPercent: String(current.discountPercent) },
          subscription_data: { metadata: { userId: current.userId, planId } },
          success_url: `${back}&checkout=success`,
          cancel_url: `${back}&checkout=cancelled`,
        },
        // One session per user, plan and minute: a double click gets the same session back from Stripe.
        { idempotencyKey: `upgrade-${current.userId}-${planId}-${at.slice(0, 16)}` },
      );
    } catch (err) {
      logger.error('stripe checkout session failed', { userId: current.userId, error: err as Error });
      throw new PaymentProviderError();
    }
    if (!session.url) throw new PaymentProviderError();
    await putBillingEvent({
      userId: current.userId,
      kind: 'checkout-started',
      provider: 'stripe',
      planId,
      previousPlan: current.plan,
      priceUsd: PLANS[planId].priceUsd,
      discountPercent: current.discountPercent,
      amountUsd: amountCents / 100,
      amountCents,
      month: at.slice(0, 7),
      createdAt: at,
      checkoutSessionId: session.id,
    });
    return { success: true, outcome: 'checkout', plan: current.plan, status: current.status, checkoutUrl: session.url, charge: null };
  }
}
