import type { AdminMetrics, AdminSystem, AdminUsers, FinancialRow, FinancialStats } from '../../../shared/schemas/admin';
import { monthCost } from '../metrics/cost-model';
import { AMOUNT_ATTRIBUTE, num } from '../../store/entities/counter';
import { COUNTERS, PAID_PLANS } from '../metrics/counters';
import type { Daily, MonthFigures, Snapshot } from './figures-store';

/**
 * The admin figures from counter values: pure functions, documented in docs/ARCHITECTURE.md ("Admin figures,
 * risk formula and cost model"). Money is rounded to the cent, fractions to four decimals.
 */

/** Churn below this is treated as this in LTV = ARPU / churn (a 50-month lifetime at most). */
export const LTV_CHURN_FLOOR = 0.02;

export const roundMoney = (usd: number) => Math.round(usd * 100) / 100;
export const roundFraction = (f: number) => Math.round(f * 10000) / 10000;
const ratio = (a: number, b: number) => (b > 0 ? a / b : 0);
const clamp01 = (f: number) => Math.min(1, Math.max(0, f));
const nonNegative = (n: number) => Math.max(0, n);

/** Subscribers per paid plan (negative drift reads as 0). */
export function subscriberBreakdown(s: Snapshot): Record<(typeof PAID_PLANS)[number], number> {
  return {
    basic: nonNegative(num(s.totals.get(COUNTERS.subscribers('basic')))),
    pro: nonNegative(num(s.totals.get(COUNTERS.subscribers('pro')))),
    enterprise: nonNegative(num(s.totals.get(COUNTERS.subscribers('enterprise')))),
  };
}

/**
 * Churn this month: paid -> trial changes this month / paid subscriptions active when the month began, where
 * active at month start = active now - started this month + cancelled this month.
 */
export function churnOf(s: Snapshot): { churn: number; activeAtMonthStart: number; cancelled: number } {
  const b = subscriberBreakdown(s);
  const active = b.basic + b.pro + b.enterprise;
  const started = num(s.thisMonth.get(COUNTERS.subscriptionsStarted));
  const cancelled = num(s.thisMonth.get(COUNTERS.cancellations));
  const activeAtMonthStart = nonNegative(active - started + cancelled);
  return { churn: clamp01(ratio(cancelled, activeAtMonthStart)), activeAtMonthStart, cancelled };
}

/** `GET /api/admin/metrics`. */
export function computeMetrics(s: Snapshot): AdminMetrics {
  const b = subscriberBreakdown(s);
  const activeSubscriptions = b.basic + b.pro + b.enterprise;
  const totalUsers = nonNegative(num(s.totals.get(COUNTERS.users)));
  const mrr = nonNegative(num(s.totals.get(COUNTERS.mrr), AMOUNT_ATTRIBUTE)) / 100;
  const { churn } = churnOf(s);
  const arpu = ratio(mrr, activeSubscriptions);
  return {
    totalRevenue: roundMoney(nonNegative(num(s.totals.get(COUNTERS.revenue), AMOUNT_ATTRIBUTE)) / 100),
    monthlyRecurringRevenue: roundMoney(mrr),
    totalUsers,
    activeSubscriptions,
    conversionRate: roundFraction(clamp01(ratio(activeSubscriptions, totalUsers))),
    churnRate: roundFraction(churn),
    averageRevenuePerUser: roundMoney(arpu),
    lifetimeValue: roundMoney(arpu / Math.max(churn, LTV_CHURN_FLOOR)),
  };
}

/** `GET /api/admin/users`. */
export function computeUsers(s: Snapshot): Omit<AdminUsers, 'funnel'> {
  const subscriptionBreakdown = subscriberBreakdown(s);
  const paid = subscriptionBreakdown.basic + subscriptionBreakdown.pro + subscriptionBreakdown.enterprise;
  return {
    trialUsers: nonNegative(num(s.totals.get(COUNTERS.users)) - paid),
    subscriptionBreakdown,
    totalSignups: num(s.thisMonth.get(COUNTERS.signups)),
    activeUsers: num(s.thisMonth.get(COUNTERS.activeUsers)),
    upgradedThisMonth: num(s.thisMonth.get(COUNTERS.upgrades)),
    cancelledThisMonth: num(s.thisMonth.get(COUNTERS.cancellations)),
  };
}

/**
 * Uptime over the last 30 days: healthy checks / checks. Without any recorded check it falls back to the
 * share of API requests that did not fail with a 5xx, and to 0 when nothing at all was recorded.
 */
export function uptimeOf(d: Daily): number {
  if (d.checks > 0) return clamp01(d.healthy / d.checks);
  if (d.requests > 0) return clamp01(1 - d.errors / d.requests);
  return 0;
}

/** `GET /api/admin/system`. */
export function computeSystem(s: Snapshot, d: Daily): AdminSystem {
  const finished = s.totals.get(COUNTERS.searchesFinished);
  return {
    successRate: roundFraction(clamp01(ratio(num(finished, 'succeeded'), num(finished)))),
    systemUptime: roundFraction(uptimeOf(d)),
    averageResponseTime: Math.round(ratio(d.totalMs, d.requests)),
    totalSearches: nonNegative(num(s.totals.get(COUNTERS.searches))),
    totalViolations: nonNegative(num(s.totals.get(COUNTERS.violations))),
    totalDmcaSubmissions: nonNegative(num(s.totals.get(COUNTERS.dmcaSubmissions))),
  };
}

const hasData = (m: MonthFigures) =>
  m.revenueCents !== 0 || m.signups + m.apiRequests + m.searches + m.dmcaSubmissions + m.emails + m.chatMessages > 0;

/** The expenses of a month from the cost model. */
export const expensesOf = (m: MonthFigures) =>
  monthCost({
    apiRequests: m.apiRequests,
    searches: m.searches,
    providerCalls: m.providerCalls,
    dmcaSubmissions: m.dmcaSubmissions,
    emails: m.emails,
    chatMessages: m.chatMessages,
  });

/**
 * `GET /api/admin/financial`: one row per month from the first month with any recorded revenue or usage to
 * this month (at most the 12 months read), oldest first. growth = (revenue - previous month's revenue) /
 * previous month's revenue, 0 for the first row and after a month without revenue.
 */
export function computeFinancialRows(months: MonthFigures[]): FinancialRow[] {
  const first = months.findIndex(hasData);
  if (first < 0) return [];
  let previousRevenue: number | undefined;
  return months.slice(first).map((m) => {
    const revenue = roundMoney(m.revenueCents / 100);
    const expenses = expensesOf(m).total;
    const growth = previousRevenue && previousRevenue > 0 ? roundFraction((revenue - previousRevenue) / previousRevenue) : 0;
    previousRevenue = revenue;
    return { period: m.month, revenue, expenses, profit: roundMoney(revenue - expenses), growth };
  });
}

/** `GET /api/admin/financial-stats`. */
export function computeFinancialStats(metrics: AdminMetrics, thisMonth: MonthFigures): FinancialStats {
  const revenue = roundMoney(thisMonth.revenueCents / 100);
  const expenses = expensesOf(thisMonth).total;
  const profit = roundMoney(revenue - expenses);
  return {
    totalRevenue: metrics.totalRevenue,
    monthlyRecurringRevenue: metrics.monthlyRecurringRevenue,
    annualRunRate: roundMoney(metrics.monthlyRecurringRevenue * 12),
    revenueThisMonth: revenue,
    expensesThisMonth: expenses,
    profitThisMonth: profit,
    marginThisMonth: roundFraction(ratio(profit, revenue)),
    activeSubscriptions: metrics.activeSubscriptions,
    averageRevenuePerUser: metrics.averageRevenuePerUser,
  };
}
