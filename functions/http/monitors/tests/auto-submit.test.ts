import { createHash } from 'node:crypto';
import { contract } from '../../../../shared/contract';
import { user, type TestUser } from '../../../../test/fixtures';
import { call, multipart, startHarness, type Harness } from '../../../../test/harness';
import { addAllowlistEntry } from '../../../services/allowlist';
import { changeStoredPlan, readStoredPlan } from '../../../services/billing/plan-store';
import { autoSubmitNew } from '../../../services/monitors/auto-submit';
import { getMonitor } from '../../../services/monitors/monitors';
import { listResultsBySearch } from '../../../services/search/results';

/*
 * "Submit automatically" (issue 11) at the route level, on the local runtime's pieces as in monitor-flow.test.ts:
 * the real search and submission ASL in the Step Functions stand-in, the sandbox web, dynalite, s3rver and the
 * .eml outbox; the monitor's schedule fires through the Scheduler and SQS stand-ins into the consumer.
 */

let h: Harness;
let origin: string;

const monitorFields = { userId: 'me', query: 'Luna Vale', searchEngines: '["google","bing"]', contentType: 'images', cadence: 'weekly', alerts: 'instant' };
const original = async (n: number) => Buffer.from(await (await fetch(`${origin}/demo/originals/${n}.jpg`)).arrayBuffer());

async function outboxAlerts() {
  return (await h.outboxMails()).filter((m) => m.headers.has('x-vigil-alert'));
}

async function toPlan(who: { userId: string }, plan: 'basic' | 'pro' | 'trial') {
  await changeStoredPlan((await readStoredPlan(who.userId))!, plan, new Date().toISOString());
}

/** Runs the monitor's first occurrence (due at once after creation) through its schedule and the queue, and waits for everything to settle. */
async function firstRun(who: TestUser, monitorId: string) {
  expect((await h.monitors.tick()).started).toBe(1);
  await h.sfn.idle();
  const detail = (await call(contract.getMonitor, { as: who, params: { id: monitorId } })).body;
  const results = (await call(contract.searchResults, { as: who, params: { id: detail.lastSearchId } })).body as any[]; // eslint-disable-line @typescript-eslint/no-explicit-any
  return { detail, results };
}

beforeAll(async () => {
  h = await startHarness({
    scans: true,
    env: {
      PUBLIC_URL: 'http://localhost:3999',
      MONITOR_INTERVAL_OVERRIDE_SECONDS: '3600', // each test runs its own monitor once
      RECHECK_AFTER_SECONDS: '3600', // the stand-in's Wait states are instant: the notice's re-check follows at once
    },
  });
  origin = h.sandboxOrigin;
}, 60_000);

afterAll(() => h.close());

const ORIGINAL_URL = 'https://lunavale.example/gallery';
const photo = { name: 'luna.jpg', type: 'image/jpeg' };
type Result = { id: string; url: string; domain: string; priority: string; isNew: boolean; userReviewStatus: string | null; reviewedBy?: string; evidence: { matchMethod?: string } };
const byPicture = (r: Result) => r.evidence.matchMethod === 'fingerprint' || r.evidence.matchMethod === 'verified';

describe('submit automatically', () => {
  it('is refused on the trial, off by default, needs an original URL, and does nothing after a downgrade (said so)', async () => {
    const creator = await user({ email: 'trial@auto.test' });
    const stranger = await user({ email: 'stranger@auto.test' });
    const bytes = await original(1);
    const on = { ...monitorFields, autoSubmit: 'true', originalUrl: ORIGINAL_URL };
    const refused = await call(contract.createMonitor, { as: creator, ...(await multipart(on, [{ ...photo, bytes }])) });
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ code: 'PLAN_REQUIRED' });
    expect(refused.body.error).toMatch(/paid plans/);
    const bad = await call(contract.createMonitor, { as: creator, ...(await multipart({ ...monitorFields, autoSubmit: 'yes' })) });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual([{ path: 'body.autoSubmit', message: "autoSubmit must be 'true' or 'false'." }]);

    const created = await call(contract.createMonitor, { as: creator, ...(await multipart(monitorFields, [{ ...photo, bytes }])) });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ autoSubmit: false, originalUrl: null, autoSubmitInactive: null, lastAutoSubmit: null });
    const id = created.body.id as string;
    const put = (who: TestUser | undefined, body: unknown) => call(contract.updateMonitor, { as: who, params: { id }, body });
    expect((await put(creator, { autoSubmit: true, originalUrl: ORIGINAL_URL })).status).toBe(402);
    expect((await put(undefined, { autoSubmit: false })).status).toBe(401);
    expect((await put(stranger, { autoSubmit: false })).status).toBe(404);
    expect((await put(creator, { autoSubmit: 'yes' })).status).toBe(400);

    // On a paid plan it may be turned on, with the original URL its notices cite.
    await toPlan(creator, 'basic');
    const missing = await put(creator, { autoSubmit: true });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual([{ path: 'body.originalUrl', message: expect.stringMatching(/original URL/) }]);
    expect((await put(creator, { autoSubmit: true, originalUrl: 'not a url' })).status).toBe(400);
    const turnedOn = await put(creator, { autoSubmit: true, originalUrl: ORIGINAL_URL });
    expect(turnedOn.status).toBe(200);
    expect(turnedOn.body).toMatchObject({ autoSubmit: true, originalUrl: ORIGINAL_URL, autoSubmitInactive: null });
    expect((await put(creator, { originalUrl: null })).status).toBe(400); // still on: the URL stays

    // Back on the trial the setting stays but does nothing, and the monitor says so; the run submits nothing.
    await toPlan(creator, 'trial');
    const { detail, results } = await firstRun(creator, id);
    expect(detail).toMatchObject({ autoSubmit: true, autoSubmitInactive: expect.stringMatching(/Free Trial plan does not include automatic submission/) });
    expect(results.some((r: Result) => r.userReviewStatus)).toBe(false);
    expect(detail.lastAutoSubmit).toMatchObject({ sent: [], reason: expect.stringMatching(/does not include automatic submission/) });
    expect(detail.lastAutoSubmit.waiting).toBeGreaterThan(0);
    expect((await call(contract.listCases, { as: creator, params: { id: 'me' } })).body).toEqual([]);
    // Turning it off is always allowed.
    expect((await put(creator, { autoSubmit: false })).body).toMatchObject({ autoSubmit: false, autoSubmitInactive: null });
  }, 240_000);

  it('sends only new picture-matched high-priority copies, never name-only, allowlisted or the creator\'s own site', async () => {
    const creator = await user({ email: 'pro@auto.test' });
    await toPlan(creator, 'pro');
    const created = await call(contract.createMonitor, { as: creator, ...(await multipart(monitorFields, [{ ...photo, bytes: await original(1) }])) });
    const id = created.body.id as string;

    // Off by default: the run leaves every copy for review.
    const { detail, results } = await firstRun(creator, id);
    expect(detail.lastAutoSubmit).toBeNull();
    expect((results as Result[]).filter((r) => r.userReviewStatus)).toEqual([]);

    // Turned on, and a site allowlisted after the scan: the follow-up reads the allowlist again. The original is on
    // the creator's declared site (My sites), so the notices carry it (issue 23).
    expect((await call(contract.addOwnSite, { as: creator, params: { id: 'me' }, body: { site: 'lunavale.example' } })).status).toBe(201);
    await call(contract.updateMonitor, { as: creator, params: { id }, body: { autoSubmit: true, originalUrl: ORIGINAL_URL } });
    await addAllowlistEntry(creator.userId, { domain: 'socialgram.example', reason: 'authorized_partner' });
    const outcome = await autoSubmitNew((await getMonitor(id))!, detail.lastSearchId, (await listResultsBySearch(detail.lastSearchId)).filter((r) => r.isNew && r.priority === 'high'));
    await h.sfn.idle();

    const after = (await call(contract.searchResults, { as: creator, params: { id: detail.lastSearchId } })).body as Result[];
    const expected = after.filter((r) => byPicture(r) && r.priority === 'high' && !/socialgram|lunavale/.test(r.domain));
    expect(expected.length).toBeGreaterThanOrEqual(3);
    expect(outcome!.sent.map((s) => s.resultId).sort()).toEqual(expected.map((r) => r.id).sort());
    expect(outcome).toMatchObject({ waiting: 0, reason: null });
    for (const r of after) {
      if (expected.includes(r)) expect(r).toMatchObject({ userReviewStatus: 'unauthorized', reviewedBy: 'auto' });
      else expect(r.userReviewStatus).toBeNull();
    }
    // Name-only matches, the allowlisted site and the creator's own site (the original URL's) were all found, and wait.
    expect(after.some((r) => r.evidence.matchMethod === 'name' && r.priority === 'high')).toBe(true);
    expect(after.some((r) => byPicture(r) && r.priority === 'high' && r.domain === 'socialgram.example')).toBe(true);
    expect(after.some((r) => byPicture(r) && r.domain === 'lunavale.example')).toBe(true);

    // Each sent copy has its case, created through bulk submission and submitted (its notice workflow started).
    const cases = (await call(contract.listCases, { as: creator, params: { id: 'me' } })).body as { searchResultId: string; originalUrl: string; submission?: { state: string } }[];
    expect(cases.map((c) => c.searchResultId).sort()).toEqual(expected.map((r) => r.id).sort());
    expect(cases.some((c) => /resolved|escalated|awaiting-recheck|rechecking|climbing|delisting|delisted|stopped/.test(c.submission?.state ?? ''))).toBe(true);
    for (const c of cases) {
      expect(c.originalUrl).toBe(ORIGINAL_URL);
      // The submission workflow ran its course: the notice went out, or the sandbox host publishes no abuse contact.
      expect(c.submission?.state).toMatch(/awaiting-recheck|rechecking|resolved|escalated|no-contact|climbing|delisting|delisted|stopped/);
    }
    // A second follow-up of the same run sends nothing again.
    const again = await autoSubmitNew((await getMonitor(id))!, detail.lastSearchId, await listResultsBySearch(detail.lastSearchId));
    expect(again).toBeUndefined();

    // A new copy of the picture appears on the web: the next run (run now) submits it by itself, though the
    // alert's novelty counts a known picture as seen (a notice is per URL).
    const leak = await (await fetch(`${origin}/control/leak`, { method: 'POST', body: JSON.stringify({ name: 'Luna Vale', hash: createHash('sha256').update(await original(1)).digest('hex') }) })).json();
    expect(leak.image).toBeTruthy();
    expect((await call(contract.runMonitor, { as: creator, params: { id } })).status).toBe(202);
    await h.sfn.idle();
    const run2 = (await call(contract.getMonitor, { as: creator, params: { id } })).body;
    expect(run2.lastSearchId).not.toBe(detail.lastSearchId);
    const results2 = (await call(contract.searchResults, { as: creator, params: { id: run2.lastSearchId } })).body as (Result & { firstSeenAt: string; lastSeenAt: string })[];
    const leaked = results2.filter((r) => r.firstSeenAt === r.lastSeenAt && byPicture(r) && r.priority === 'high');
    expect(leaked.length).toBeGreaterThanOrEqual(1);
    expect(run2.lastAutoSubmit).toMatchObject({ searchId: run2.lastSearchId, waiting: 0 });
    expect(run2.lastAutoSubmit.sent.map((s: { resultId: string }) => s.resultId).sort()).toEqual(leaked.map((r) => r.id).sort());
    for (const r of leaked) expect(r).toMatchObject({ userReviewStatus: 'unauthorized', reviewedBy: 'auto' });
    // Copies found before keep their state: nothing is sent twice.
    expect((await call(contract.listCases, { as: creator, params: { id: 'me' } })).body).toHaveLength(expected.length + leaked.length);
  }, 240_000);

  it('stops quietly when the allowance runs out, leaves the rest for review and tells the creator', async () => {
    const creator = await user({ email: 'basic@auto.test' });
    await toPlan(creator, 'basic'); // 5 automated notices a day
    const created = await call(contract.createMonitor, {
      as: creator,
      ...(await multipart({ ...monitorFields, autoSubmit: 'true', originalUrl: ORIGINAL_URL, name: 'Luna auto' }, [{ ...photo, bytes: await original(1) }])),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ autoSubmit: true, originalUrl: ORIGINAL_URL });
    const { detail, results } = await firstRun(creator, created.body.id);

    const qualifying = (results as Result[]).filter((r) => byPicture(r) && r.priority === 'high' && r.domain !== 'lunavale.example');
    expect(qualifying.length).toBeGreaterThan(5);
    // Several pictures of one page are one copy: one case per URL (issue 23).
    const qualifyingUrls = new Set(qualifying.map((r) => r.url)).size;
    const auto = (results as Result[]).filter((r) => r.reviewedBy === 'auto');
    expect(auto).toHaveLength(5);
    expect(auto.every((r) => r.userReviewStatus === 'unauthorized')).toBe(true);
    // The rest wait for review, with no decision taken for them.
    expect((results as Result[]).filter((r) => r.userReviewStatus).length).toBe(5);
    expect(detail.lastAutoSubmit).toMatchObject({ searchId: detail.lastSearchId, waiting: qualifyingUrls - 5, reason: expect.stringMatching(/At most 5 automated notices can be sent a day/) });
    expect(detail.lastAutoSubmit.sent.map((s: { resultId: string }) => s.resultId).sort()).toEqual(auto.map((r) => r.id).sort());
    expect((await call(contract.listCases, { as: creator, params: { id: 'me' } })).body).toHaveLength(5);

    // The alert (bell and e-mail) says what was sent automatically and what waits.
    const bell = (await call(contract.listAlerts, { as: creator, params: { id: 'me' } })).body;
    const alert = bell.alerts.find((a: { kind: string }) => a.kind === 'new-results');
    type Item = { url: string; state?: string; caseId?: string; caseNumber?: string; autoSubmitted?: boolean };
    const waitingUrls = new Set((alert.items as Item[]).filter((i) => i.state === 'waiting').map((i) => i.url)).size;
    expect(waitingUrls).toBeGreaterThanOrEqual(qualifyingUrls - 5);
    // Exactly what happened, with case numbers: the sent ones and the ones waiting.
    expect(alert.summary).toMatch(new RegExp(`^5 sent automatically \\((VGL-\\d{4}-\\d{6}(, )?){5}\\); ${waitingUrls} waiting for your review \\(At most 5 automated notices`));
    const sentItems = (alert.items as Item[]).filter((i) => i.autoSubmitted);
    expect(new Set(sentItems.map((i) => i.caseId)).size).toBe(5);
    expect(sentItems.every((i) => i.state === 'sent' && /^VGL-/.test(i.caseNumber ?? ''))).toBe(true);
    const mail = (await outboxAlerts()).find((m) => m.subject?.includes('"Luna auto"'))!;
    expect(mail.text).toContain('5 sent automatically (VGL-');
    expect(mail.text?.match(/sent automatically, case VGL-\d{4}-\d{6}: http:\/\/localhost:3999\/dmca\//g)).toHaveLength(sentItems.length);
  }, 240_000);
  it('a run over copies that already have cases files nothing new, and its alert says so with the case numbers (issue 23)', async () => {
    const creator = await user({ email: 'again@auto.test' });
    await toPlan(creator, 'pro');
    const on = { ...monitorFields, autoSubmit: 'true', originalUrl: ORIGINAL_URL };
    const first = await call(contract.createMonitor, { as: creator, ...(await multipart({ ...on, name: 'Luna first' }, [{ ...photo, bytes: await original(1) }])) });
    await firstRun(creator, first.body.id);
    const cases = (await call(contract.listCases, { as: creator, params: { id: 'me' } })).body as { caseNumber: string }[];
    expect(cases.length).toBeGreaterThan(0);

    // A second monitor over the same work finds the same copies, new to it: every one already has its case.
    const second = await call(contract.createMonitor, { as: creator, ...(await multipart({ ...on, name: 'Luna second' }, [{ ...photo, bytes: await original(1) }])) });
    const { detail } = await firstRun(creator, second.body.id);
    expect(detail.lastAutoSubmit).toMatchObject({ sent: [], waiting: 0 });
    expect(detail.lastAutoSubmit.alreadyFiled.length).toBeGreaterThan(0);
    expect((await call(contract.listCases, { as: creator, params: { id: 'me' } })).body).toHaveLength(cases.length);
    const alert = (await call(contract.listAlerts, { as: creator, params: { id: 'me' } })).body.alerts.find((a: { monitorId: string }) => a.monitorId === second.body.id);
    const filed = alert.items.filter((i: { state?: string }) => i.state === 'has-case');
    expect(filed.length).toBeGreaterThan(0);
    expect(alert.summary).toMatch(/already have cases, nothing new filed \(VGL-/);
    expect(alert.summary).not.toMatch(/sent automatically/);
    for (const i of filed) expect(cases.map((c) => c.caseNumber)).toContain(i.caseNumber);
    const mail = (await outboxAlerts()).find((m) => m.subject?.includes('"Luna second"'))!;
    expect(mail.text).toMatch(/already has case VGL-\d{4}-\d{6}, nothing new filed/);
  }, 240_000);
});
