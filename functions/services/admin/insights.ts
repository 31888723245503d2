import { FUNNEL_STAGES, type AiInsights, type FunnelStage } from '../../../shared/schemas/admin';
import { FEATURES, PAGE_LABELS, type AppPage, type Feature } from '../../../shared/schemas/events';
import { PLANS } from '../../../shared/plans';
import type { PlanPrices } from '../../../shared/schemas/platform';
import type { Engagement } from '../events/engagement';
import { planMargins, scanCost } from '../metrics/cost-model';
import { num, planAttribute } from '../../store/entities/counter';
import { COUNTERS, PAID_PLANS } from '../metrics/counters';
import type { MonthFigures, Snapshot } from './figures-store';
import { churnOf, expensesOf, subscriberBreakdown } from './formulas';

/**
 * `GET /api/admin/ai-insights`: engagement from the page-view rollups and business findings derived from the
 * counters, each sentence built from the figures it states. Pure. Thresholds (documented in
 * docs/ARCHITECTURE.md) decide which findings are worth stating.
 */
export const THRESHOLDS = {
  /** Monthly churn the business aims to stay under (PRODUCT.md section 9: churn good under 5%). */
  churn: 0.05,
  /** Bounce rate (share of single-view sessions) worth flagging. */
  bounceRate: 0.4,
  /** Share of paid subscribers without activity this month worth flagging. */
  inactivePaid: 0.25,
  /** Share of finished scans that failed worth flagging. */
  failedScans: 0.1,
  /** Share of a plan's monthly scan allowance used on average that makes an upgrade offer timely. */
  allowanceUse: 0.7,
  /** Estimated scan cost per subscriber as a share of the plan price worth flagging. */
  costShare: 0.5,
  /** Items in the feature and exit-page lists. */
  topItems: 5,
} as const;

export interface InsightInputs {
  engagement: Engagement;
  snapshot: Snapshot;
  /** This month's revenue and usage. */
  thisMonth: MonthFigures;
  /** The paid plans' monthly prices billing charges now (the Pricing Updates setting), not the launch prices. */
  prices: PlanPrices;
}

const one = (n: number) => Math.round(n * 10) / 10;
const pct = (f: number) => `${one(f * 100)}%`;
const usd = (n: number) => `${n < 0 ? '-' : ''}$${Math.abs(n).toFixed(2)}`;
const ratio = (a: number, b: number) => (b > 0 ? a / b : 0);
const plural = (n: number, word: string, many = `${word}s`) => `${n} ${n === 1 ? word : many}`;

const STAGE_WORDS: Record<FunnelStage, string> = {
  visited: 'started a sign-in',
  signedUp: 'signed up',
  scanned: 'ran a scan',
  reviewed: 'reviewed a result',
  caseFiled: 'filed a DMCA case',
  paid: 'paid for a plan',
};

/** Users who reached each funnel stage (visited = sign-ins started, signedUp = users). */
export function funnelCounts(s: Snapshot): Record<FunnelStage, number> {
  return {
    visited: num(s.totals.get(COUNTERS.visits)),
    signedUp: num(s.totals.get(COUNTERS.users)),
    scanned: num(s.totals.get(COUNTERS.funnel('scanned'))),
    reviewed: num(s.totals.get(COUNTERS.funnel('reviewed'))),
    caseFiled: num(s.totals.get(COUNTERS.funnel('caseFiled'))),
    paid: num(s.totals.get(COUNTERS.funnel('paid'))),
  };
}

/** Stage -> percent of the previous stage's users who did not reach it (the first stage is 0). */
export function funnelDropoff(counts: Record<FunnelStage, number>): Record<FunnelStage, number> {
  const out = {} as Record<FunnelStage, number>;
  FUNNEL_STAGES.forEach((stage, i) => {
    const previous = i === 0 ? 0 : counts[FUNNEL_STAGES[i - 1]!];
    out[stage] = previous > 0 ? one(100 * Math.min(1, Math.max(0, 1 - counts[stage] / previous))) : 0;
  });
  return out;
}

const top = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, THRESHOLDS.topItems);
const pageLabel = (page: string) => `${PAGE_LABELS[page as AppPage] ?? page} (${page})`;

function popularFeatures(e: Engagement): string[] {
  const uses = [...e.features.values()].reduce((a, b) => a + b, 0);
  if (uses > 0) {
    return top(e.features).map(
      ([f, n]) => `${FEATURES[f as Feature] ?? f}: ${plural(n, 'use')} in the last ${e.days} days (${pct(n / uses)} of feature use)`,
    );
  }
  if (e.pageViews > 0) {
    return top(e.views).map(([p, n]) => `${pageLabel(p)}: ${plural(n, 'page view')} in the last ${e.days} days (${pct(n / e.pageViews)} of views)`);
  }
  return [`Not enough data yet: no page views or feature use were recorded in the last ${e.days} days.`];
}

function commonExitPages(e: Engagement): string[] {
  if (e.sessions === 0) return [`Not enough data yet: no browsing sessions were recorded in the last ${e.days} days.`];
  return top(e.exits).map(([p, n]) => `${pageLabel(p)}: ${pct(n / e.sessions)} of sessions ended here (${n} of ${e.sessions})`);
}

/** Scans this month and scans per subscriber, by plan (from `searches` `plan:<plan>` and the subscriber counts). */
function scansByPlan(s: Snapshot) {
  const searches = s.thisMonth.get(COUNTERS.searches);
  const subs = subscriberBreakdown(s);
  const plans = ['trial', ...PAID_PLANS] as const;
  return Object.fromEntries(
    plans.map((p) => {
      const scans = num(searches, planAttribute(p));
      const subscribers = p === 'trial' ? 0 : subs[p];
      return [p, { scans, subscribers, perSubscriber: ratio(scans, subscribers) }];
    }),
  ) as Record<(typeof plans)[number], { scans: number; subscribers: number; perSubscriber: number }>;
}

function profitabilityInsights(i: InsightInputs): string[] {
  const out: string[] = [];
  const { thisMonth, snapshot } = i;
  const cost = expensesOf(thisMonth);
  const revenue = thisMonth.revenueCents / 100;
  if (revenue > 0) {
    const profit = revenue - cost.total;
    out.push(`This month: revenue ${usd(revenue)}, estimated costs ${usd(cost.total)}, profit ${usd(profit)} (margin ${pct(profit / revenue)}).`);
  } else if (cost.total > 0) {
    out.push(`No revenue recorded this month yet, against an estimated ${usd(cost.total)} of usage costs.`);
  }
  const partsTotal = Object.values(cost.parts).reduce((a, b) => a + b, 0);
  if (partsTotal > 0) {
    const [name, value] = Object.entries(cost.parts).sort((a, b) => b[1] - a[1])[0]!;
    const label: Record<string, string> = {
      provider: `search provider calls (${plural(thisMonth.providerCalls, 'provider search', 'provider searches')})`,
      lambda: 'Lambda compute',
      apiGateway: 'API Gateway requests',
      stepFunctions: 'Step Functions transitions',
      dynamodb: 'DynamoDB reads and writes',
      ses: 'e-mail sending',
      bedrock: `assistant answers (${plural(thisMonth.chatMessages, 'message')})`,
      scheduling: 'monitor schedules and their queue',
      cognito: 'sign-in (Cognito users)',
      cloudwatch: 'alarms, metrics and logs',
    };
    out.push(`The largest cost this month is ${label[name]}: ${pct(value / partsTotal)} of estimated costs (${usd(value)}).`);
  }
  const plans = scansByPlan(snapshot);
  if (plans.pro.perSubscriber > 0 && plans.basic.perSubscriber > 0) {
    const [hi, lo] = plans.pro.perSubscriber >= plans.basic.perSubscriber ? (['pro', 'basic'] as const) : (['basic', 'pro'] as const);
    out.push(
      `${PLANS[hi].name} subscribers run ${one(plans[hi].perSubscriber / plans[lo].perSubscriber)}x more scans than ${PLANS[lo].name} subscribers this month ` +
        `(${one(plans[hi].perSubscriber)} vs ${one(plans[lo].perSubscriber)} per subscriber).`,
    );
  }
  const callsPerScan = ratio(thisMonth.providerCalls, thisMonth.searches);
  const costliest = PAID_PLANS.map((p) => ({ p, share: ratio(scanCost(plans[p].perSubscriber, plans[p].perSubscriber * callsPerScan), i.prices[p]) }))
    .filter((x) => plans[x.p].scans > 0)
    .sort((a, b) => b.share - a.share)[0];
  if (costliest) {
    const each = scanCost(plans[costliest.p].perSubscriber, plans[costliest.p].perSubscriber * callsPerScan);
    out.push(
      `${PLANS[costliest.p].name} subscribers' scans cost an estimated ${usd(each)} per subscriber this month, ${pct(costliest.share)} of the ${usd(i.prices[costliest.p])} price` +
        (costliest.share >= THRESHOLDS.costShare ? ': above the 50% mark, review that plan\'s allowance or price.' : '.'),
    );
  }
  const margins = planMargins(i.prices).filter((m) => m.plan !== 'trial' && plans[m.plan].subscribers > 0);
  if (margins.length > 0) {
    const each = margins.map((m) => `${usd(m.margin)} of ${PLANS[m.plan].name}'s ${usd(m.priceUsd)}`);
    const below = margins.filter((m) => m.margin < 0).map((m) => PLANS[m.plan].name);
    out.push(
      `At the current prices, a subscriber who uses the whole allowance leaves a margin of ${each.join(', ')} a month (cost model at full use)` +
        (below.length > 0 ? `: ${below.join(' and ')} ${below.length === 1 ? 'is' : 'are'} priced below cost at full use, review the price or the allowance.` : '.'),
    );
  }
  if (plans.trial.scans > 0) {
    out.push(
      `Trial users ran ${plural(plans.trial.scans, 'scan')} this month, an estimated ${usd(scanCost(plans.trial.scans, plans.trial.scans * callsPerScan))} of costs with no revenue.`,
    );
  }
  return out.length > 0 ? out : ['Not enough data yet: no revenue or usage was recorded this month.'];
}

function churnRiskFactors(i: InsightInputs, dropoff: Record<FunnelStage, number>, counts: Record<FunnelStage, number>): string[] {
  const out: string[] = [];
  const { snapshot: s, engagement: e } = i;
  const { churn, activeAtMonthStart, cancelled } = churnOf(s);
  if (activeAtMonthStart > 0) {
    out.push(
      `Churn is ${pct(churn)} this month (${cancelled} of ${plural(activeAtMonthStart, 'subscription')} at the start of the month), ` +
        `${churn >= THRESHOLDS.churn ? 'above' : 'within'} the 5% target.`,
    );
  }
  const subs = subscriberBreakdown(s);
  const paid = subs.basic + subs.pro + subs.enterprise;
  const active = s.thisMonth.get(COUNTERS.activeUsers);
  const activePaid = PAID_PLANS.reduce((a, p) => a + num(active, planAttribute(p)), 0);
  const inactive = Math.max(0, paid - activePaid);
  if (paid > 0 && inactive / paid >= THRESHOLDS.inactivePaid) {
    out.push(`${inactive} of ${plural(paid, 'paid subscriber')} (${pct(inactive / paid)}) have not used Vigil this month: they are the likeliest to cancel.`);
  }
  if (e.sessions > 0 && e.bounces / e.sessions >= THRESHOLDS.bounceRate) {
    out.push(`${pct(e.bounces / e.sessions)} of sessions in the last ${e.days} days viewed a single page (above the 40% mark).`);
  }
  const finished = s.thisMonth.get(COUNTERS.searchesFinished);
  const failedShare = ratio(num(finished, 'failed'), num(finished));
  if (failedShare >= THRESHOLDS.failedScans) {
    out.push(`${pct(failedShare)} of scans this month failed (${num(finished, 'failed')} of ${num(finished)}): failed scans erode trust.`);
  }
  const worst = FUNNEL_STAGES.slice(2)
    .map((stage) => ({ stage, drop: dropoff[stage], previous: FUNNEL_STAGES[FUNNEL_STAGES.indexOf(stage) - 1]! }))
    .filter((x) => counts[x.previous] > 0 && x.drop > 0)
    .sort((a, b) => b.drop - a.drop)[0];
  if (worst) {
    out.push(`The largest funnel drop-off: ${worst.drop}% of users who ${STAGE_WORDS[worst.previous]} never ${STAGE_WORDS[worst.stage]}.`);
  }
  if (out.length > 0) return out;
  if (paid === 0 && e.sessions === 0) return ['Not enough data yet: there are no paid subscriptions or browsing sessions to assess churn risk.'];
  return ['No churn risk factor crosses its threshold this month.'];
}

function upsellOpportunities(i: InsightInputs, counts: Record<FunnelStage, number>): string[] {
  const out: string[] = [];
  const plans = scansByPlan(i.snapshot);
  for (const [plan, next] of [['basic', 'pro'], ['pro', 'enterprise']] as const) {
    const allowance = PLANS[plan].allowances.scansPerMonth;
    if (!allowance || plans[plan].subscribers === 0) continue;
    const use = plans[plan].perSubscriber / allowance;
    if (use >= THRESHOLDS.allowanceUse) {
      const nextAllowance = PLANS[next].allowances.scansPerMonth;
      out.push(
        `${PLANS[plan].name} subscribers average ${one(plans[plan].perSubscriber)} scans this month, ${pct(use)} of the ${allowance}-scan allowance: ` +
          `offer ${PLANS[next].name} (${nextAllowance === null ? 'unlimited' : nextAllowance} scans).`,
      );
    }
  }
  const activeTrial = num(i.snapshot.thisMonth.get(COUNTERS.activeUsers), planAttribute('trial'));
  if (activeTrial > 0) {
    out.push(
      `${plural(activeTrial, 'trial user')} used Vigil this month` +
        (plans.trial.scans > 0 ? ` and ran ${plural(plans.trial.scans, 'scan')}` : '') +
        ': an upgrade offer reaches them while they are engaged.',
    );
  }
  const subs = subscriberBreakdown(i.snapshot);
  const trialUsers = Math.max(0, counts.signedUp - subs.basic - subs.pro - subs.enterprise);
  if (trialUsers > 0) {
    out.push(
      `${trialUsers} of ${plural(counts.signedUp, 'user')} (${pct(trialUsers / counts.signedUp)}) are still on the free trial: ` +
        `each upgrade to Basic adds ${usd(i.prices.basic)} of MRR.`,
    );
  }
  if (out.length > 0) return out;
  if (counts.signedUp === 0) return ['Not enough data yet: there are no users to find upsell opportunities among.'];
  return ['No upsell signal crosses its threshold this month.'];
}

/** Derives the insights object from the figures. */
export function deriveInsights(i: InsightInputs): AiInsights {
  const e = i.engagement;
  const counts = funnelCounts(i.snapshot);
  const dropoff = funnelDropoff(counts);
  return {
    engagementMetrics: {
      avgSessionDuration: one(ratio(e.durationMs, e.sessions) / 60000),
      bounceRate: one(100 * Math.min(1, ratio(e.bounces, e.sessions))),
      pagesPerSession: one(ratio(e.pageViews, e.sessions)),
      conversionFunnelDropoff: dropoff,
    },
    userBehaviorPatterns: { popularFeatures: popularFeatures(e), commonExitPages: commonExitPages(e) },
    businessOptimization: {
      profitabilityInsights: profitabilityInsights(i),
      churnRiskFactors: churnRiskFactors(i, dropoff, counts),
      upsellOpportunities: upsellOpportunities(i, counts),
    },
  };
}
