import type { Revenue } from '../../../shared/schemas/platform';
import { AMOUNT_ATTRIBUTE, num, readPeriods, readTotals } from '../../store/entities/counter';
import { planRevenueAttribute } from '../billing/billing-events';
import { COUNTERS, PAID_PLANS } from '../metrics/counters';
import { addMonths, monthOf, monthsBetween } from '../metrics/periods';
import { roundFraction, roundMoney } from './formulas';

/**
 * `GET /api/admin/revenue` (issue 26): revenue per plan, growth and projected ARR, all from the revenue counters
 * that billing keeps for every charge (services/billing/billing-events.ts countRevenue), and MRR.
 *
 * - per plan: the TOTAL revenue item's `amountCents:<plan>` shares; charges counted before the share was kept are
 *   the `unattributed` rest;
 * - growth: revenue of the latest period against the one before it (this month against last month; the last 3
 *   months, this one included, against the 3 before; the last 12 against the 12 before), null when the earlier
 *   period had no revenue (there is nothing to grow from);
 * - projected ARR: MRR x 12.
 */

const cents = (n: number) => roundMoney(n / 100);

/** (latest - earlier) / earlier, or null when the earlier period had no revenue. */
export function growthOf(latest: number, earlier: number): number | null {
  return earlier > 0 ? roundFraction((latest - earlier) / earlier) : null;
}

/** Growth figures from monthly revenue in cents, oldest first, this month last (24 months). */
export function growthFromMonths(monthly: number[]): Revenue['growth'] {
  const sum = (from: number, to: number) => monthly.slice(Math.max(0, monthly.length - to), monthly.length - from).reduce((a, b) => a + b, 0);
  return {
    monthly: growthOf(sum(0, 1), sum(1, 2)),
    quarterly: growthOf(sum(0, 3), sum(3, 6)),
    annual: growthOf(sum(0, 12), sum(12, 24)),
  };
}

export async function adminRevenue(now = new Date()): Promise<Revenue> {
  const to = monthOf(now);
  const from = addMonths(to, -23);
  const [totals, months] = await Promise.all([readTotals([COUNTERS.revenue, COUNTERS.mrr]), readPeriods(COUNTERS.revenue, 'month', from, to)]);
  const revenue = totals.get(COUNTERS.revenue);
  const totalCents = Math.max(0, num(revenue, AMOUNT_ATTRIBUTE));
  const byPlan = PAID_PLANS.map((plan) => ({ plan, revenue: cents(Math.max(0, num(revenue, planRevenueAttribute(plan)))) }));
  const attributed = byPlan.reduce((a, p) => a + Math.round(p.revenue * 100), 0);
  const monthly = monthsBetween(from, to).map((m) => num(months.get(m), AMOUNT_ATTRIBUTE));
  const mrr = Math.max(0, num(totals.get(COUNTERS.mrr), AMOUNT_ATTRIBUTE)) / 100;
  return {
    byPlan,
    unattributed: cents(Math.max(0, totalCents - attributed)),
    total: cents(totalCents),
    growth: growthFromMonths(monthly),
    projectedArr: roundMoney(mrr * 12),
  };
}
