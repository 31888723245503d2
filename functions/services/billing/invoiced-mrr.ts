/**
 * What a subscription billed by Stripe adds to MRR: the monthly amount its last paid invoice charged (recorded
 * by `invoice.paid` as `mrrCents`; 0 before the first), since Stripe decides what is charged. Undefined for a
 * plan not billed by Stripe, whose MRR is its discounted list price. `mrrChangeCents` (shared/plans.ts) reads it.
 */
export function invoicedMrrCents(p: { stripeSubscriptionId?: unknown; mrrCents?: unknown }): number | undefined {
  if (typeof p.stripeSubscriptionId !== 'string' && p.mrrCents === undefined) return undefined;
  return Number(p.mrrCents ?? 0);
}
