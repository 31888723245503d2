import path from 'node:path';
import { toCsv } from '../../lib/csv';
import pdfmake from 'pdfmake';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { FUNNEL_STAGES } from '../../../shared/schemas/admin';
import { BUSINESS_REPORTS, type BusinessReportKind } from '../../../shared/schemas/platform';
import { readEngagement } from '../events/engagement';
import { noticeFonts, runs } from '../notices/notice-fonts';
import { readMonths, readSnapshot, type MonthFigures } from './figures-store';
import { churnOf, computeFinancialRows, computeMetrics, computeUsers, expensesOf, roundMoney, subscriberBreakdown } from './formulas';
import { getPlanPrices } from '../platform/plan-prices';
import { deriveInsights, funnelCounts } from './insights';
import { adminRevenue } from './revenue';

/**
 * The six reports of the Business Dashboard's Reports tab (issue 26), as PDF and CSV. Each is a title and a few
 * tables computed by the same formulas as the dashboard (./formulas.ts, ./insights.ts, ./revenue.ts) from the
 * same counters, at the time asked; nothing is stored for a report. The PDF uses the notices' fonts and
 * pdfmake like the protection report (services/reports/report-pdf.ts); the CSV is one row per table row with
 * the table's name first.
 */

export interface ReportTable {
  name: string;
  columns: string[];
  rows: (string | number)[][];
}

export interface BusinessReport {
  kind: BusinessReportKind;
  title: string;
  /** What the report covers, in words. */
  period: string;
  generatedAt: string;
  tables: ReportTable[];
  /** How the figures are computed (printed under the tables). */
  notes: string[];
}

const usd = (n: number) => `$${n.toFixed(2)}`;
const pct = (f: number | null) => (f === null ? 'n/a' : `${(Math.round(f * 1000) / 10).toFixed(1)}%`);
const PLAN_NAMES = { basic: 'Basic', pro: 'Pro', enterprise: 'Enterprise' } as const;

function quarterOf(month: string): string {
  return `${month.slice(0, 4)}-Q${Math.floor((Number(month.slice(5, 7)) - 1) / 3) + 1}`;
}

function sumMonths(months: MonthFigures[]) {
  let revenueCents = 0;
  let expenses = 0;
  let signups = 0;
  let searches = 0;
  let notices = 0;
  for (const m of months) {
    revenueCents += m.revenueCents;
    expenses += expensesOf(m).total;
    signups += m.signups;
    searches += m.searches;
    notices += m.dmcaSubmissions;
  }
  const revenue = roundMoney(revenueCents / 100);
  return { revenue, expenses: roundMoney(expenses), profit: roundMoney(revenue - expenses), signups, searches, notices };
}

const COST_NOTE = 'Expenses are estimated from recorded usage with the cost model (docs/ARCHITECTURE.md, "Cost model"), not taken from an AWS bill.';

async function monthlyRevenue(now: Date): Promise<Omit<BusinessReport, 'kind' | 'title' | 'generatedAt'>> {
  const [rows, revenue, metrics] = await Promise.all([readMonths(now), adminRevenue(now), readSnapshot(now).then(computeMetrics)]);
  const financial = computeFinancialRows(rows);
  return {
    period: `The last ${rows.length} months to ${rows[rows.length - 1]!.month}`,
    tables: [
      {
        name: 'Revenue by month',
        columns: ['Month', 'Revenue', 'Expenses (estimated)', 'Profit', 'Growth'],
        rows: financial.map((r) => [r.period, usd(r.revenue), usd(r.expenses), usd(r.profit), pct(r.growth)]),
      },
      {
        name: 'Revenue by plan (all time)',
        columns: ['Plan', 'Revenue'],
        rows: [
          ...revenue.byPlan.map((p) => [PLAN_NAMES[p.plan as keyof typeof PLAN_NAMES] ?? p.plan, usd(p.revenue)]),
          ...(revenue.unattributed > 0 ? [['Not attributed to a plan', usd(revenue.unattributed)]] : []),
          ['Total', usd(revenue.total)],
        ],
      },
      {
        name: 'Recurring revenue',
        columns: ['Figure', 'Value'],
        rows: [
          ['Monthly recurring revenue', usd(metrics.monthlyRecurringRevenue)],
          ['Projected ARR (MRR x 12)', usd(revenue.projectedArr)],
          ['Growth, this month against last', pct(revenue.growth.monthly)],
        ],
      },
    ],
    notes: [
      'Revenue is what billing recorded for each charge (demo billing records what a charge would have been).',
      COST_NOTE,
      ...(financial.length === 0 ? ['No revenue or usage was recorded in these months.'] : []),
    ],
  };
}

async function quarterlySummary(now: Date) {
  const months = await readMonths(now);
  const quarters = new Map<string, MonthFigures[]>();
  for (const m of months) quarters.set(quarterOf(m.month), [...(quarters.get(quarterOf(m.month)) ?? []), m]);
  return {
    period: `Quarters from ${quarterOf(months[0]!.month)} to ${quarterOf(months[months.length - 1]!.month)} (the current one to date)`,
    tables: [
      {
        name: 'Quarters',
        columns: ['Quarter', 'Revenue', 'Expenses (estimated)', 'Profit', 'Sign-ups', 'Scans', 'Notices sent'],
        rows: [...quarters].map(([q, ms]) => {
          const s = sumMonths(ms);
          return [q, usd(s.revenue), usd(s.expenses), usd(s.profit), s.signups, s.searches, s.notices];
        }),
      },
    ],
    notes: [COST_NOTE],
  };
}

async function annualFinancial(now: Date) {
  const year = String(now.getUTCFullYear());
  const months = (await readMonths(now)).filter((m) => m.month.startsWith(year));
  const s = sumMonths(months);
  const parts = new Map<string, number>();
  for (const m of months) for (const [k, v] of Object.entries(expensesOf(m).parts)) parts.set(k, (parts.get(k) ?? 0) + v);
  return {
    period: `${year}, January to ${months[months.length - 1]!.month} (to date)`,
    tables: [
      {
        name: 'Statement',
        columns: ['Line', 'Amount'],
        rows: [
          ['Revenue', usd(s.revenue)],
          ['Expenses (estimated)', usd(s.expenses)],
          ['Profit', usd(s.profit)],
          ['Margin', pct(s.revenue > 0 ? s.profit / s.revenue : null)],
        ],
      },
      {
        name: 'Expenses by cost',
        columns: ['Cost', 'Amount (estimated)'],
        rows: [...parts].sort((a, b) => b[1] - a[1]).map(([k, v]) => [k, usd(roundMoney(v))]),
      },
      {
        name: 'By month',
        columns: ['Month', 'Revenue', 'Expenses (estimated)'],
        rows: months.map((m) => [m.month, usd(roundMoney(m.revenueCents / 100)), usd(expensesOf(m).total)]),
      },
    ],
    notes: [COST_NOTE],
  };
}

async function userAnalytics(now: Date) {
  const [snapshot, engagement] = await Promise.all([readSnapshot(now), readEngagement(now)]);
  const users = computeUsers(snapshot);
  const funnel = funnelCounts(snapshot);
  return {
    period: `Users at ${now.toISOString().slice(0, 10)}; this month ${snapshot.month}; engagement over the last ${engagement.days} days`,
    tables: [
      {
        name: 'Users',
        columns: ['Figure', 'Value'],
        rows: [
          ['Users on the free trial', users.trialUsers],
          ['Basic subscribers', users.subscriptionBreakdown.basic],
          ['Pro subscribers', users.subscriptionBreakdown.pro],
          ['Enterprise subscribers', users.subscriptionBreakdown.enterprise],
          ['Sign-ups this month', users.totalSignups],
          ['Active users this month', users.activeUsers],
        ],
      },
      {
        name: 'Funnel (users who ever reached each step)',
        columns: ['Step', 'Users'],
        rows: FUNNEL_STAGES.map((s) => [s, funnel[s]]),
      },
      {
        name: 'Engagement',
        columns: ['Figure', 'Value'],
        rows: [
          ['Sessions', engagement.sessions],
          ['Page views', engagement.pageViews],
          ['Single-page sessions', engagement.bounces],
          ['Mean session length (minutes)', engagement.sessions > 0 ? Math.round(engagement.durationMs / engagement.sessions / 6000) / 10 : 0],
        ],
      },
    ],
    notes: ['An active user used Vigil this month (a page view, a scan or a plan change), counted once a month under the plan held.'],
  };
}

async function subscriptionAnalysis(now: Date) {
  const [snapshot, revenue] = await Promise.all([readSnapshot(now), adminRevenue(now)]);
  const metrics = computeMetrics(snapshot);
  const users = computeUsers(snapshot);
  const subs = subscriberBreakdown(snapshot);
  return {
    period: `Subscriptions at ${now.toISOString().slice(0, 10)}; movements in ${snapshot.month}`,
    tables: [
      {
        name: 'Subscribers and revenue by plan',
        columns: ['Plan', 'Subscribers', 'Revenue (all time)'],
        rows: revenue.byPlan.map((p) => [PLAN_NAMES[p.plan as keyof typeof PLAN_NAMES] ?? p.plan, subs[p.plan as keyof typeof subs] ?? 0, usd(p.revenue)]),
      },
      {
        name: 'Subscription figures',
        columns: ['Figure', 'Value'],
        rows: [
          ['Active subscriptions', metrics.activeSubscriptions],
          ['Monthly recurring revenue', usd(metrics.monthlyRecurringRevenue)],
          ['Average revenue per subscriber', usd(metrics.averageRevenuePerUser)],
          ['Lifetime value', usd(metrics.lifetimeValue)],
          ['Conversion (subscribers / users)', pct(metrics.conversionRate)],
          ['Upgrades this month', users.upgradedThisMonth],
          ['Cancellations this month', users.cancelledThisMonth],
        ],
      },
    ],
    notes: ['Lifetime value = ARPU / max(churn, 2%) (docs/ARCHITECTURE.md, "Admin formulas").'],
  };
}

async function churnAnalysis(now: Date) {
  const [snapshot, [thisMonth], engagement, { prices }] = await Promise.all([readSnapshot(now), readMonths(now, 1), readEngagement(now), getPlanPrices()]);
  const churn = churnOf(snapshot);
  const insights = deriveInsights({ snapshot, thisMonth: thisMonth!, engagement, prices });
  return {
    period: `${snapshot.month} to ${now.toISOString().slice(0, 10)}`,
    tables: [
      {
        name: 'Churn',
        columns: ['Figure', 'Value'],
        rows: [
          ['Paid subscriptions at the start of the month', churn.activeAtMonthStart],
          ['Cancelled this month', churn.cancelled],
          ['Churn rate', pct(churn.activeAtMonthStart > 0 ? churn.churn : null)],
        ],
      },
      { name: 'Churn risk factors', columns: ['Finding'], rows: insights.businessOptimization.churnRiskFactors.map((f) => [f]) },
    ],
    notes: ['Churn = cancelled this month / paid subscriptions at the start of the month (docs/ARCHITECTURE.md, "Admin formulas").'],
  };
}

const BUILDERS: Record<BusinessReportKind, (now: Date) => Promise<Omit<BusinessReport, 'kind' | 'title' | 'generatedAt'>>> = {
  'monthly-revenue': monthlyRevenue,
  'quarterly-summary': quarterlySummary,
  'annual-financial': annualFinancial,
  'user-analytics': userAnalytics,
  'subscription-analysis': subscriptionAnalysis,
  'churn-analysis': churnAnalysis,
};

export async function buildBusinessReport(kind: BusinessReportKind, now = new Date()): Promise<BusinessReport> {
  return { kind, title: BUSINESS_REPORTS[kind], generatedAt: now.toISOString(), ...(await BUILDERS[kind](now)) };
}

/** One row per table row, the table's name first; a header row names the columns of each table. */
export function renderBusinessCsv(r: BusinessReport): string {
  const lines: (string | number)[][] = [['report', r.title], ['period', r.period], ['generated', r.generatedAt]];
  for (const t of r.tables) {
    lines.push([]);
    lines.push(['table', ...t.columns]);
    for (const row of t.rows) lines.push([t.name, ...row]);
  }
  // The one CSV writer: cells a spreadsheet would run as a formula are neutralised there.
  return toCsv(lines);
}

function tableContent(t: ReportTable): Content[] {
  const head = t.columns.map((c) => ({ text: c, bold: true, fontSize: 8.5, color: '#4b5563' }));
  const body = t.rows.map((row) => row.map((c) => ({ text: runs(String(c)), fontSize: 9, alignment: typeof c === 'number' || /^\$|%$/.test(String(c)) ? 'right' : 'left' })));
  return [
    { text: t.name, bold: true, fontSize: 12, color: '#1e3a5f', margin: [0, 14, 0, 6] },
    t.rows.length
      ? ({ table: { headerRows: 1, widths: t.columns.map((_, i) => (i === 0 ? '*' : 'auto')), body: [head, ...body] as TableCell[][] }, layout: 'lightHorizontalLines' } as Content)
      : { text: 'Nothing recorded yet.', fontSize: 8.5, color: '#4b5563' },
  ];
}

export async function renderBusinessPdf(r: BusinessReport): Promise<Buffer> {
  const { fonts, files } = noticeFonts();
  pdfmake.setFonts(fonts);
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy((p) => files.has(path.resolve(p)));
  const doc: TDocumentDefinitions = {
    pageSize: 'A4',
    pageMargins: [50, 50, 50, 56],
    info: { title: `Vigil · ${r.title}`, author: 'Vigil', creator: 'Vigil' },
    content: [
      { text: `Vigil · ${r.title}`, fontSize: 20, bold: true },
      { text: `${r.period} · generated ${r.generatedAt.slice(0, 16).replace('T', ' ')} UTC`, fontSize: 10, color: '#4b5563', margin: [0, 2, 0, 8] },
      ...r.tables.flatMap(tableContent),
      { text: 'How these figures are computed', bold: true, fontSize: 10, margin: [0, 16, 0, 4] },
      { ul: r.notes.map((n) => ({ text: n, fontSize: 8.5, color: '#4b5563' })) },
    ],
    defaultStyle: { font: 'Roboto', fontSize: 10, lineHeight: 1.25, color: '#111827' },
  };
  return pdfmake.createPdf(doc).getBuffer();
}

/** The report as a file to download: `vigil-<kind>-<yyyy-mm-dd>.pdf` or `.csv`. */
export async function businessReportFile(kind: BusinessReportKind, format: 'pdf' | 'csv', now = new Date()) {
  const report = await buildBusinessReport(kind, now);
  const filename = `vigil-${kind}-${now.toISOString().slice(0, 10)}.${format}`;
  return format === 'csv'
    ? { content: Buffer.from(renderBusinessCsv(report), 'utf8'), contentType: 'text/csv; charset=utf-8', filename }
    : { content: await renderBusinessPdf(report), contentType: 'application/pdf', filename };
}
