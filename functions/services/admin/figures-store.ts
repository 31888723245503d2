import { AMOUNT_ATTRIBUTE, num, readMonth, readPeriods, readTotals, type CounterValues } from '../../store/entities/counter';
import { COUNTERS, MILESTONE_STAGES, PAID_PLANS } from '../metrics/counters';
import { addMonths, lastDays, monthOf, monthsBetween } from '../metrics/periods';
import { readRequestDays, sumDays } from '../metrics/request-days';

/**
 * Reads the counters the admin figures are computed from: a few BatchGetItems and Queries on counter
 * partitions (at most one item per month or day each), never a scan; request and health figures come from
 * the request metrics (CloudWatch on AWS, the EMF log locally: services/metrics/requests.ts). The computations are in ./formulas.ts
 * and ./insights.ts, pure, so they are tested on fixed numbers.
 */

/** Counter TOTAL items and the current month's items. */
export interface Snapshot {
  month: string;
  totals: Map<string, CounterValues>;
  thisMonth: Map<string, CounterValues>;
}

const TOTAL_NAMES = [
  COUNTERS.users,
  COUNTERS.revenue,
  COUNTERS.mrr,
  ...PAID_PLANS.map((p) => COUNTERS.subscribers(p)),
  COUNTERS.searches,
  COUNTERS.searchesFinished,
  COUNTERS.violations,
  COUNTERS.casesCreated,
  COUNTERS.dmcaSubmissions,
  COUNTERS.casesResolved,
  COUNTERS.visits,
  ...MILESTONE_STAGES.map((s) => COUNTERS.funnel(s)),
];

const MONTH_NAMES = [
  COUNTERS.signups,
  COUNTERS.upgrades,
  COUNTERS.subscriptionsStarted,
  COUNTERS.cancellations,
  COUNTERS.activeUsers,
  COUNTERS.searches,
  COUNTERS.searchesFinished,
  COUNTERS.revenue,
];

/** Two BatchGetItems: every TOTAL counter and this month's counters. */
export async function readSnapshot(now = new Date()): Promise<Snapshot> {
  const [totals, thisMonth] = await Promise.all([readTotals(TOTAL_NAMES), readMonth(MONTH_NAMES, now)]);
  return { month: monthOf(now), totals, thisMonth };
}

/** The last 30 days of request timings and health checks, summed. */
export interface Daily {
  requests: number;
  totalMs: number;
  errors: number;
  checks: number;
  healthy: number;
}

export async function readDaily(now = new Date(), days = 30): Promise<Daily> {
  const range = lastDays(now, days);
  const sums = sumDays((await readRequestDays(range[0]!, range[range.length - 1]!)).values());
  return { requests: sums.requests, totalMs: sums.latencyMs, errors: sums.serverErrors, checks: sums.healthChecks, healthy: sums.healthy };
}

/** One month's revenue and usage, as the cost model and the financial table need them. */
export interface MonthFigures {
  month: string;
  revenueCents: number;
  signups: number;
  apiRequests: number;
  searches: number;
  providerCalls: number;
  dmcaSubmissions: number;
  emails: number;
  chatMessages: number;
}

/** The last day (`yyyy-mm-dd`) of a month (`yyyy-mm`). */
const lastDayOf = (month: string) => new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).toISOString().slice(0, 10);

/** Months shown at most in the financial table. */
export const FINANCIAL_MONTHS = 12;

/**
 * The figures of the last `months` months (oldest first, this month last): one Query per monthly counter
 * and the request metrics' daily sums.
 */
export async function readMonths(now = new Date(), months = FINANCIAL_MONTHS): Promise<MonthFigures[]> {
  const to = monthOf(now);
  const from = addMonths(to, -(months - 1));
  const monthly = [COUNTERS.revenue, COUNTERS.signups, COUNTERS.searches, COUNTERS.dmcaSubmissions, COUNTERS.emails, COUNTERS.chatMessages];
  const [byName, apiDays] = await Promise.all([
    Promise.all(monthly.map((n) => readPeriods(n, 'month', from, to))),
    readRequestDays(`${from}-01`, lastDayOf(to)),
  ]);
  const [revenue, signups, searches, submissions, emails, chat] = byName as [
    Map<string, CounterValues>,
    Map<string, CounterValues>,
    Map<string, CounterValues>,
    Map<string, CounterValues>,
    Map<string, CounterValues>,
    Map<string, CounterValues>,
  ];
  const apiByMonth = new Map<string, number>();
  for (const [day, v] of apiDays) apiByMonth.set(day.slice(0, 7), (apiByMonth.get(day.slice(0, 7)) ?? 0) + v.requests);
  return monthsBetween(from, to).map((month) => ({
    month,
    revenueCents: num(revenue.get(month), AMOUNT_ATTRIBUTE),
    signups: num(signups.get(month)),
    apiRequests: apiByMonth.get(month) ?? 0,
    searches: num(searches.get(month)),
    providerCalls: num(searches.get(month), 'providerCalls'),
    dmcaSubmissions: num(submissions.get(month)),
    emails: num(emails.get(month)),
    chatMessages: num(chat.get(month)),
  }));
}
