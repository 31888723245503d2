import { ulid } from 'ulid';
import { discountedCents, PLANS } from '../../../../shared/plans';
import { auditListSchema, BUSINESS_REPORTS, publicStatsSchema, revenueSchema, type BusinessReportKind } from '../../../../shared/schemas/platform';
import { contract } from '../../../../shared/contract';
import { adminInsights } from '../../../services/admin';
import { countCharge, putBillingEvent } from '../../../services/billing/billing-events';
import { changeStoredPlan, readStoredPlan } from '../../../services/billing/plan-store';
import { recordActivity, recordPlanChange, recordSearchStarted } from '../../../services/metrics';
import { RegistrationsClosedError } from '../../../services/platform/maintenance';
import { DEFAULT_RATE_LIMITS } from '../../../services/platform/rate-limits';
import { getOrCreateUserFromClaims } from '../../../services/users';
import { call, startHarness, type Harness } from '../../../../test/harness';
import { session, user, type TestUser } from '../../../../test/fixtures';

/*
 * The Business Dashboard's controls and feeds (issue 26): the admin audit log, maintenance mode, per-plan rate
 * limits, revenue by plan, the six business reports, the public figures, an administrator's own discount
 * (issue 27) and the activity definition the insights share with the dashboard.
 */

let h: Harness;
let admin: TestUser;
let member: TestUser;

beforeAll(async () => {
  h = await startHarness();
  admin = await session({ isAdmin: true, email: 'boss@example.test' });
  member = await user();
});
afterAll(() => h.close());

const audit = async () => auditListSchema.parse((await call(contract.auditLog, { as: admin })).body);

describe("an administrator's own discount", () => {
  it('is refused with 403 and nothing is stored or logged; another user\'s is changed and logged', async () => {
    const self = await user({ isAdmin: true });
    const before = (await audit()).length;
    const own = await call(contract.setDiscount, { as: self, params: { userId: self.userId }, body: { discount: 50 } });
    expect(own.status).toBe(403);
    expect(own.body).toEqual({ error: 'You cannot change your own discount. Ask another administrator.', code: 'OWN_DISCOUNT' });
    // Lower case is the same id.
    expect((await call(contract.setDiscount, { as: self, params: { userId: self.userId.toLowerCase() }, body: { discount: 50 } })).status).toBe(403);
    expect((await readStoredPlan(self.userId))!.discountPercent).toBe(0);
    expect(await audit()).toHaveLength(before);

    const other = await call(contract.setDiscount, { as: self, params: { userId: member.userId }, body: { discount: 15 } });
    expect(other.status).toBe(200);
    const [entry] = await audit();
    expect(entry).toMatchObject({ action: 'discount', actorId: self.userId, actorEmail: self.email, targetId: member.userId, summary: `Set the discount of ${member.email} from 0% to 15%` });
    expect(Date.now() - Date.parse(entry!.at)).toBeLessThan(60_000);
  });
});

describe('maintenance mode', () => {
  const put = (who: TestUser | 'anonymous', body: unknown) => call(contract.setMaintenance, { as: who, body });
  const newUser = () => getOrCreateUserFromClaims({ iss: 'https://idp.test', sub: ulid(), email: `${ulid().toLowerCase()}@example.test` });

  it('refuses bad input with 400 naming the field, changing nothing', async () => {
    for (const body of [{}, { enabled: 'yes' }, { enabled: true, message: 'x'.repeat(301) }, { enabled: true, message: 5 }]) {
      const res = await put(admin, body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
    expect((await put(admin, { enabled: true, message: 'x'.repeat(301) })).body.error).toMatch(/message must be at most 300 characters/);
    expect((await call(contract.getMaintenance, { as: admin })).body.enabled).toBe(false);
    expect((await put(member, { enabled: true })).status).toBe(403);
    expect((await put('anonymous', { enabled: true })).status).toBe(401);
  });

  it('while on, stops new accounts (existing ones still sign in), says so publicly, and is logged', async () => {
    const existing = await newUser();
    const on = await put(admin, { enabled: true, message: 'Back at 18:00 UTC.' });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ enabled: true, message: 'Back at 18:00 UTC.', updatedBy: admin.userId });
    expect((await call(contract.publicStatus)).body).toEqual({ registrationsOpen: false, message: 'Back at 18:00 UTC.' });
    await expect(newUser()).rejects.toBeInstanceOf(RegistrationsClosedError);
    await expect(newUser()).rejects.toMatchObject({ statusCode: 403, code: 'REGISTRATIONS_CLOSED', message: 'Back at 18:00 UTC.' });
    const again = await getOrCreateUserFromClaims({ iss: 'https://idp.test', sub: 'unused', email: existing.email }).catch((e: Error) => e);
    expect(again).toBeInstanceOf(RegistrationsClosedError); // a new identity, even with a known e-mail
    expect((await audit())[0]).toMatchObject({ action: 'maintenance', actorEmail: 'boss@example.test', summary: 'Turned maintenance mode on: "Back at 18:00 UTC."' });

    const off = await put(admin, { enabled: false });
    expect(off.body).toMatchObject({ enabled: false, message: 'Back at 18:00 UTC.' });
    expect((await call(contract.publicStatus)).body).toEqual({ registrationsOpen: true });
    await expect(newUser()).resolves.toMatchObject({ subscriptionPlan: 'trial' });
    expect((await audit())[0]).toMatchObject({ action: 'maintenance', summary: 'Turned maintenance mode off' });
  });
});

describe('rate limits', () => {
  const put = (who: TestUser | 'anonymous', body: unknown) => call(contract.setRateLimits, { as: who, body });
  afterAll(() => put(admin, DEFAULT_RATE_LIMITS));

  it('refuses bad input with 400 naming the field', async () => {
    const bad = [{}, { ...DEFAULT_RATE_LIMITS, pro: { perMinute: 0, burst: 5 } }, { ...DEFAULT_RATE_LIMITS, basic: { perMinute: 2.5, burst: 5 } }, { ...DEFAULT_RATE_LIMITS, trial: undefined }];
    for (const body of bad) {
      const res = await put(admin, body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
    expect((await put(admin, bad[1])).body.error).toMatch(/perMinute must be at least 1/);
    expect((await call(contract.getRateLimits, { as: admin })).body.limits).toEqual(DEFAULT_RATE_LIMITS);
  });

  it("the plan's token bucket is enforced on costly routes per user, and the change is logged", async () => {
    const limits = { ...DEFAULT_RATE_LIMITS, trial: { perMinute: 1, burst: 2 } };
    const saved = await put(admin, limits);
    expect(saved.status).toBe(200);
    expect(saved.body.limits).toEqual(limits);
    expect(saved.body.routes).toEqual(expect.arrayContaining(['startSearch', 'chat', 'runMonitor', 'userReport', 'bulkSubmit']));
    expect((await audit())[0]).toMatchObject({ action: 'rate-limits', summary: expect.stringContaining('trial 1/min (burst 2)') });

    const creator = await user();
    const report = () => call(contract.userReport, { as: creator, params: { id: 'me' }, query: { format: 'csv' } });
    expect((await report()).status).toBe(200);
    expect((await report()).status).toBe(200);
    const refused = await report();
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('RATE_LIMITED');
    expect(refused.body.error).toMatch(/your plan allows 1 scans, reports and other costly actions a minute/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // Another user's bucket is their own; a cheap route is not limited.
    expect((await call(contract.userReport, { as: await user(), params: { id: 'me' }, query: { format: 'csv' } })).status).toBe(200);
    expect((await call(contract.usage, { as: creator, params: { id: 'me' } })).status).toBe(200);
    // A paid plan has its own limit.
    const pro = await user({ plan: 'pro' });
    for (let i = 0; i < 3; i++) expect((await call(contract.userReport, { as: pro, params: { id: 'me' }, query: { format: 'csv' } })).status).toBe(200);
  });
});

describe('revenue and reports', () => {
  beforeAll(async () => {
    const buyer = await user();
    const at = new Date().toISOString();
    await changeStoredPlan((await readStoredPlan(buyer.userId))!, 'basic', at);
    const amountCents = discountedCents('basic', 0);
    const event = await putBillingEvent({
      userId: buyer.userId, kind: 'charge', provider: 'local', planId: 'basic', previousPlan: 'trial', priceUsd: PLANS.basic.priceUsd,
      discountPercent: 0, amountUsd: amountCents / 100, amountCents, month: at.slice(0, 7), createdAt: at,
    });
    await countCharge(event);
    await recordPlanChange({ userId: buyer.userId, from: 'trial', to: 'basic', fromDiscount: 0, toDiscount: 0, amountCents, at });
  });

  it('revenue per plan, growth and projected ARR come from the recorded charge', async () => {
    const res = await call(contract.adminRevenue, { as: admin });
    expect(revenueSchema.strict().parse(res.body)).toEqual({
      byPlan: [{ plan: 'basic', revenue: 50 }, { plan: 'pro', revenue: 0 }, { plan: 'enterprise', revenue: 0 }],
      unattributed: 0,
      total: 50,
      growth: { monthly: null, quarterly: null, annual: null },
      projectedArr: 600,
    });
  });

  it('the recent activity lists the platform events, newest first', async () => {
    const res = await call(contract.adminActivity, { as: admin });
    expect(res.status).toBe(200);
    expect(res.body.map((e: { summary: string }) => e.summary)).toContain('New Basic subscription ($50.00 charged)');
    expect(res.body.map((e: { kind: string }) => e.kind)).toContain('signup');
  });

  it.each(Object.keys(BUSINESS_REPORTS) as BusinessReportKind[])('%s downloads as PDF and CSV for admins only', async (kind) => {
    const pdf = await call(contract.businessReport, { as: admin, params: { kind }, query: { format: 'pdf' } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.headers['content-disposition']).toMatch(new RegExp(`vigil-${kind}-\\d{4}-\\d\\d-\\d\\d\\.pdf`));
    const csv = await call(contract.businessReport, { as: admin, params: { kind }, query: { format: 'csv' } });
    expect(csv.status).toBe(200);
    expect(csv.bytes.toString()).toContain(`report,${BUSINESS_REPORTS[kind]}`);
    expect((await call(contract.businessReport, { as: member, params: { kind } })).status).toBe(403);
    expect((await call(contract.businessReport, { as: 'anonymous', params: { kind } })).status).toBe(401);
  });

  it('the monthly revenue CSV holds the recorded revenue; a bad kind or format is refused with 400', async () => {
    const csv = (await call(contract.businessReport, { as: admin, params: { kind: 'monthly-revenue' }, query: { format: 'csv' } })).bytes.toString();
    expect(csv).toContain('Revenue by plan (all time),Basic,$50.00');
    expect(csv).toContain('Recurring revenue,Projected ARR (MRR x 12),$600.00');
    const kind = await call(contract.businessReport, { as: admin, params: { kind: 'weekly' } });
    expect(kind.status).toBe(400);
    expect(kind.body.error).toMatch(/kind must be one of monthly-revenue/);
    expect((await call(contract.businessReport, { as: admin, params: { kind: 'churn-analysis' }, query: { format: 'xls' } })).body.error).toMatch(/format must be pdf or csv/);
  });
});

describe('public figures', () => {
  it('anyone reads the computed figures, cached publicly', async () => {
    const res = await call(contract.publicStats);
    expect(res.status).toBe(200);
    const stats = publicStatsSchema.strict().parse(res.body);
    expect(stats.noticesSent).toBe(0);
    expect(stats.removalRate).toBeNull();
    expect(res.headers['cache-control']).toBe('public, max-age=300');
  });
});

describe('activity insights use the dashboard\'s definition of active', () => {
  it('a creator who upgraded and just scanned is not called inactive', async () => {
    const at = '2041-03-10T10:00:00.000Z';
    const creator = await user();
    // Active as a trial user first (a page view), then upgraded to Pro, then three scans.
    await recordActivity(creator.userId, at, 'trial');
    await changeStoredPlan((await readStoredPlan(creator.userId))!, 'pro', at);
    await recordPlanChange({ userId: creator.userId, from: 'trial', to: 'pro', fromDiscount: 0, toDiscount: 0, amountCents: 10000, at });
    for (let i = 0; i < 3; i++) await recordSearchStarted({ userId: creator.userId, engines: ['google'], contentType: 'web', names: 1, at });
    const insights = await adminInsights(new Date('2041-03-10T12:00:00.000Z'));
    expect(insights.businessOptimization.churnRiskFactors.join(' ')).not.toMatch(/have not used Vigil this month/);
  });
});
