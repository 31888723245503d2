import type { UpgradeResponse } from '../../../shared/schemas/subscription';
import type { PlanId } from '../../../shared/schemas/user';
import type { StoredPlan } from './plan-store';
import type { PlanPrices } from '../../../shared/schemas/platform';

/** How plan changes are paid: the `BILLING` setting (functions/lib/config.ts). */
export type BillingMode = 'demo' | 'stripe' | 'none';

/**
 * The billing port: how a plan change is paid for (issue 10). `DemoBilling` (`BILLING=demo`, the default of
 * `npm start` only) applies the plan at once and charges nothing real; `StripeBilling` goes through Stripe
 * subscriptions; `NoBilling` (`none`, the default anywhere else) refuses every change with 503, so a deployment
 * without Stripe can never hand out paid plans.
 */
export interface BillingPort {
  readonly mode: BillingMode;
  /** Starts (or applies) a change of `current` to `planId`; `current.plan !== planId` is checked by the caller. */
  upgrade(current: StoredPlan, planId: PlanId, now?: Date): Promise<UpgradeResponse>;
  /**
   * Puts the stored administrator's discount on the running subscription (a coupon; none removes it), so it
   * applies from the next invoice without a plan change. Stripe only; the others have nothing to update.
   */
  applyDiscount(current: StoredPlan): Promise<'applied' | 'removed' | 'skipped'>;
  /**
   * Makes new plan prices (Pricing Updates) chargeable before they are stored: at Stripe, a new monthly price per
   * paid plan under the plan's lookup key. The others charge the stored price directly: nothing to do.
   */
  publishPrices(prices: PlanPrices): Promise<'created' | 'skipped'>;
  /** A customer-portal URL ("Manage billing"); Stripe only. */
  portal(current: StoredPlan): Promise<string>;
  /**
   * Ends the user's subscription at once because their account is being erased (issue 27): no further invoice.
   * Idempotent (a subscription already ended, or none, is `skipped`). Stripe only; the others charge nothing.
   */
  cancelForErasure(current: StoredPlan): Promise<'cancelled' | 'skipped'>;
}

/**
 * The comment Vigil puts on a subscription it cancels for an account erasure: the `customer.subscription.deleted`
 * event that follows is acknowledged without writing anything (the account is being deleted).
 */
export const ERASURE_CANCELLATION_COMMENT = 'vigil: account erasure';
