import { PLANS } from '../plans';
import type { PlanPrices } from '../schemas/platform';

/*
 * The help texts (FAQ, guides) name the paid plans' prices as launch prices written `$<price>/month` (priceText).
 * What a reader sees is the price billing charges now (the Pricing Updates setting): the Help page puts the stored
 * prices in with `withPlanPrices` (from `GET /api/public/plans`), and so does the assistant before it quotes or
 * grounds on a passage. The launch prices are distinct, so each `$<launch>/month` names one plan, replaced in one
 * pass (a new price equal to another plan's launch price is not replaced twice).
 */

const PAID = ['basic', 'pro', 'enterprise'] as const;

/** How a help text names a paid plan's monthly price: its launch price, replaced by the stored one when shown. */
export function priceText(plan: (typeof PAID)[number]): string {
  return `$${PLANS[plan].priceUsd}/month`;
}

const BY_LAUNCH_PRICE = new Map<string, (typeof PAID)[number]>(PAID.map((p) => [String(PLANS[p].priceUsd), p]));

/** A help text with the stored plan prices in place of the launch prices (unchanged while the prices are unknown). */
export function withPlanPrices(text: string, prices: PlanPrices | undefined): string {
  if (!prices) return text;
  return text.replace(/\$(\d+)\/month/g, (whole, n: string) => {
    const plan = BY_LAUNCH_PRICE.get(n);
    return plan ? `$${prices[plan]}/month` : whole;
  });
}
