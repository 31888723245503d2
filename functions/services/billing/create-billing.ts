import type { BillingPort } from './billing-port';
import { ImmediateBilling } from './immediate-billing';
import { StripeCheckoutBilling } from './stripe-checkout-billing';
import { environment } from '../../lib/config';

export interface BillingEnv {
  STRIPE_SECRET_KEY?: string;
  /** Stripe API endpoint override (tests); the real API otherwise. */
  STRIPE_ENDPOINT?: string;
  PUBLIC_URL?: string;
}

/**
 * The billing adapter the configuration selects: Stripe Checkout when STRIPE_SECRET_KEY is set, the
 * immediate (record-only) adapter otherwise. Nothing branches on "am I local".
 */
export function createBilling(env: BillingEnv = environment()): BillingPort {
  const key = env.STRIPE_SECRET_KEY?.trim();
  if (!key) return new ImmediateBilling();
  return new StripeCheckoutBilling({
    secretKey: key,
    publicUrl: env.PUBLIC_URL ?? 'http://localhost:3000',
    endpoint: env.STRIPE_ENDPOINT?.trim() || undefined,
  });
}
