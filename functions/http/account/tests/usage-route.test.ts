import { allowanceResetsAt } from '../../../../shared/plans';
import { usageSchema } from '../../../../shared/schemas/usage';
import { caseForBulk } from '../../../services/cases/bulk-case';
import { createCaseFromForm } from '../../../services/cases/create-case';
import { recordCaseCreated, recordResultsPersisted, recordSearchStarted } from '../../../services/metrics';
import { addMonths, monthOf } from '../../../services/metrics/periods';
import { getResult, type NewResult } from '../../../services/search/results';
import { createSearch, finishSearch } from '../../../services/search/searches';
import { getUsage, readUserMonth } from '../../../services/usage';
import { persist } from '../../../workflows/search/persist';
import { putWork, workKey } from '../../../workflows/search/work-store';
import { contract } from '../../../../shared/contract';
import { call, startHarness, type Harness } from '../../../../test/harness';
import { aResult, scanWithResults, user, type TestUser } from '../../../../test/fixtures';

let h: Harness;
let owner: TestUser;
let other: TestUser;
let admin: TestUser;

beforeAll(async () => {
  h = await startHarness({ submissions: true });
  [owner, other, admin] = [await user(), await user(), await user({ isAdmin: true })];
});
afterAll(() => h.close());

const thisMonth = () => monthOf(new Date());
/** The middle of last month, so the test cannot land in this month whatever day it runs. */
const lastMonthAt = () => `${addMonths(thisMonth(), -1)}-15T12:00:00.000Z`;

const result = (n: number) => aResult(n, { instances: 1 });

/** Runs the search workflow's persist task for a new running search of `who`, as the state machine does. */
async function persistScan(who: TestUser, results: NewResult[]) {
  const search = await createSearch({ userId: who.userId, query: 'Test Creator', searchEngines: ['google'], contentType: 'images' });
  const triagedKey = workKey(search.id, 'triaged');
  await putWork(triagedKey, results);
  const state = {
    searchId: search.id,
    userId: who.userId,
    names: ['Test Creator'],
    engines: ['google'],
    contentType: 'images',
    references: [],
    triage: { triagedKey, kept: results.length, matched: 0, droppedAllowlisted: 0 },
  };
  return { search, state };
}

const usageOf = async (who: TestUser | undefined, id: string) => call(contract.usage, { as: who, params: { id } });

describe('GET /api/user/{id}/usage', () => {
  it('refuses an anonymous caller with 401', async () => {
    expect((await usageOf(undefined, 'me')).status).toBe(401);
  });

  it('answers zeros, the trial plan and its enforced allowances for a new user', async () => {
    const res = await usageOf(owner, 'me');
    expect(res.status).toBe(200);
    expect(usageSchema.strict().parse(res.body)).toEqual({
      period: thisMonth(),
      searches: 0,
      cases: 0,
      violations: 0,
      plan: 'trial',
      allowances: { scans: { used: 0, limit: 3 }, submissions: { used: 0, limit: 3, perDay: 3 }, bulkSubmissions: 3 },
      resetsAt: allowanceResetsAt(),
    });
  });

  it("counts the month's searches, cases and violations from the producers, once each despite retries", async () => {
    // Searches: the hook POST /api/search calls once the scan is written and its workflow started.
    for (let i = 0; i < 2; i++) {
      await recordSearchStarted({ userId: owner.userId, engines: ['google', 'bing'], contentType: 'images', names: 1 });
    }

    // Violations: the workflow's persist task, run twice for one batch as a Step Functions retry would.
    const { search, state } = await persistScan(owner, [result(1), result(2), result(3)]);
    expect(await persist(state)).toEqual({ persisted: 3 });
    expect(await persist(state)).toEqual({ persisted: 3 });
    await finishSearch(search.id, { status: 'completed', successfulEngines: ['google'], failedEngines: [] });

    // Cases: one from the form, one from a bulk submission asked twice for the same result.
    const [first, second] = (await scanWithResults(owner, [result(11), result(12)], { review: 'unauthorized' })).resultIds;
    await createCaseFromForm(owner.userId, {
      searchResultId: first!,
      infringingUrl: 'https://leaks.test/thread/11',
      description: 'Spring photo set from the subscription page',
      searchEngine: 'google',
    });
    const bulkResult = (await getResult(second!))!;
    const bulkOpts = { originalUrl: 'https://subscriptions.example.com/posts/spring-set', searchEngine: 'google' as const, platforms: ['google'] };
    const bulkCase = await caseForBulk(bulkResult, bulkOpts);
    expect((await caseForBulk(bulkResult, bulkOpts)).id).toBe(bulkCase.id);

    const res = await usageOf(owner, owner.userId);
    expect(res.status).toBe(200);
    // seedResults stores results through the service directly (no workflow), so only the persist task's 3 count.
    expect(usageSchema.strict().parse(res.body)).toMatchObject({ period: thisMonth(), searches: 2, cases: 2, violations: 3 });
  });

  it("keeps last month's usage out of this month's figures", async () => {
    const before = (await usageOf(owner, 'me')).body;
    const at = lastMonthAt();
    await recordSearchStarted({ userId: owner.userId, engines: ['google'], contentType: 'images', names: 1, at });
    await recordCaseCreated(owner.userId, at);
    await recordResultsPersisted(7, at, owner.userId);

    const now = (await usageOf(owner, 'me')).body;
    expect(now).toEqual(before);
    expect(await readUserMonth(owner.userId, at)).toEqual({ period: addMonths(thisMonth(), -1), searches: 1, cases: 1, violations: 7 });
    // The same service asked for a time in last month reads last month's item.
    expect(await getUsage(owner.userId, new Date(at))).toMatchObject({ period: addMonths(thisMonth(), -1), searches: 1, cases: 1, violations: 7 });
  });

  it("is 403 for another user's id and leaves nothing of the owner's in the answer", async () => {
    const res = await usageOf(other, owner.userId);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'FORBIDDEN' });
    expect(res.body.searches).toBeUndefined();
  });

  it("lets an administrator read any user's usage, and is 404 for an unknown user", async () => {
    const res = await usageOf(admin, owner.userId);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ searches: 2, cases: 2, violations: 3, plan: 'trial' });
    expect((await usageOf(admin, '01JUNKNOWNUSER0000000000000')).status).toBe(404);
  });

  it('is 400 for a malformed id', async () => {
    for (const id of ['USER#1', 'a b', 'x'.repeat(65)]) expect((await usageOf(owner, id)).status).toBe(400);
  });

  it("answers the allowances of the caller's stored plan", async () => {
    const pro = await user({ plan: 'pro' });
    expect((await usageOf(pro, 'me')).body).toMatchObject({ plan: 'pro', allowances: { scans: { limit: 340 }, submissions: { limit: 100, perDay: 25 }, bulkSubmissions: 100 } });
    const basic = await user({ plan: 'basic' });
    expect((await usageOf(basic, 'me')).body).toMatchObject({ plan: 'basic', allowances: { scans: { limit: 120 }, submissions: { limit: 10, perDay: 5 }, bulkSubmissions: 10 } });
    const enterprise = await user({ plan: 'enterprise' });
    expect((await usageOf(enterprise, 'me')).body).toMatchObject({
      plan: 'enterprise',
      allowances: { scans: { limit: 520 }, submissions: { limit: null, perDay: 200 }, bulkSubmissions: null },
    });
  });
});
