import { ulid } from 'ulid';
import { contract } from '../../../../shared/contract';
import { aResult, monitor, openCase, reviewedResult, user, type TestUser } from '../../../../test/fixtures';
import { call, startHarness, type Harness } from '../../../../test/harness';
import { PAYMENT_GRACE_DAYS, setBillingAttributes } from '../../../services/profile-store';

/*
 * A failed payment leaves the subscription `past_due` while Stripe retries. Within PAYMENT_GRACE_DAYS the plan
 * stays in force; after it, the trial's rules decide every plan feature (one function, `effectivePlan`), not
 * only the monthly counts: bulk size and platforms, automated submission, monitor cadence and "Submit
 * automatically". The stored plan is untouched (Stripe may still collect the payment).
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

/** A Pro subscriber whose payment failed `days` days ago. */
async function proPastDue(days: number): Promise<TestUser> {
  const who = await user({ plan: 'pro' });
  await setBillingAttributes(who.userId, { subscriptionStatus: 'past_due', pastDueSince: new Date(Date.now() - days * 86_400_000).toISOString() });
  return who;
}

const ids = (n: number) => Array.from({ length: n }, () => ulid());
const bulk = (who: TestUser, body: unknown) => call(contract.bulkSubmit, { as: who, body });
const ORIGINAL_URL = 'https://lunavale.example/gallery';

describe('a payment past due', () => {
  it('beyond the grace: the trial decides bulk size, platforms, automated submission, monitors and the Usage tab', async () => {
    const who = await proPastDue(PAYMENT_GRACE_DAYS + 1);
    const tooMany = await bulk(who, { searchResultIds: ids(4), platforms: ['google'] });
    expect(tooMany.status).toBe(402);
    expect(tooMany.body).toMatchObject({ code: 'PLAN_LIMIT_EXCEEDED', error: expect.stringMatching(/^Trial accounts are limited to 3/) });
    const bing = await bulk(who, { searchResultIds: ids(1), platforms: ['google', 'bing'] });
    expect(bing.status).toBe(402);
    expect(bing.body).toMatchObject({ code: 'PLATFORM_NOT_IN_PLAN', error: expect.stringMatching(/Free Trial plan/) });

    const { resultId } = await reviewedResult(who, aResult(1));
    const c = await openCase(who, { searchResultId: resultId, infringingUrl: aResult(1).url, description: 'My photo set', searchEngine: 'google' });
    const automated = await call(contract.submitAutomated, { as: who, params: { id: c.id } });
    expect(automated.status).toBe(402);
    expect(automated.body).toMatchObject({ code: 'PLAN_REQUIRED' });

    // A monitor set up while paying: "Submit automatically" stops (and says so), a daily cadence is refused.
    const m = await monitor(who, { autoSubmit: true, originalUrl: ORIGINAL_URL });
    const shown = await call(contract.getMonitor, { as: who, params: { id: m.id } });
    expect(shown.body.autoSubmitInactive).toMatch(/Free Trial plan does not include automatic submission/);
    const put = (body: unknown) => call(contract.updateMonitor, { as: who, params: { id: m.id }, body });
    expect((await put({ autoSubmit: false })).status).toBe(200);
    expect((await put({ autoSubmit: true, originalUrl: ORIGINAL_URL })).body).toMatchObject({ code: 'PLAN_REQUIRED' });
    expect((await put({ cadence: 'daily' })).body).toMatchObject({ code: 'PLAN_LIMIT' });

    const usage = await call(contract.usage, { as: who, params: { id: 'me' } });
    expect(usage.body).toMatchObject({ plan: 'trial', allowances: { bulkSubmissions: 3, scans: { limit: 3 } } });
    expect((await call(contract.subscription, { as: who })).body).toMatchObject({ plan: 'pro', status: 'past_due' });
  });

  it('within the grace: the plan stays in force', async () => {
    const who = await proPastDue(PAYMENT_GRACE_DAYS - 1);
    // Allowed: the unknown ids are the refusal, not the plan.
    expect((await bulk(who, { searchResultIds: ids(4), platforms: ['google', 'bing', 'duckduckgo'] })).status).toBe(404);
    const m = await monitor(who);
    const on = await call(contract.updateMonitor, { as: who, params: { id: m.id }, body: { autoSubmit: true, originalUrl: ORIGINAL_URL, cadence: 'daily' } });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ autoSubmit: true, autoSubmitInactive: null, cadence: 'daily' });
    expect((await call(contract.usage, { as: who, params: { id: 'me' } })).body).toMatchObject({ plan: 'pro', allowances: { bulkSubmissions: 100 } });
  });
});
