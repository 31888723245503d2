import * as z from 'zod';
import { planIdSchema } from '../../../shared/schemas/user';
import { keys } from '../keys';
import { Cond, putItemIf, type Item } from '../table';

/**
 * A billing event (`BILLING#id`, listed newest first under its user on gsi1): a charge, or a Stripe Checkout
 * started. Written once and never changed; the revenue and subscriber counters beside it are kept with ADD
 * (services/billing/billing-events.ts), so nothing ever sums events.
 */
export const BILLING = 'BILLING';

/** Version 1; items written before versions were stored have none and read as 1. */
const eventSchema = z.object({
  v: z.literal(1).default(1),
  /** A ULID of `createdAt`, so the user's events list in time order. */
  id: z.string(),
  userId: z.string(),
  kind: z.enum(['charge', 'checkout-started']),
  provider: z.enum(['local', 'stripe']),
  /** The Stripe invoice a charge was recorded from (each is recorded once). */
  invoiceId: z.string().optional(),
  planId: planIdSchema,
  previousPlan: planIdSchema,
  priceUsd: z.number(),
  discountPercent: z.number(),
  amountUsd: z.number(),
  amountCents: z.number(),
  /** `yyyy-mm` the charge belongs to. */
  month: z.string(),
  createdAt: z.string(),
  checkoutSessionId: z.string().optional(),
});
export type BillingEventRecord = Omit<z.infer<typeof eventSchema>, 'v'>;

export function toItem(event: BillingEventRecord): Item {
  return { ...keys.entity(BILLING, event.id), ...keys.ownedBy(event.userId, BILLING, event.id), entity: BILLING, v: 1, ...event };
}

export function fromItem(item: Item): BillingEventRecord {
  const { v: _v, ...event } = eventSchema.parse(item);
  return event;
}

/** Writes a new event; false when its id is taken. */
export function create(event: BillingEventRecord): Promise<boolean> {
  return putItemIf(toItem(event), Cond.notExists());
}
