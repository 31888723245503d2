import { startTestDynamo } from '../../../../test/harness';
import {
  adminMetricsSchema,
  adminSystemSchema,
  adminUsersSchema,
  aiInsightsSchema,
  financialRowsSchema,
  financialStatsSchema,
} from '../../../../shared/schemas/admin';
import type { EventBody } from '../../../../shared/schemas/events';
import type { PlanId } from '../../../../shared/schemas/user';
import { discountedCents, PLANS } from '../../../../shared/plans';
import { adminFinancial, adminFinancialStats, adminInsights, adminMetrics, adminSystem, adminUsers, setDiscount } from '../../../services/admin';
import { changeStoredPlan, readStoredPlan } from '../../../services/billing/plan-store';
import { countCharge, putBillingEvent } from '../../../services/billing/billing-events';
import { recordEvent } from '../../../services/events';
import {
  COUNTERS,
  bump,
  recordCaseCreated,
  recordCaseSent,
  recordChatMessage,
  recordHealth,
  recordMilestone,
  recordPlanChange,
  recordRequest,
  recordResultsPersisted,
  recordSearchFinished,
  recordSearchStarted,
  recordVisit,
} from '../../../services/metrics';
import { getOrCreateUserFromClaims } from '../../../services/users';

/*
 * The admin figures on fixed data, through the real producers (sign-up, billing, the metrics hooks, events)
 * and real dynalite, at a fixed "now" of 2030-06-15 12:00 UTC so that months and days are known:
 *
 * 2030-04: u1..u4 sign up; u1 -> basic ($50), u2 -> pro ($100).
 * 2030-05: u5..u7 sign up; u3 gets a 20% discount, then -> pro ($80); u3 runs 2 scans (completed).
 * 2030-06: u8..u10 sign up; u4 -> enterprise ($150); u2 cancels (pro -> trial); u5 -> basic ($50);
 *          17 scans (u1 4, u5 2 on basic; u3 10 on pro; u6 1 on trial; 15 completed, 1 partial, 1 failed),
 *          40 results stored, 1 case created (u1), 3 notices e-mailed, 5 chat answers, 20 sign-in starts,
 *          reviews by u1 and u3, 4 API requests and 20 health checks, 4 browsing sessions.
 */

const NOW = new Date('2030-06-15T12:00:00.000Z');
const users: Record<string, string> = {};

async function signUp(n: number, at: string): Promise<void> {
  const profile = await getOrCreateUserFromClaims(
    { iss: 'https://idp.test', sub: `sub-${n}`, email: `u${n}@example.test`, given_name: 'User', family_name: `${n}` },
    new Date(at),
  );
  users[`u${n}`] = profile.id;
}

/**
 * A plan change as the billing producer records it: plan, then a billing event and charge counters (or, for a
 * cancellation, the subscriber count -1), then recordPlanChange.
 */
async function changePlan(user: string, to: PlanId, at: string): Promise<void> {
  const userId = users[user]!;
  const current = (await readStoredPlan(userId))!;
  await changeStoredPlan(current, to, at);
  let amountCents = 0;
  if (to !== 'trial') {
    amountCents = discountedCents(to, current.discountPercent);
    const event = await putBillingEvent({
      userId,
      kind: 'charge',
      provider: 'local',
      planId: to,
      previousPlan: current.plan,
      priceUsd: PLANS[to].priceUsd,
      discountPercent: current.discountPercent,
      amountUsd: amountCents / 100,
      amountCents,
      month: at.slice(0, 7),
      createdAt: at,
    });
    await countCharge(event);
  } else if (current.plan !== 'trial') {
    await bump(COUNTERS.subscribers(current.plan), -1); // what billing's cancellation path does
  }
  await recordPlanChange({ userId, from: current.plan, to, fromDiscount: current.discountPercent, toDiscount: current.discountPercent, amountCents, at });
}

async function scans(user: string, count: number, at: string, statuses: ('completed' | 'partial' | 'failed')[] = []): Promise<void> {
  await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      await recordSearchStarted({ userId: users[user]!, engines: ['google', 'bing'], contentType: 'images,videos', names: 1, at });
      await recordSearchFinished(statuses[i] ?? 'completed', at);
    }),
  );
}

async function view(user: string, sessionId: string, path: string, at: string, extra: Partial<EventBody> = {}): Promise<void> {
  await recordEvent(users[user]!, { type: 'page_view', path, sessionId, ...extra } as EventBody, new Date(at));
}

async function feature(user: string, name: string, at: string): Promise<void> {
  await recordEvent(users[user]!, { type: 'feature_use', path: '/', sessionId: `sess-${user}-feat`, feature: name } as EventBody, new Date(at));
}

let dynamo: Awaited<ReturnType<typeof startTestDynamo>>;

beforeAll(async () => {
  dynamo = await startTestDynamo();
  // 2030-04
  await Promise.all([1, 2, 3, 4].map((n) => signUp(n, '2030-04-10T09:00:00.000Z')));
  await changePlan('u1', 'basic', '2030-04-12T10:00:00.000Z');
  await changePlan('u2', 'pro', '2030-04-20T10:00:00.000Z');
  // 2030-05
  await Promise.all([5, 6, 7].map((n) => signUp(n, '2030-05-05T09:00:00.000Z')));
  await setDiscount(users.u3!, 20, new Date('2030-05-06T09:00:00.000Z'));
  await changePlan('u3', 'pro', '2030-05-07T10:00:00.000Z');
  await scans('u3', 2, '2030-05-20T10:00:00.000Z');
  // 2030-06
  await Promise.all([8, 9, 10].map((n) => signUp(n, '2030-06-01T09:00:00.000Z')));
  await changePlan('u4', 'enterprise', '2030-06-02T10:00:00.000Z');
  await changePlan('u2', 'trial', '2030-06-03T10:00:00.000Z');
  await changePlan('u5', 'basic', '2030-06-04T10:00:00.000Z');
  await scans('u1', 4, '2030-06-05T10:00:00.000Z');
  await scans('u5', 2, '2030-06-10T10:00:00.000Z', ['partial', 'failed']);
  await scans('u3', 10, '2030-06-11T10:00:00.000Z');
  await scans('u6', 1, '2030-06-12T10:00:00.000Z');
  await recordResultsPersisted(10, '2030-05-20T10:05:00.000Z');
  await recordResultsPersisted(40, '2030-06-11T10:05:00.000Z');
  await recordMilestone(users.u1!, 'reviewed', '2030-06-05T11:00:00.000Z');
  await recordMilestone(users.u3!, 'reviewed', '2030-06-11T11:00:00.000Z');
  await recordMilestone(users.u3!, 'reviewed', '2030-06-12T11:00:00.000Z'); // once per user
  await recordCaseCreated(users.u1!, '2030-06-05T12:00:00.000Z');
  const times = (n: number, fn: () => Promise<void>) => Promise.all(Array.from({ length: n }, fn));
  await times(3, () => recordCaseSent({ at: '2030-06-06T12:00:00.000Z', byEmail: true }));
  await times(5, () => recordChatMessage({ bedrock: false, at: '2030-06-07T12:00:00.000Z' }));
  await times(20, () => recordVisit());
  // Request timings: 100 and 200 ms yesterday; 300 ms and a 400 ms 500 today -> mean 250 ms.
  recordRequest('GET /api/search/{id}', 200, 100, new Date('2030-06-14T10:00:00.000Z'));
  recordRequest('GET /api/search/{id}', 200, 200, new Date('2030-06-14T10:01:00.000Z'));
  recordRequest('GET /api/user/{id}/stats', 200, 300, new Date('2030-06-15T10:00:00.000Z'));
  recordRequest('POST /api/search', 500, 400, new Date('2030-06-15T10:01:00.000Z'));
  // Health: 10 of 10 yesterday, 9 of 10 today; an outage in April is outside the 30 days.
  for (let i = 0; i < 10; i++) recordHealth(true, new Date('2030-06-14T00:00:00.000Z'));
  for (let i = 0; i < 10; i++) recordHealth(i !== 0, new Date('2030-06-15T00:00:00.000Z'));
  for (let i = 0; i < 5; i++) recordHealth(false, new Date('2030-04-01T00:00:00.000Z'));
  // Browsing: u1 3 views over 5 minutes; u3 bounces on /; u6 2 views 1 minute apart; u5 bounces on /search.
  await view('u1', 'sess-u1-0001', '/', '2030-06-14T10:00:00.000Z');
  await view('u1', 'sess-u1-0001', '/search', '2030-06-14T10:02:00.000Z');
  await view('u1', 'sess-u1-0001', '/cases?tab=1', '2030-06-14T10:05:00.000Z');
  await view('u3', 'sess-u3-0001', '/', '2030-06-14T11:00:00.000Z');
  await view('u6', 'sess-u6-0001', '/risk-dashboard', '2030-06-13T09:00:00.000Z');
  await view('u6', 'sess-u6-0001', '/search/', '2030-06-13T09:01:00.000Z');
  await view('u5', 'sess-u5-0001', '/search', '2030-06-12T08:00:00.000Z');
  await feature('u1', 'start-scan', '2030-06-14T10:03:00.000Z');
  await feature('u1', 'start-scan', '2030-06-14T10:04:00.000Z');
  await feature('u5', 'start-scan', '2030-06-12T08:00:30.000Z');
  await feature('u3', 'chat', '2030-06-14T11:00:30.000Z');
});
afterAll(() => dynamo.close());

describe('admin figures on fixed data', () => {
  it('metrics: revenue, MRR less discounts, conversion, churn, ARPU and LTV', async () => {
    // MRR: u1 basic 50 + u5 basic 50 + u3 pro 100 x (1 - 20%) = 80 + u4 enterprise 150 = 330 (u2 cancelled)
    // churn: cancelled 1 / active at month start (4 now - 2 started + 1 cancelled = 3) = 1/3
    // ARPU = 330 / 4 = 82.5; LTV = 82.5 / (1/3) = 247.5; conversion = 4 paid / 10 users
    expect(adminMetricsSchema.strict().parse(await adminMetrics(NOW))).toEqual({
      totalRevenue: 430,
      monthlyRecurringRevenue: 330,
      totalUsers: 10,
      activeSubscriptions: 4,
      conversionRate: 0.4,
      churnRate: 0.3333,
      averageRevenuePerUser: 82.5,
      lifetimeValue: 247.5,
    });
  });

  it('users: trial, subscribers per plan, sign-ups, active, upgraded and cancelled this month', async () => {
    expect(adminUsersSchema.strict().parse(await adminUsers(NOW))).toEqual({
      trialUsers: 6,
      subscriptionBreakdown: { basic: 2, pro: 1, enterprise: 1 },
      totalSignups: 3,
      activeUsers: 4, // u1, u3, u5 and u6 browsed or scanned in June
      upgradedThisMonth: 2,
      cancelledThisMonth: 1,
      // The recorded steps: 20 sign-ins started, 10 users, 4 who scanned (u1, u3, u5, u6), 2 reviewed, 1 case, 5 who paid.
      funnel: [
        { stage: 'visited', users: 20 },
        { stage: 'signedUp', users: 10 },
        { stage: 'scanned', users: 4 },
        { stage: 'reviewed', users: 2 },
        { stage: 'caseFiled', users: 1 },
        { stage: 'paid', users: 5 },
      ],
    });
  });

  it('system: scan success rate, uptime from health checks, mean response time, totals', async () => {
    expect(adminSystemSchema.strict().parse(await adminSystem(NOW))).toEqual({
      successRate: 0.9474, // 18 of 19 finished scans completed or partial
      systemUptime: 0.95, // 19 of 20 checks in the last 30 days
      averageResponseTime: 250,
      totalSearches: 19,
      totalViolations: 50,
      totalDmcaSubmissions: 3,
    });
  });

  it('financial: one row per month from the first with data, expenses from the cost model', async () => {
    // 2030-05 expenses: 12 provider searches x $0.015 = $0.18 plus ~$0.002 of AWS -> $0.18
    // 2030-06 expenses: 102 provider searches ($1.53) + Lambda, Step Functions, DynamoDB, SES and Bedrock ~$0.023 -> $1.55
    expect(financialRowsSchema.parse(await adminFinancial(NOW))).toEqual([
      { period: '2030-04', revenue: 150, expenses: 0, profit: 150, growth: 0 },
      { period: '2030-05', revenue: 80, expenses: 0.18, profit: 79.82, growth: -0.4667 },
      { period: '2030-06', revenue: 200, expenses: 1.55, profit: 198.45, growth: 1.5 },
    ]);
  });

  it('financial-stats: a compact summary', async () => {
    const stats = financialStatsSchema.strict().parse(await adminFinancialStats(NOW));
    expect(stats).toMatchObject({
      totalRevenue: 430,
      monthlyRecurringRevenue: 330,
      annualRunRate: 3960,
      revenueThisMonth: 200,
      expensesThisMonth: 1.55,
      profitThisMonth: 198.45,
      activeSubscriptions: 4,
      averageRevenuePerUser: 82.5,
    });
    expect(stats.marginThisMonth).toBeCloseTo(0.9922, 3);
  });

  it('ai-insights: engagement from the rollups and findings phrased from the figures', async () => {
    const insights = aiInsightsSchema.parse(await adminInsights(NOW));
    expect(insights.engagementMetrics).toEqual({
      avgSessionDuration: 1.5, // (5 + 0 + 1 + 0) minutes / 4 sessions
      bounceRate: 50, // 2 of 4 sessions had one view
      pagesPerSession: 1.8, // 7 views / 4 sessions
      conversionFunnelDropoff: { visited: 0, signedUp: 50, scanned: 60, reviewed: 50, caseFiled: 50, paid: 0 },
    });
    expect(insights.userBehaviorPatterns).toEqual({
      popularFeatures: [
        'Start a protection scan: 3 uses in the last 30 days (75% of feature use)',
        'Assistant chat: 1 use in the last 30 days (25% of feature use)',
      ],
      commonExitPages: [
        'Search (/search): 50% of sessions ended here (2 of 4)',
        'Dashboard (/): 25% of sessions ended here (1 of 4)',
        'Cases (/cases): 25% of sessions ended here (1 of 4)',
      ],
    });
    expect(insights.businessOptimization).toEqual({
      profitabilityInsights: [
        'This month: revenue $200.00, estimated costs $1.55, profit $198.45 (margin 99.2%).',
        'The largest cost this month is search provider calls (102 provider searches): 98.5% of estimated costs ($1.53).',
        'Pro subscribers run 3.3x more scans than Basic subscribers this month (10 vs 3 per subscriber).',
        "Pro subscribers' scans cost an estimated $0.91 per subscriber this month, 0.9% of the $100.00 price.",
        "At the current prices, a subscriber who uses the whole allowance leaves a margin of $20.62 of Basic's $50.00, $17.51 of Pro's $100.00, $20.26 of Enterprise's $150.00 a month (cost model at full use).",
        'Trial users ran 1 scan this month, an estimated $0.09 of costs with no revenue.',
      ],
      churnRiskFactors: [
        'Churn is 33.3% this month (1 of 3 subscriptions at the start of the month), above the 5% target.',
        '1 of 4 paid subscribers (25%) have not used Vigil this month: they are the likeliest to cancel.',
        '50% of sessions in the last 30 days viewed a single page (above the 40% mark).',
        'The largest funnel drop-off: 60% of users who signed up never ran a scan.',
      ],
      upsellOpportunities: [
        '1 trial user used Vigil this month and ran 1 scan: an upgrade offer reaches them while they are engaged.',
        '6 of 10 users (60%) are still on the free trial: each upgrade to Basic adds $50.00 of MRR.',
      ],
    });
  });
});
