import { ulid } from 'ulid';
import {
  DISCOUNT_MESSAGE,
  NEXT_CURSOR_HEADER,
  adminMetricsSchema,
  adminSystemSchema,
  adminUsersSchema,
  aiInsightsSchema,
  financialRowsSchema,
  financialStatsSchema,
  managedUserListSchema,
  managedUserSchema,
} from '../../../../shared/schemas/admin';
import { reportScheduleSchema } from '../../../../shared/schemas/report';
import { sourceHealthListSchema } from '../../../../shared/schemas/sources';
import { activityListSchema, auditListSchema, maintenanceSchema, rateLimitsSchema, revenueSchema } from '../../../../shared/schemas/platform';
import { discountedCents, PLANS } from '../../../../shared/plans';
import type { PlanId } from '../../../../shared/schemas/user';
import { adminFinancial, adminInsights, adminMetrics, adminSystem } from '../../../services/admin';
import { countCharge, putBillingEvent } from '../../../services/billing/billing-events';
import { changeStoredPlan, readStoredPlan } from '../../../services/billing/plan-store';
import { recordCaseCreated, recordPlanChange, recordSearchStarted } from '../../../services/metrics';
import { getOrCreateUserFromClaims } from '../../../services/users';
import { contract, ROUTES } from '../../../../shared/contract';
import { call, startHarness, type Harness } from '../../../../test/harness';
import { session, type TestUser } from '../../../../test/fixtures';

let h: Harness;
let admin: TestUser;
let member: TestUser;

beforeAll(async () => {
  h = await startHarness();
  admin = await session({ isAdmin: true });
  member = await session();
});
afterAll(() => h.close());

const ADMIN_ROUTES = ROUTES.filter((r) => r.area === 'admin');
const schemaOf: Record<string, { parse(v: unknown): unknown }> = {
  adminMetrics: adminMetricsSchema.strict(),
  adminUsers: adminUsersSchema.strict(),
  adminSystem: adminSystemSchema.strict(),
  financial: financialRowsSchema,
  financialStats: financialStatsSchema.strict(),
  userManagement: managedUserListSchema,
  aiInsights: aiInsightsSchema,
  reportSchedule: reportScheduleSchema.strict(),
  adminRevenue: revenueSchema.strict(),
  adminActivity: activityListSchema,
  auditLog: auditListSchema,
  getMaintenance: maintenanceSchema.strict(),
  getRateLimits: rateLimitsSchema.strict(),
  sourceHealth: sourceHealthListSchema,
};

describe('every /api/admin/* route', () => {
  it('is in the admin area with the admin rule', () => {
    expect(ADMIN_ROUTES.map((r) => `${r.method} ${r.path}`).sort()).toEqual([
      'GET /api/admin/activity',
      'GET /api/admin/ai-insights',
      'GET /api/admin/audit',
      'GET /api/admin/financial',
      'GET /api/admin/financial-stats',
      'GET /api/admin/metrics',
      'GET /api/admin/report/schedule',
      'GET /api/admin/revenue',
      'GET /api/admin/settings/maintenance',
      'GET /api/admin/settings/rate-limits',
      'GET /api/admin/sources',
      'GET /api/admin/system',
      'GET /api/admin/user-management',
      'GET /api/admin/users',
      'PUT /api/admin/report/schedule',
      'PUT /api/admin/settings/maintenance',
      'PUT /api/admin/settings/rate-limits',
      'PUT /api/admin/users/{userId}',
    ]);
    expect(ADMIN_ROUTES.every((r) => r.auth === 'admin')).toBe(true);
  });

  it.each(ADMIN_ROUTES.map((r) => [r.method, r.path, r] as const))('%s %s refuses anonymous (401) and non-admins (403)', async (_method, _path, route) => {
    const extra = { params: { userId: member.userId }, body: { discount: 10, enabled: true } };
    const anonymous = await call(route, { as: 'anonymous', ...extra });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe('UNAUTHENTICATED');
    const regular = await call(route, { as: member, ...extra });
    expect(regular.status).toBe(403);
    expect(regular.body).toEqual({ error: 'Administrator access is required.', code: 'ADMIN_ONLY' });
  });
});

describe('with no data yet', () => {
  // Content is checked through the services at a fixed future "now", so that request timings the handler
  // chain may record for these very calls (today) cannot count as usage.
  const EMPTY_NOW = new Date('2040-01-15T00:00:00.000Z');

  it('answers every GET route with a valid body', async () => {
    for (const r of ADMIN_ROUTES.filter((x) => x.method === 'GET')) {
      const res = await call(r, { as: admin });
      expect(res.status).toBe(200);
      schemaOf[r.name]!.parse(res.body);
    }
    expect((await call(contract.userManagement, { as: admin })).body).toEqual([]);
  });

  it('answers zeros, no financial rows, and says there is not enough data', async () => {
    expect(await adminMetrics(EMPTY_NOW)).toEqual({
      totalRevenue: 0,
      monthlyRecurringRevenue: 0,
      totalUsers: 0,
      activeSubscriptions: 0,
      conversionRate: 0,
      churnRate: 0,
      averageRevenuePerUser: 0,
      lifetimeValue: 0,
    });
    expect(await adminFinancial(EMPTY_NOW)).toEqual([]);
    expect(await adminSystem(EMPTY_NOW)).toEqual({
      successRate: 0,
      systemUptime: 0,
      averageResponseTime: 0,
      totalSearches: 0,
      totalViolations: 0,
      totalDmcaSubmissions: 0,
    });
    const insights = await adminInsights(EMPTY_NOW);
    expect(insights.engagementMetrics).toEqual({
      avgSessionDuration: 0,
      bounceRate: 0,
      pagesPerSession: 0,
      conversionFunnelDropoff: { visited: 0, signedUp: 0, scanned: 0, reviewed: 0, caseFiled: 0, paid: 0 },
    });
    for (const list of [
      insights.userBehaviorPatterns.popularFeatures,
      insights.userBehaviorPatterns.commonExitPages,
      insights.businessOptimization.profitabilityInsights,
      insights.businessOptimization.churnRiskFactors,
      insights.businessOptimization.upsellOpportunities,
    ]) {
      expect(list).toHaveLength(1);
      expect(list[0]).toMatch(/^Not enough data yet: /);
    }
  });
});

describe('with users', () => {
  const ids: string[] = [];
  let pro: string;
  let trial: string;

  beforeAll(async () => {
    for (let n = 1; n <= 5; n++) {
      const u = await getOrCreateUserFromClaims(
        { iss: 'https://idp.test', sub: `s${n}`, email: `person${n}@example.test`, given_name: 'Person', family_name: `No${n}` },
        new Date(Date.now() - (6 - n) * 1000),
      );
      ids.push(u.id);
    }
    [trial, pro] = [ids[0]!, ids[1]!];
    const current = (await readStoredPlan(pro))!;
    const at = new Date().toISOString();
    await changeStoredPlan(current, 'pro', at);
    const amountCents = discountedCents('pro', 0);
    const event = await putBillingEvent({
      userId: pro,
      kind: 'charge',
      provider: 'local',
      planId: 'pro' as PlanId,
      previousPlan: 'trial',
      priceUsd: PLANS.pro.priceUsd,
      discountPercent: 0,
      amountUsd: amountCents / 100,
      amountCents,
      month: at.slice(0, 7),
      createdAt: at,
    });
    await countCharge(event);
    await recordPlanChange({ userId: pro, from: 'trial', to: 'pro', fromDiscount: 0, toDiscount: 0, amountCents, at });
    await recordSearchStarted({ userId: pro, engines: ['google'], contentType: 'images', names: 1 });
    await recordSearchStarted({ userId: pro, engines: ['google'], contentType: 'images', names: 1 });
    await recordCaseCreated(pro);
  });

  it('metrics and users move with sign-ups and the upgrade', async () => {
    expect((await call(contract.adminMetrics, { as: admin })).body).toMatchObject({
      totalRevenue: 100,
      monthlyRecurringRevenue: 100,
      totalUsers: 5,
      activeSubscriptions: 1,
      conversionRate: 0.2,
      churnRate: 0,
      averageRevenuePerUser: 100,
      lifetimeValue: 5000, // 100 / the 2% churn floor
    });
    expect((await call(contract.adminUsers, { as: admin })).body).toEqual({
      trialUsers: 4,
      subscriptionBreakdown: { basic: 0, pro: 1, enterprise: 0 },
      totalSignups: 5,
      activeUsers: 1,
      upgradedThisMonth: 1,
      cancelledThisMonth: 0,
      funnel: [
        { stage: 'visited', users: 0 },
        { stage: 'signedUp', users: 5 },
        { stage: 'scanned', users: 1 },
        { stage: 'reviewed', users: 0 },
        { stage: 'caseFiled', users: 1 },
        { stage: 'paid', users: 1 },
      ],
    });
  });

  it('user-management pages newest first with every field and the next cursor in a header', async () => {
    const first = await call(contract.userManagement, { as: admin, query: { limit: '2' } });
    expect(first.status).toBe(200);
    const page1 = managedUserListSchema.parse(first.body);
    expect(page1.map((u) => u.id)).toEqual([ids[4], ids[3]]);
    const cursor = first.headers[NEXT_CURSOR_HEADER];
    expect(cursor).toEqual(expect.any(String));

    const second = await call(contract.userManagement, { as: admin, query: { limit: '2', cursor: cursor! } });
    expect(second.body.map((u: { id: string }) => u.id)).toEqual([ids[2], ids[1]]);
    const third = await call(contract.userManagement, { as: admin, query: { limit: '2', cursor: second.headers[NEXT_CURSOR_HEADER]! } });
    expect(third.body.map((u: { id: string }) => u.id)).toEqual([ids[0]]);
    expect(third.headers[NEXT_CURSOR_HEADER]).toBeUndefined();

    const proRow = second.body.find((u: { id: string }) => u.id === pro);
    expect(managedUserSchema.strict().parse(proRow)).toEqual({
      id: pro,
      firstName: 'Person',
      lastName: 'No2',
      email: 'person2@example.test',
      joinDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      subscriptionPlan: 'pro',
      status: 'active',
      discount: 0,
      totalSpent: 100,
      searches: 2,
      dmcaCases: 1,
    });
    expect(third.body[0]).toMatchObject({ id: trial, subscriptionPlan: 'trial', totalSpent: 0, searches: 0, dmcaCases: 0 });
  });

  it('user-management refuses a bad cursor or limit with 400', async () => {
    const queries: Record<string, string>[] = [{ cursor: 'not-a-cursor' }, { cursor: Buffer.from('USER#x').toString('base64url') }, { limit: '0' }, { limit: '101' }, { limit: 'ten' }];
    for (const query of queries) {
      const res = await call(contract.userManagement, { as: admin, query });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
  });

  describe('PUT /api/admin/users/{userId}', () => {
    const put = (who: TestUser | undefined, userId: string, body: unknown) =>
      call(contract.setDiscount, { as: who, params: { userId }, body });
    const mrr = async () => (await call(contract.adminMetrics, { as: admin })).body.monthlyRecurringRevenue;

    it('refuses a discount outside 0-100 or not a number with 400, changing nothing', async () => {
      for (const body of [{ discount: 150 }, { discount: -1 }, { discount: '10' }, { discount: null }, {}, '"x"', [10]]) {
        const res = await put(admin, pro, body);
        expect(res.status).toBe(400);
        expect(res.body.error).toBe(DISCOUNT_MESSAGE);
      }
      const bad = await call(contract.setDiscount, { as: admin, params: { userId: pro }, body: '{"discount":' });
      expect(bad.status).toBe(400);
      expect((await readStoredPlan(pro))!.discountPercent).toBe(0);
      expect(await mrr()).toBe(100);
    });

    it('sets the discount where billing reads it and moves MRR for a paid plan', async () => {
      const res = await put(admin, pro, { discount: 25 });
      expect(res.status).toBe(200);
      expect(managedUserSchema.strict().parse(res.body)).toMatchObject({ id: pro, discount: 25, subscriptionPlan: 'pro', totalSpent: 100 });
      expect((await readStoredPlan(pro))!.discountPercent).toBe(25);
      expect(await mrr()).toBe(75);
      expect((await put(admin, pro, { discount: 25 })).status).toBe(200); // same value again: MRR unchanged
      expect(await mrr()).toBe(75);
      expect((await put(admin, pro, { discount: 0 })).body.discount).toBe(0);
      expect(await mrr()).toBe(100);
      // A trial user's discount changes no MRR.
      expect((await put(admin, trial, { discount: 12.5 })).body.discount).toBe(12.5);
      expect(await mrr()).toBe(100);
      const list = await call(contract.userManagement, { as: admin });
      expect(list.body.find((u: { id: string }) => u.id === trial).discount).toBe(12.5);
    });

    it('answers 404 for an unknown or malformed user id', async () => {
      const unknown = await put(admin, ulid(), { discount: 10 });
      expect(unknown.status).toBe(404);
      expect(unknown.body.error).toBe('User not found.');
      expect((await put(admin, 'USER#x', { discount: 10 })).status).toBe(404);
    });

    it('leaves the discount alone for non-admins and cross-site requests', async () => {
      expect((await put(member, pro, { discount: 90 })).status).toBe(403);
      expect((await put(undefined, pro, { discount: 90 })).status).toBe(401);
      const csrf = await call(contract.setDiscount, { as: admin, params: { userId: pro }, body: { discount: 90 } });
      expect(csrf.status).toBe(200); // same-origin (no Origin header) works...
      await put(admin, pro, { discount: 0 });
      const res = await call(contract.setDiscount, { as: admin, params: { userId: pro }, body: { discount: 90 }, headers: { origin: 'https://evil.example' } });
      expect(res.status).toBe(403); // ...another site's page does not
      expect((await readStoredPlan(pro))!.discountPercent).toBe(0);
    });
  });
});
