import type { UpgradeResponse } from '../../../shared/schemas/subscription';
import type { PlanId } from '../../../shared/schemas/user';
import type { StoredPlan } from './plan-store';

/**
 * The billing port: how a plan change is paid for. `ImmediateBilling` (the default, and what runs locally)
 * applies the plan at once and records the charge; `StripeCheckoutBilling` (when STRIPE_SECRET_KEY is set)
 * returns a Stripe Checkout URL and leaves the plan unchanged until the payment completes (see
 * docs/ARCHITECTURE.md, "Stripe webhook").
 */
export interface BillingPort {
  readonly kind: 'local' | 'stripe';
  /** Starts (or applies) a change of `current` to `planId`; `current.plan !== planId` is checked by the caller. */
  upgrade(current: StoredPlan, planId: PlanId, now?: Date): Promise<UpgradeResponse>;
}
