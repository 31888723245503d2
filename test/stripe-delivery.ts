import Stripe from 'stripe';
import { contract } from '../shared/contract';
import { call } from './harness';
import type { StripeFake } from './stripe-fake';

/** One delivered webhook event: its type, the route's status and the outcome it answered. */
export interface Delivery {
  type: string;
  status: number;
  outcome: string;
}

/**
 * Delivers the events the Stripe fake produced since the last call to `POST /api/webhooks/stripe`, in order,
 * signed with `secret` as Stripe signs them (as a call from Stripe, not from the site).
 */
export async function deliverStripeEvents(stripe: StripeFake, secret: string): Promise<Delivery[]> {
  const out: Delivery[] = [];
  for (const e of stripe.take()) {
    const text = JSON.stringify(e);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload: text, secret });
    const res = await call(contract.stripeWebhook, { body: text, headers: { 'stripe-signature': signature }, fromSite: false });
    out.push({ type: e.type, status: res.status, outcome: (res.body as { outcome?: string }).outcome ?? '-' });
  }
  return out;
}
