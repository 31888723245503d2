import { ulid } from 'ulid';
import { PLANS } from '../../../shared/plans';
import type { PlanId } from '../../../shared/schemas/user';
import * as events from '../../store/entities/billing-event';
import type { BillingEventRecord } from '../../store/entities/billing-event';
import { AMOUNT_ATTRIBUTE, COUNTER_ATTRIBUTE, add } from '../../store/entities/counter';
import { BILLING_COUNTERS } from '../metrics/counters';

/**
 * Billing events and the revenue counters the admin dashboard reads (docs/ARCHITECTURE.md, "Access
 * patterns: cases, billing, idempotency"). Every counter item has `count` (events) and, for money,
 * `amountCents`; they are ADDed atomically, so the dashboard reads a few items and never sums events.
 */

export { BILLING } from '../../store/entities/billing-event';

export type BillingEvent = BillingEventRecord;

/** Stores a billing event (`BILLING#id`, listed per user newest first). */
export async function putBillingEvent(event: Omit<BillingEvent, 'id'>): Promise<BillingEvent> {
  const stored = { ...event, id: ulid(Date.parse(event.createdAt)) };
  if (!(await events.create(stored))) throw new Error(`billing event ${stored.id} exists`);
  return stored;
}

/** The revenue counters' share of one plan, in cents (`amountCents:pro`). */
export const planRevenueAttribute = (plan: PlanId) => `${AMOUNT_ATTRIBUTE}:${plan}`;

/**
 * Counts money received: revenue (`count` and `amountCents`, and the plan's share `amountCents:<plan>`) in total
 * and for the month of `createdAt`.
 */
export async function countRevenue(event: Pick<BillingEvent, 'amountCents' | 'createdAt'> & { planId?: PlanId }): Promise<void> {
  const money: Record<string, number> = { [COUNTER_ATTRIBUTE]: 1, [AMOUNT_ATTRIBUTE]: event.amountCents };
  if (event.planId) money[planRevenueAttribute(event.planId)] = event.amountCents;
  await add(BILLING_COUNTERS.revenue, money, { monthly: true, at: event.createdAt, label: 'month' });
}

/**
 * Counts a move between plans: subscribers of the new plan +1 and of the previous paid plan -1, and an upgrade
 * for the month when the new plan costs more. No money: revenue is counted where money is received.
 */
export async function countPlanMove(event: Pick<BillingEvent, 'planId' | 'previousPlan' | 'createdAt'>): Promise<void> {
  const writes = [add(BILLING_COUNTERS.subscribers(event.planId), { [COUNTER_ATTRIBUTE]: 1 })];
  if (event.previousPlan !== 'trial') writes.push(add(BILLING_COUNTERS.subscribers(event.previousPlan), { [COUNTER_ATTRIBUTE]: -1 }));
  if (PLANS[event.planId].priceUsd > PLANS[event.previousPlan].priceUsd) {
    writes.push(add(BILLING_COUNTERS.upgrades, { [COUNTER_ATTRIBUTE]: 1 }, { total: false, monthly: true, at: event.createdAt, label: 'month' }));
  }
  await Promise.all(writes);
}

/** Counts a charge and the plan change behind it (demo billing: both at once). */
export async function countCharge(event: Pick<BillingEvent, 'planId' | 'previousPlan' | 'amountCents' | 'createdAt'>): Promise<void> {
  await Promise.all([countRevenue(event), countPlanMove(event)]);
}

/** Counts a paid subscription that ended (back to the trial): `subscribers-<plan>` -1. No money moves. */
export async function countCancellation(previousPlan: PlanId): Promise<void> {
  if (previousPlan === 'trial') return;
  await add(BILLING_COUNTERS.subscribers(previousPlan), { [COUNTER_ATTRIBUTE]: -1 });
}
