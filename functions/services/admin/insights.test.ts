import type { Engagement } from '../events/engagement';
import type { CounterValues } from '../../store/entities/counter';
import { COUNTERS } from '../metrics/counters';
import type { MonthFigures, Snapshot } from './figures-store';
import { computeMetrics } from './formulas';
import { deriveInsights, funnelDropoff } from './insights';

const LAUNCH = { basic: 50, pro: 100, enterprise: 150 };

const engagement = (over: Partial<Engagement> = {}): Engagement => ({
  days: 30,
  sessions: 0,
  pageViews: 0,
  bounces: 0,
  durationMs: 0,
  views: new Map(),
  exits: new Map(),
  features: new Map(),
  ...over,
});
const month = (over: Partial<MonthFigures> = {}): MonthFigures => ({
  month: '2030-06',
  revenueCents: 0,
  signups: 0,
  apiRequests: 0,
  searches: 0,
  providerCalls: 0,
  dmcaSubmissions: 0,
  emails: 0,
  chatMessages: 0,
  ...over,
});
const snapshot = (totals: Record<string, CounterValues>, thisMonth: Record<string, CounterValues>): Snapshot => ({
  month: '2030-06',
  totals: new Map(Object.entries(totals)),
  thisMonth: new Map(Object.entries(thisMonth)),
});

describe('deriveInsights thresholds', () => {
  it('offers the next plan when subscribers use 70% or more of their scan allowance, and flags failing scans', () => {
    const s = snapshot(
      { [COUNTERS.users]: { count: 4 }, [COUNTERS.subscribers('basic')]: { count: 2 }, [COUNTERS.subscribers('pro')]: { count: 1 } },
      {
        [COUNTERS.searches]: { count: 195, providerCalls: 195, 'plan:basic': 192, 'plan:pro': 3 },
        [COUNTERS.searchesFinished]: { count: 19, succeeded: 16, failed: 3 },
        [COUNTERS.activeUsers]: { count: 3, 'plan:basic': 2, 'plan:pro': 1 },
      },
    );
    const out = deriveInsights({ snapshot: s, thisMonth: month({ searches: 19, providerCalls: 19 }), engagement: engagement(), prices: LAUNCH });
    expect(out.businessOptimization.upsellOpportunities).toEqual([
      'Basic subscribers average 96 scans this month, 80% of the 120-scan allowance: offer Pro (340 scans).',
      '1 of 4 users (25%) are still on the free trial: each upgrade to Basic adds $50.00 of MRR.',
    ]);
    expect(out.businessOptimization.churnRiskFactors).toEqual([
      'Churn is 0% this month (0 of 3 subscriptions at the start of the month), within the 5% target.',
      '15.8% of scans this month failed (3 of 19): failed scans erode trust.',
      'The largest funnel drop-off: 100% of users who signed up never ran a scan.',
    ]);
    expect(out.businessOptimization.profitabilityInsights[0]).toMatch(/^No revenue recorded this month yet, against an estimated \$0\.\d\d of usage costs\.$/);
    expect(out.businessOptimization.profitabilityInsights).toContain('Basic subscribers run 32x more scans than Pro subscribers this month (96 vs 3 per subscriber).');
  });

  it('says so when nothing crosses a threshold', () => {
    const s = snapshot(
      {
        [COUNTERS.users]: { count: 2 },
        [COUNTERS.subscribers('basic')]: { count: 2 },
        ...Object.fromEntries((['scanned', 'reviewed', 'caseFiled', 'paid'] as const).map((stage) => [COUNTERS.funnel(stage), { count: 2 }])),
      },
      { [COUNTERS.activeUsers]: { count: 2, 'plan:basic': 2 } },
    );
    const views = new Map([['/search', 30], ['/', 10]]);
    const out = deriveInsights({ snapshot: s, thisMonth: month(), engagement: engagement({ sessions: 10, bounces: 1, pageViews: 40, views }), prices: LAUNCH });
    expect(out.businessOptimization.churnRiskFactors).toEqual([
      'Churn is 0% this month (0 of 2 subscriptions at the start of the month), within the 5% target.',
    ]);
    expect(out.businessOptimization.upsellOpportunities).toEqual(['No upsell signal crosses its threshold this month.']);
    // Without feature-use events the popular list falls back to page views, and says so.
    expect(out.userBehaviorPatterns.popularFeatures).toEqual([
      'Search (/search): 30 page views in the last 30 days (75% of views)',
      'Dashboard (/): 10 page views in the last 30 days (25% of views)',
    ]);
  });

  it('states prices and margins at the prices billing charges now (Pricing Updates), not the launch prices', () => {
    const s = snapshot(
      { [COUNTERS.users]: { count: 4 }, [COUNTERS.subscribers('basic')]: { count: 1 }, [COUNTERS.subscribers('pro')]: { count: 2 } },
      { [COUNTERS.searches]: { count: 22, providerCalls: 22, 'plan:basic': 2, 'plan:pro': 20 }, [COUNTERS.activeUsers]: { count: 3, 'plan:basic': 1, 'plan:pro': 2 } },
    );
    const now = { basic: 25, pro: 129, enterprise: 399 };
    const out = deriveInsights({ snapshot: s, thisMonth: month({ searches: 22, providerCalls: 22 }), engagement: engagement(), prices: now });
    const profit = out.businessOptimization.profitabilityInsights;
    expect(profit).toContainEqual(expect.stringMatching(/^Basic subscribers' scans cost an estimated \$0\.\d\d per subscriber this month, 0\.\d% of the \$25\.00 price\.$/));
    // Basic at $25 is below its $29.38 cost at full use (docs/OPERATIONS.md's table at launch prices has the cost).
    expect(profit).toContain(
      "At the current prices, a subscriber who uses the whole allowance leaves a margin of -$4.38 of Basic's $25.00, $46.51 of Pro's $129.00 a month " +
        '(cost model at full use): Basic is priced below cost at full use, review the price or the allowance.',
    );
    expect(out.businessOptimization.upsellOpportunities).toContain('1 of 4 users (25%) are still on the free trial: each upgrade to Basic adds $25.00 of MRR.');
    expect(JSON.stringify(out)).not.toMatch(/\$(50|100|150)\.00/);
  });

  it('computes the funnel drop-off stage by stage, never below 0 or above 100', () => {
    expect(funnelDropoff({ visited: 0, signedUp: 10, scanned: 0, reviewed: 0, caseFiled: 0, paid: 0 })).toEqual({
      visited: 0,
      signedUp: 0,
      scanned: 100,
      reviewed: 0,
      caseFiled: 0,
      paid: 0,
    });
  });

  it('floors churn at 2% for the lifetime value', () => {
    const s = snapshot({ [COUNTERS.users]: { count: 1 }, [COUNTERS.subscribers('pro')]: { count: 1 }, [COUNTERS.mrr]: { amountCents: 10000 } }, {});
    expect(computeMetrics(s)).toMatchObject({ churnRate: 0, averageRevenuePerUser: 100, lifetimeValue: 5000 });
  });
});
