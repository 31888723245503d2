import { ulid } from 'ulid';
import { allowanceResetsAt } from '../../../../shared/plans';
import { bulkSubmitResponseSchema } from '../../../../shared/schemas/cases';
import type { PlanId } from '../../../../shared/schemas/user';
import { resetConfig } from '../../../lib/config';
import { listCasesByUser } from '../../../services/cases/case-store';
import { caseForBulk } from '../../../services/cases/bulk-case';
import { getResult, type NewResult } from '../../../services/search/results';
import { contract } from '../../../../shared/contract';
import { call, startHarness, type Harness } from '../../../../test/harness';
import { aCopyOnline, scanWithResults, user, type TestUser } from '../../../../test/fixtures';

// Several tests wait for every case's whole ladder (host, network, registrar: three notices each, with their
// re-check waits): about 12 s each on an idle machine, over 30 s on a busy one.
jest.setTimeout(60_000);

let h: Harness;
const ORIGINAL = 'https://fans.example.com/p/original';

beforeAll(async () => {
  h = await startHarness({ submissions: true });
});
afterAll(() => h.close());

/** Results of `who` on fresh fixture pages (online until told otherwise), reviewed as given. */
async function seed(who: TestUser, specs: Partial<NewResult>[], review: 'unauthorized' | 'safe' | null = 'unauthorized') {
  const results = specs.map((spec) => aCopyOnline(h.web, spec));
  return scanWithResults(who, results, review ? { review } : {}).then((s) => s.resultIds);
}

const bulk = (who: TestUser | undefined, body: unknown, headers?: Record<string, string>) => call(contract.bulkSubmit, { as: who, body, headers });

/** Every outbox message about `who`'s cases, per case number. */
async function mailsPerCase(who: TestUser): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const c of await listCasesByUser(who.userId)) out.set(c.caseNumber, (await h.mailsFor(c.caseNumber)).length);
  return out;
}

describe('POST /api/dmca/bulk-submit: input and plan rules', () => {
  let users: Record<PlanId, TestUser>;
  beforeAll(async () => {
    users = {
      trial: await user(),
      basic: await user({ plan: 'basic' }),
      pro: await user({ plan: 'pro' }),
      enterprise: await user({ plan: 'enterprise' }),
    };
  });
  const ids = (n: number) => Array.from({ length: n }, () => ulid());

  it('refuses an anonymous caller with 401', async () => {
    expect((await bulk(undefined, { searchResultIds: ids(1), platforms: ['google'] })).status).toBe(401);
  });

  it("refuses an empty selection with the spec's message", async () => {
    for (const body of [{ searchResultIds: [], platforms: ['google'] }, { platforms: ['google'] }]) {
      const res = await bulk(users.pro, body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        success: false,
        error: 'Please select violations to submit automated DMCA requests.',
        processedViolations: 0,
        successfulSubmissions: 0,
      });
    }
    expect((await bulk(users.pro, '{nope')).body).toMatchObject({ success: false, error: 'Request body is not valid JSON.' });
    const bad = await bulk(users.pro, { searchResultIds: ['x'], platforms: ['yahoo'], autoSubmitThreshold: 2 });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.map((f: { path: string }) => f.path)).toEqual(['body.searchResultIds.0', 'body.platforms.0', 'body.autoSubmitThreshold']);
    const noPlatform = await bulk(users.pro, { searchResultIds: ids(1), platforms: [] });
    expect(noPlatform.body.error).toBe('Please select at least one platform.');
    const badKey = await bulk(users.pro, { searchResultIds: ids(1) }, { 'idempotency-key': 'has space' });
    expect(badKey.status).toBe(400);
  });

  it('limits the number of violations per plan: trial 3, basic 10, pro 100 (402 with the spec message)', async () => {
    const trial = await bulk(users.trial, { searchResultIds: ids(4), platforms: ['google'] });
    expect(trial.status).toBe(402);
    expect(trial.body).toMatchObject({
      success: false,
      error: 'Trial accounts are limited to 3 bulk submissions. Please upgrade to process more violations.',
      code: 'PLAN_LIMIT_EXCEEDED',
    });
    expect((await bulk(users.basic, { searchResultIds: ids(11), platforms: ['google'] })).body.error).toBe(
      'Basic accounts are limited to 10 bulk submissions. Please upgrade to process more violations.',
    );
    expect((await bulk(users.pro, { searchResultIds: ids(101), platforms: ['google'] })).body.error).toBe(
      'Pro accounts are limited to 100 bulk submissions. Please upgrade to process more violations.',
    );
    // Within the limit, unknown ids are the next refusal: the limit is not what stops them.
    expect((await bulk(users.trial, { searchResultIds: ids(3), platforms: ['google'] })).status).toBe(404);
    expect((await bulk(users.basic, { searchResultIds: ids(10), platforms: ['google'] })).status).toBe(404);
  });

  it('has no limit on Enterprise', async () => {
    const many = await seed(users.enterprise, Array.from({ length: 101 }, () => ({ confidenceScore: 0.5 })));
    const res = await bulk(users.enterprise, { searchResultIds: many, platforms: ['google', 'bing', 'duckduckgo'] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ processedViolations: 101, successfulSubmissions: 0, success: false });
  });

  it('allows the platforms of the plan only, naming the one refused', async () => {
    const trial = await bulk(users.trial, { searchResultIds: ids(1), platforms: ['google', 'bing'] });
    expect(trial.status).toBe(402);
    expect(trial.body.error).toBe('Bing is not included in the Free Trial plan. Upgrade to Basic, Pro or Enterprise to submit to Bing.');
    expect(trial.body.code).toBe('PLATFORM_NOT_IN_PLAN');
    const basic = await bulk(users.basic, { searchResultIds: ids(1), platforms: ['google', 'bing', 'duckduckgo'] });
    expect(basic.body.error).toBe('DuckDuckGo is not included in the Basic plan. Upgrade to Pro or Enterprise to submit to DuckDuckGo.');
    expect((await bulk(users.pro, { searchResultIds: ids(1), platforms: ['duckduckgo'] })).status).toBe(404); // allowed; unknown id
  });

  it("answers 404 for another user's result, and sends nothing for any of the selection", async () => {
    const [mine] = await seed(users.pro, [{}]);
    const [theirs] = await seed(users.basic, [{}]);
    const res = await bulk(users.pro, { searchResultIds: [mine, theirs], platforms: ['google'] });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, error: `Search result ${theirs} not found.` });
    await h.sfn.idle();
    expect(await listCasesByUser(users.pro.userId)).toHaveLength(0);
  });

  it('reads the stored plan: an upgrade lifts the limit', async () => {
    const who = await user();
    const four = await seed(who, [{}, {}, {}, {}]);
    expect((await bulk(who, { searchResultIds: four, platforms: ['google'] })).status).toBe(402);
    expect((await call(contract.upgrade, { as: who, body: { planId: 'basic' } })).status).toBe(200);
    const res = await bulk(who, { searchResultIds: four, platforms: ['google', 'bing'] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, processedViolations: 4, successfulSubmissions: 4 });
    await h.sfn.idle();
  });
});

describe('POST /api/dmca/bulk-submit: eligibility and submission', () => {
  it('submits eligible violations only, with the reason for each one left out', async () => {
    const who = await user({ plan: 'pro' });
    const ok = await seed(who, [{ confidenceScore: 0.93 }, { confidenceScore: 0.75 }, { confidenceScore: 0.95, priority: 'medium' }, { confidenceScore: 0.6 }]);
    const [unset] = await seed(who, [{}], null);
    const [safe] = await seed(who, [{}], 'safe');
    const res = await bulk(who, { searchResultIds: [...ok, unset, safe], platforms: ['google'] });
    expect(res.status).toBe(200);
    const body = bulkSubmitResponseSchema.parse(res.body);
    expect(body).toMatchObject({ success: true, error: null, processedViolations: 6, successfulSubmissions: 2 });
    // The default threshold is the eligibility minimum the site offers (0.70), so 0.75 goes too.
    expect(body.items.map((i) => [i.submitted, i.reason])).toEqual([
      [true, undefined],
      [true, undefined],
      [false, 'Only high-priority violations can be submitted in bulk.'],
      [false, 'Confidence score 0.60 is below the bulk threshold of 0.70.'],
      [false, 'Mark this violation as unauthorized before submitting it.'],
      [false, 'Mark this violation as unauthorized before submitting it.'],
    ]);
    await h.sfn.idle();
    const cases = (await listCasesByUser(who.userId)).filter((c) => c.searchResultId === ok[0]);
    expect(cases).toHaveLength(1);
    expect(cases[0]).toMatchObject({ searchResultId: ok[0], status: 'sent', origin: 'bulk', platforms: ['google'], host: 'leaks.test' });
    // Still online: the escalation ladder's host, network and registrar rungs each had a notice (issue 23).
    expect(await h.mailsFor(cases[0]!.caseNumber)).toHaveLength(3);

    // A higher threshold holds the 0.75 one back. The first result's case is reused; its attempt ended
    // stopped (the page is still online), so it climbs again: a new bulk request is a new attempt.
    const higher = await bulk(who, { searchResultIds: ok.slice(0, 2), platforms: ['google'], autoSubmitThreshold: 0.8 });
    expect(higher.body).toMatchObject({ successfulSubmissions: 1 });
    expect(higher.body.items[1].reason).toBe('Confidence score 0.75 is below the bulk threshold of 0.80.');
    expect(higher.body.items[0].caseId).toBe(cases[0]!.id);
    await h.sfn.idle();
    expect([...(await mailsPerCase(who)).values()].sort()).toEqual([3, 6]);
  });

  it('takes no original URL, or one on My sites only (422 naming it); a follow-up leaves out an original off My sites', async () => {
    const who = await user({ plan: 'basic' });
    const [first, second, third] = await seed(who, [{}, {}, {}]);
    // No original: the notices describe the work without one (issue 23); nothing is taken from earlier cases.
    const none = await bulk(who, { searchResultIds: [first], platforms: ['google'] });
    expect(none.body).toMatchObject({ success: true, successfulSubmissions: 1 });
    // An original off the creator's own sites (none declared yet): 422 naming the URL and the field, nothing taken.
    const foreign = await bulk(who, { searchResultIds: [second], platforms: ['google'], originalUrl: 'https://phish.example/login' });
    expect(foreign.status).toBe(422);
    expect(foreign.body.code).toBe('ORIGINAL_NOT_OWN');
    expect(foreign.body.error).toContain('you have declared none');
    expect(foreign.body.error).toContain('https://phish.example/login');
    expect(foreign.body.fields[0].path).toBe('body.originalUrl');
    expect((await call(contract.addOwnSite, { as: who, params: { id: 'me' }, body: { site: 'fans.example.com' } })).status).toBe(201);
    const stillForeign = await bulk(who, { searchResultIds: [second], platforms: ['google'], originalUrl: 'https://phish.example/login' });
    expect(stillForeign.body.error).toContain('(Settings, My sites: fans.example.com)');
    const own = await bulk(who, { searchResultIds: [second], platforms: ['bing'], originalUrl: ORIGINAL });
    expect(own.body.successfulSubmissions).toBe(1);
    // A case opened before the rule with an original off My sites: its follow-up notice leaves it out.
    const older = await caseForBulk((await getResult(third!))!, { originalUrl: 'https://phish.example/login', searchEngine: 'google', platforms: ['google'] });
    const followUp = await bulk(who, { searchResultIds: [third], platforms: ['google'] });
    expect(followUp.body.items[0]).toMatchObject({ accepted: true, caseId: older.id });
    await h.sfn.idle();
    const cases = await listCasesByUser(who.userId);
    expect(cases.find((c) => c.searchResultId === first)!.originalUrl).toBe('');
    expect(cases.find((c) => c.searchResultId === second)).toMatchObject({ originalUrl: ORIGINAL, searchEngine: 'bing' });
    const [ownMail] = await h.mailsFor(cases.find((c) => c.searchResultId === second)!.caseNumber);
    expect(ownMail!.text).toContain(`Authorized original: ${ORIGINAL}`);
    const olderMails = await h.mailsFor(older.caseNumber);
    expect(olderMails.length).toBeGreaterThan(0);
    for (const m of olderMails) {
      expect(m.text).not.toContain('phish.example');
      expect(m.text).not.toContain('Authorized original');
    }
  });

  it('trial accounts may submit up to 3 to Google', async () => {
    const who = await user();
    const three = await seed(who, [{}, {}, {}]);
    const res = await bulk(who, { searchResultIds: three, platforms: ['google'] });
    expect(res.body).toMatchObject({ success: true, processedViolations: 3, successfulSubmissions: 3 });
    await h.sfn.idle();

    // The month's allowance (3 violations submitted) is used: the 4th gets 402 PLAN_LIMIT with the figures.
    const [fourth] = await seed(who, [{}]);
    const refused = await bulk(who, { searchResultIds: [fourth], platforms: ['google'] });
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ code: 'PLAN_LIMIT', limit: 3, used: 3, resetsAt: allowanceResetsAt() });
    expect(refused.body.error).toMatch(/3 violation submissions a month/);
    const usage = await call(contract.usage, { as: who, params: { id: 'me' } });
    expect(usage.body.allowances.submissions).toEqual({ used: 3, limit: 3, perDay: 3 });
    await h.sfn.idle();
    expect((await listCasesByUser(who.userId)).filter((c) => c.submission)).toHaveLength(3);
  });

  it('admits exactly one of two parallel requests for the last unit of the allowance', async () => {
    const who = await user();
    const [a, b, c, d] = await seed(who, [{}, {}, {}, {}]);
    expect((await bulk(who, { searchResultIds: [a, b], platforms: ['google'] })).body.successfulSubmissions).toBe(2);
    const replies = await Promise.all([
      bulk(who, { searchResultIds: [c], platforms: ['google'] }),
      bulk(who, { searchResultIds: [d], platforms: ['google'] }),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 402]);
    expect(replies.find((r) => r.status === 402)!.body).toMatchObject({ code: 'PLAN_LIMIT', limit: 3, used: 3 });
    await h.sfn.idle();
    expect((await listCasesByUser(who.userId)).filter((x) => x.submission)).toHaveLength(3);
  });
});

describe('POST /api/dmca/bulk-submit: the workflow and the allowance', () => {
  const usage = async (who: TestUser) => (await call(contract.usage, { as: who, params: { id: 'me' } })).body.allowances.submissions.used;

  it('answers with the accepted ids, their cases and the execution, before the cases are made', async () => {
    const who = await user({ plan: 'basic' });
    const ids = await seed(who, [{}, {}, { confidenceScore: 0.5 }]);
    const res = await bulk(who, { searchResultIds: ids, platforms: ['google'] });
    expect(res.status).toBe(200);
    const body = bulkSubmitResponseSchema.parse(res.body);
    expect(body.executionId).toEqual(expect.any(String));
    expect(body.items.map((i) => [i.searchResultId, i.accepted, i.submitted])).toEqual([
      [ids[0], true, true],
      [ids[1], true, true],
      [ids[2], false, false],
    ]);
    // The accepted ones name the case their notice goes into; the workflow creates it under that id.
    await h.sfn.idle();
    const cases = await listCasesByUser(who.userId);
    expect(cases.map((c) => c.id).sort()).toEqual([body.items[0]!.caseId, body.items[1]!.caseId].sort());
    expect(await usage(who)).toBe(2);
  });

  it('admits what is left of the allowance, in selection order, and refuses the rest by name', async () => {
    const who = await user();
    const [a, b, c, d] = await seed(who, [{}, {}, {}, {}]);
    expect((await bulk(who, { searchResultIds: [a, b], platforms: ['google'] })).body.successfulSubmissions).toBe(2);
    const res = await bulk(who, { searchResultIds: [c, d], platforms: ['google'] });
    expect(res.status).toBe(200);
    expect(res.body.items.map((i: { accepted: boolean }) => i.accepted)).toEqual([true, false]);
    expect(res.body.items[1].reason).toMatch(/Free Trial plan includes 3 violation submissions a month/);
    expect(await usage(who)).toBe(3);
    await h.sfn.idle();
  });

  it('changes nothing when the workflow cannot start: 503, the allowance given back, no case', async () => {
    const who = await user({ plan: 'pro' });
    const ids = await seed(who, [{}, {}]);
    const saved = process.env.BULK_SUBMISSION_STATE_MACHINE_ARN;
    process.env.BULK_SUBMISSION_STATE_MACHINE_ARN = `${saved}-missing`;
    resetConfig();
    try {
      const res = await bulk(who, { searchResultIds: ids, platforms: ['google'] });
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ code: 'WORKFLOW_UNAVAILABLE' });
    } finally {
      process.env.BULK_SUBMISSION_STATE_MACHINE_ARN = saved;
      resetConfig();
    }
    expect(await usage(who)).toBe(0);
    await h.sfn.idle();
    expect(await listCasesByUser(who.userId)).toHaveLength(0);
    // Errors are not stored: the same request runs once the workflow is there.
    expect((await bulk(who, { searchResultIds: ids, platforms: ['google'] })).body.successfulSubmissions).toBe(2);
    await h.sfn.idle();
  });
});

describe('POST /api/dmca/bulk-submit: idempotency', () => {
  it('replays the first response for a retry with the same Idempotency-Key and sends each notice once', async () => {
    const who = await user({ plan: 'pro' });
    const ids = await seed(who, [{}, {}, {}]);
    const body = { searchResultIds: ids, platforms: ['google', 'bing'] };
    const key = { 'idempotency-key': `bulk-${ulid()}` };
    const first = await bulk(who, body, key);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, processedViolations: 3, successfulSubmissions: 3 });
    await h.sfn.idle();

    const retry = await bulk(who, body, key);
    expect(retry.status).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toEqual(first.body);
    await h.sfn.idle();
    const mails = await mailsPerCase(who);
    expect(mails.size).toBe(3);
    expect([...mails.values()]).toEqual([3, 3, 3]); // one notice per rung of the ladder (host, network, registrar)

    const reused = await bulk(who, { ...body, platforms: ['google'] }, key);
    expect(reused.status).toBe(422);
    expect(reused.body).toMatchObject({ success: false, error: 'This Idempotency-Key was already used for a different request.' });
  });

  it('treats a double click (same selection, no key) as one request: one response, one e-mail per case', async () => {
    const who = await user({ plan: 'enterprise' });
    const ids = await seed(who, [{}, {}, {}, {}, {}]);
    const body = { searchResultIds: ids, platforms: ['google'] };
    const replies = await Promise.all([bulk(who, body), bulk(who, body), bulk(who, { ...body, searchResultIds: [...ids].reverse() })]);
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(replies.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(2);
    for (const r of replies) expect(r.body).toEqual(replies[0]!.body);
    await h.sfn.idle();
    const mails = await mailsPerCase(who);
    expect(mails.size).toBe(5);
    expect([...mails.values()]).toEqual([3, 3, 3, 3, 3]); // one notice per rung of the ladder
  });

  it('sends each case once even for overlapping requests with different keys', async () => {
    const who = await user({ plan: 'pro' });
    const ids = await seed(who, [{}, {}, {}]);
    const body = { searchResultIds: ids, platforms: ['google'] };
    const replies = await Promise.all([bulk(who, body, { 'idempotency-key': ulid() }), bulk(who, body, { 'idempotency-key': ulid() })]);
    expect(replies.map((r) => r.body.successfulSubmissions)).toEqual([3, 3]);
    expect(replies[0]!.body.items.map((i: { caseId: string }) => i.caseId)).toEqual(replies[1]!.body.items.map((i: { caseId: string }) => i.caseId));
    await h.sfn.idle();
    const mails = await mailsPerCase(who);
    expect(mails.size).toBe(3);
    expect([...mails.values()]).toEqual([3, 3, 3]); // one notice per rung of the ladder (host, network, registrar)
  });

  it('runs again after a refused request (errors are not stored)', async () => {
    const who = await user();
    const four = await seed(who, [{}, {}, {}, {}]);
    const key = { 'idempotency-key': ulid() };
    expect((await bulk(who, { searchResultIds: four, platforms: ['google'] }, key)).status).toBe(402);
    await call(contract.upgrade, { as: who, body: { planId: 'pro' } });
    const res = await bulk(who, { searchResultIds: four, platforms: ['google'] }, key);
    expect(res.body).toMatchObject({ success: true, successfulSubmissions: 4 });
    await h.sfn.idle();
  });
});
