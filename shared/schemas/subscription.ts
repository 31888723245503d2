import * as z from 'zod';
import { planIdSchema } from './user';

/** Plans and billing (PRODUCT.md sections 1, 7 and 9): the stored plan is the one every plan gate reads. */

/** `GET /api/user/subscription`. `discount` is the percent an administrator granted, when there is one. */
export const subscriptionSchema = z.object({
  plan: planIdSchema,
  status: z.string(),
  discount: z.number().min(0).max(100).optional(),
  /** Monthly price of the plan in US dollars, after the discount. */
  monthlyPriceUsd: z.number().nonnegative(),
  /** When the plan last changed (absent while on the initial trial). */
  planChangedAt: z.string().optional(),
  /** How plan changes are paid here: `demo` (applied at once, nothing charged), `stripe`, or `none` (unavailable). */
  billingMode: z.enum(['demo', 'stripe', 'none']).optional(),
  /** A change booked for the end of the billing period (a downgrade, or `trial` for a cancellation). */
  pendingPlan: planIdSchema.optional(),
  /** When the billing period ends and `pendingPlan` takes effect. */
  currentPeriodEnd: z.string().optional(),
  /** True when the plan is paid through Stripe, so "Manage billing" can open the customer portal. */
  manageable: z.boolean().optional(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const UPGRADE_PLANS = ['basic', 'pro', 'enterprise'] as const;

/** `POST /api/subscription/upgrade` body. */
export const upgradeBodySchema = z.object({
  planId: z.enum(UPGRADE_PLANS, { error: 'Choose a plan: basic, pro or enterprise.' }),
});
export type UpgradeBody = z.infer<typeof upgradeBodySchema>;

/**
 * `POST /api/subscription/upgrade` response. Locally (and wherever no payment provider is configured) the
 * plan changes at once: `applied` with the charge. With Stripe, `checkout`: the browser goes to
 * `checkoutUrl` and the plan changes when the payment completes.
 */
export const upgradeResponseSchema = z.object({
  success: z.boolean(),
  /** `applied` now, `checkout` (go to `checkoutUrl`), or `scheduled` for the end of the period (`effectiveAt`). */
  outcome: z.enum(['applied', 'checkout', 'scheduled']),
  effectiveAt: z.string().nullable().optional(),
  plan: planIdSchema,
  status: z.string(),
  checkoutUrl: z.string().nullable(),
  charge: z
    .object({
      priceUsd: z.number().nonnegative(),
      discountPercent: z.number().min(0).max(100),
      amountUsd: z.number().nonnegative(),
      month: z.string(),
    })
    .nullable(),
});
export type UpgradeResponse = z.infer<typeof upgradeResponseSchema>;

/** `GET /api/billing/mode` (public): how plan changes are paid here, so every screen with prices can say so. */
export const billingModeSchema = z.object({ mode: z.enum(['demo', 'stripe', 'none']) });
export type BillingMode = z.infer<typeof billingModeSchema>['mode'];

/** `POST /api/billing/portal`: the Stripe customer portal session to open. */
export const billingPortalSchema = z.object({ url: z.string() });
