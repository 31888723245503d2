import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { contract } from '../../../../shared/contract';
import { user, type TestUser } from '../../../../test/fixtures';
import { call, multipart, startHarness, type Harness } from '../../../../test/harness';
import { shiftClock, type ShiftedClock } from '../../../../test/clock';
import { updateItem } from '../../../store/table';
import { keys } from '../../../store/keys';
import { changeStoredPlan, readStoredPlan } from '../../../services/billing/plan-store';
import { getCase, transitionCase } from '../../../services/cases/case-store';
import * as caseReturns from '../../../store/entities/case-return';
import { getSearch } from '../../../services/search/searches';
import { snapshotPage } from '../../../services/cases/page-check';

/*
 * The monitor journey at the route level, on the local runtime's pieces: the real search ASL in the Step
 * Functions stand-in, the sandbox web, dynalite, s3rver, the .eml outbox, and the Scheduler and SQS stand-ins
 * holding each monitor's schedule and the monitor queue (MONITOR_INTERVAL_OVERRIDE_SECONDS=5 makes every
 * cadence 5 seconds). Once the test has moved the clock (test/clock.ts) to when the monitor is due,
 * `h.monitors.tick()` fires the due schedules into the queue and runs the consumer, as Lambda's event source
 * would: nothing waits for it on the wall clock.
 */

let h: Harness;
let origin: string;
let owner: TestUser;
let other: TestUser;
let admin: TestUser;
let clock: ShiftedClock;

const monitorFields = { userId: 'me', query: 'Luna Vale', searchEngines: '["google","bing"]', contentType: 'images', cadence: 'weekly', alerts: 'instant' };
const original = async (n: number) => Buffer.from(await (await fetch(`${origin}/demo/originals/${n}.jpg`)).arrayBuffer());

async function outboxAlerts() {
  return (await h.outboxMails()).filter((m) => m.headers.has('x-vigil-alert'));
}

/** Moves the clock to when the monitor is due again, then fires its schedule, runs the consumer and waits for the run to finish. */
async function nextRun(monitorId: string): Promise<string> {
  const m = (await call(contract.getMonitor, { as: owner, params: { id: monitorId } })).body;
  clock.advanceTo(Date.parse(m.nextRunAt) + 1000);
  const tick = await h.monitors.tick();
  expect(tick.started).toBe(1);
  await h.sfn.idle();
  const after = (await call(contract.getMonitor, { as: owner, params: { id: monitorId } })).body;
  return after.lastSearchId;
}

beforeAll(async () => {
  clock = shiftClock();
  h = await startHarness({ scans: true, env: { PUBLIC_URL: 'http://localhost:3999', MONITOR_INTERVAL_OVERRIDE_SECONDS: '5' } });
  origin = h.sandboxOrigin;
  owner = await user({ email: 'owner@monitor.test' });
  other = await user({ email: 'other@monitor.test' });
  admin = await user({ email: 'admin@monitor.test', isAdmin: true });
}, 60_000);

afterAll(async () => {
  await h.close();
  clock.restore();
});

describe('monitor routes', () => {
  it('refuses anonymous callers, bad input and cadences or counts beyond the plan (402 PLAN_LIMIT)', async () => {
    const form = await multipart(monitorFields);
    expect((await call(contract.createMonitor, { as: 'anonymous', ...form })).status).toBe(401);
    expect((await call(contract.listMonitors, { as: 'anonymous', params: { id: 'me' } })).status).toBe(401);

    const bad = await call(contract.createMonitor, { as: other, ...(await multipart({ ...monitorFields, cadence: 'sometimes' })) });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual([{ path: 'body.cadence', message: 'Cadence must be one of hourly, every-6-hours, daily, weekly.' }]);
    const empty = await call(contract.createMonitor, { as: other, ...(await multipart({ ...monitorFields, query: '' })) });
    expect(empty.status).toBe(400);

    const fast = await call(contract.createMonitor, { as: other, ...(await multipart({ ...monitorFields, cadence: 'daily' })) });
    expect(fast.status).toBe(402);
    expect(fast.body).toMatchObject({ code: 'PLAN_LIMIT', limit: 1, used: 0, resetsAt: null });
    expect(fast.body.error).toMatch(/weekly/);

    const first = await call(contract.createMonitor, { as: other, ...form });
    expect(first.status).toBe(201);
    const second = await call(contract.createMonitor, { as: other, ...form });
    expect(second.status).toBe(402);
    expect(second.body).toMatchObject({ code: 'PLAN_LIMIT', limit: 1, used: 1 });

    // Another user (and an admin) cannot change it; an admin may look.
    const id = first.body.id as string;
    expect((await call(contract.getMonitor, { as: owner, params: { id } })).status).toBe(404);
    expect((await call(contract.getMonitor, { as: admin, params: { id } })).status).toBe(200);
    expect((await call(contract.updateMonitor, { as: admin, params: { id }, body: { paused: true } })).status).toBe(404);
    expect((await call(contract.runMonitor, { as: owner, params: { id } })).status).toBe(404);
    expect((await call(contract.deleteMonitor, { as: owner, params: { id } })).status).toBe(404);
    expect((await call(contract.listMonitors, { as: owner, params: { id: other.userId } })).status).toBe(403);
    expect((await call(contract.updateMonitor, { as: other, params: { id }, body: { cadence: 'hourly' } })).status).toBe(402);
    expect((await call(contract.updateMonitor, { as: other, params: { id }, body: {} })).status).toBe(400);
    expect((await call(contract.getMonitor, { as: other, params: { id: 'not-an-id' } })).status).toBe(400);

    // A paused monitor's schedule is disabled; deleting gives the slot back.
    const paused = await call(contract.updateMonitor, { as: other, params: { id }, body: { paused: true } });
    expect(paused.body).toMatchObject({ paused: true, nextRunAt: null });
    expect(h.monitors.scheduler.list().find((x) => x.name === `monitor-${id}`)?.state).toBe('DISABLED');
    expect((await h.monitors.tick()).fired.filter((f) => f.schedule === `monitor-${id}`)).toEqual([]);
    expect((await call(contract.runMonitor, { as: other, params: { id } })).status).toBe(409);
    expect((await call(contract.deleteMonitor, { as: other, params: { id } })).status).toBe(204);
    expect((await call(contract.listMonitors, { as: other, params: { id: 'me' } })).body).toEqual([]);
    expect((await call(contract.createMonitor, { as: other, ...form })).status).toBe(201);
    const leftover = (await call(contract.listMonitors, { as: other, params: { id: 'me' } })).body[0].id;
    await call(contract.deleteMonitor, { as: other, params: { id: leftover } });
  });

  it('counts every run against the scan allowance, scheduled ones and the first included; create, run, delete cannot mint runs', async () => {
    const creator = await user({ email: 'allowance@monitor.test' }); // the trial: 3 scans a month
    const scansUsed = async () => (await call(contract.usage, { as: creator, params: { id: 'me' } })).body.allowances.scans;
    const fields = { ...monitorFields, alerts: 'off' }; // alerts off: the journey below counts every alert in the outbox
    const searchesOf = async (id: string) => (await call(contract.getMonitor, { as: creator, params: { id } })).body.runs as { searchId: string }[];

    // Create, let it run (its first occurrence is at once), delete; again and again. Each run takes a scan.
    let runs = 0;
    for (let loop = 1; loop <= 4; loop++) {
      const created = await call(contract.createMonitor, { as: creator, ...(await multipart(fields)) });
      expect(created.status).toBe(201);
      const id = created.body.id as string;
      const tick = await h.monitors.tick();
      await h.sfn.idle();
      const detail = (await call(contract.getMonitor, { as: creator, params: { id } })).body;
      if (loop <= 3) {
        expect(tick.started).toBe(1);
        runs += 1;
        expect((await getSearch(detail.lastSearchId))).toMatchObject({ origin: 'monitor-scheduled', status: 'completed' });
        expect(await scansUsed()).toEqual({ used: loop, limit: 3 });
      } else {
        // The 4th run of the month is refused like a 4th scan: nothing starts, the page says why.
        expect(tick).toMatchObject({ started: 0, outcomes: ['skipped'] });
        expect(detail).toMatchObject({ runCount: 0, lastSearchId: null, lastSkip: { reason: expect.stringMatching(/includes 3 scans a month and you have used 3/) } });
        expect(await searchesOf(id)).toEqual([]);
      }
      expect((await call(contract.deleteMonitor, { as: creator, params: { id } })).status).toBe(204);
    }
    expect(runs).toBe(3);
    expect(await scansUsed()).toEqual({ used: 3, limit: 3 });

    // Run now is refused too, and the budget holds against a manual scan.
    const last = await call(contract.createMonitor, { as: creator, ...(await multipart(fields)) });
    const refused = await call(contract.runMonitor, { as: creator, params: { id: last.body.id } });
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ code: 'PLAN_LIMIT', limit: 3, used: 3 });
    expect((await call(contract.startSearch, { as: creator, ...(await multipart({ userId: 'me', query: 'Luna Vale' })) })).status).toBe(402);
    await h.monitors.tick(); // its first occurrence: skipped
    expect((await call(contract.deleteMonitor, { as: creator, params: { id: last.body.id } })).status).toBe(204);
    expect(await scansUsed()).toEqual({ used: 3, limit: 3 });
  }, 180_000);

  it('finds the planted copies, marks only a leaked page new, mails one alert, and reopens a copy its host re-uploaded as reappeared', async () => {
    // A paid plan, so the notice flow is the real one the creator would use.
    await changeStoredPlan((await readStoredPlan(owner.userId))!, 'pro', new Date().toISOString());
    const reference = await original(1);
    // With a second file too plain to fingerprint: the monitor's page names it once a run has looked at it.
    const plain = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#7a8a9a' } }).png().toBuffer();
    const files = [
      { name: 'luna.jpg', bytes: reference, type: 'image/jpeg' },
      { name: 'plain-wall.png', bytes: plain, type: 'image/png' },
    ];
    const created = await call(contract.createMonitor, { as: owner, ...(await multipart({ ...monitorFields, cadence: 'daily', name: 'Luna watch' }, files)) });
    expect(created.status).toBe(201);
    const monitorId = created.body.id as string;
    expect(created.body).toMatchObject({ name: 'Luna watch', cadence: 'daily', paused: false, runCount: 0 });
    expect(created.body.references.map((r: { filename: string }) => r.filename)).toEqual(['luna.jpg', 'plain-wall.png']);
    expect(created.body.skippedReferences).toBeUndefined();

    // Run 1 (due at once): finds the planted copies; everything is new.
    const tick = await h.monitors.tick();
    expect(tick.started).toBe(1);
    await h.sfn.idle();
    const detail1 = (await call(contract.getMonitor, { as: owner, params: { id: monitorId } })).body;
    const run1 = detail1.lastSearchId as string;
    expect(detail1.runs).toEqual([expect.objectContaining({ searchId: run1, status: 'completed' })]);
    expect(detail1.skippedReferences).toEqual([{ filename: 'plain-wall.png', reason: 'too little detail to fingerprint' }]);
    const results1 = (await call(contract.searchResults, { as: owner, params: { id: run1 } })).body as any[]; // eslint-disable-line @typescript-eslint/no-explicit-any
    const matched = results1.filter((r) => r.evidence.matchedReferenceId);
    expect(matched.length).toBeGreaterThanOrEqual(4);
    expect(results1.every((r) => r.isNew && r.monitorId === monitorId && r.firstSeenAt === r.lastSeenAt)).toBe(true);
    expect(detail1.runs[0].newCount).toBe(results1.length);
    const firstAlerts = await outboxAlerts();
    expect(firstAlerts).toHaveLength(1);

    // Review one copy, then a new leak appears on the web.
    const reviewed = matched[0];
    await call(contract.reviewResult, { as: owner, params: { id: reviewed.id }, body: { status: 'unauthorized' } });
    const hash = createHash('sha256').update(reference).digest('hex');
    const leak = await (await fetch(`${origin}/control/leak`, { method: 'POST', body: JSON.stringify({ name: 'Luna Vale', hash }) })).json();
    expect(leak.page).toContain('/sites/leakforum.example/threads/');

    // Run 2: only the new page is new; the reviewed copy keeps its review; one alert lists that URL.
    const run2 = await nextRun(monitorId);
    expect(run2).not.toBe(run1);
    const results2 = (await call(contract.searchResults, { as: owner, params: { id: run2 } })).body as any[]; // eslint-disable-line @typescript-eslint/no-explicit-any
    const fresh = results2.filter((r) => r.isNew);
    expect(fresh.map((r) => r.url)).toEqual([leak.page]);
    const again = results2.find((r) => r.id === reviewed.id);
    expect(again).toMatchObject({ userReviewStatus: 'unauthorized', isNew: false, firstSeenAt: reviewed.firstSeenAt });
    expect(again.lastSeenAt > reviewed.lastSeenAt).toBe(true);
    const alerts = await outboxAlerts();
    expect(alerts).toHaveLength(2);
    const alert = alerts.find((m) => m.subject?.includes('1 new copy'))!;
    expect(alert.text).toContain(leak.page);
    expect(alert.text).toMatch(/confidence \d+%/);
    expect(alert.text).toContain(`/search?id=${run2}&filter=new`);
    const header = (name: string) => alert.headerLines.find((l) => l.key === name)?.line ?? '';
    const unsubscribe = /<([^>]+)>/.exec(header('list-unsubscribe'))![1]!;
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

    // The bell shows both alerts unread; reading them clears the count.
    const bell = (await call(contract.listAlerts, { as: owner, params: { id: 'me' } })).body;
    expect(bell.unread).toBe(2);
    expect((await call(contract.readAlerts, { as: owner, params: { id: 'me' }, body: {} })).body).toEqual({ marked: 2 });
    expect((await call(contract.listAlerts, { as: other, params: { id: owner.userId } })).status).toBe(403);

    // A case for the reviewed copy; its notice went out to a host whose policy is "re-uploads" (issue 23): it
    // removes the page (resolved), then puts the copy back a minute later on the sandbox's clock.
    const caseRes = await call(contract.createCase, { as: owner, body: { searchResultId: reviewed.id, infringingUrl: reviewed.url, description: 'My photo set', searchEngine: 'google' } });
    expect(caseRes.status).toBe(201);
    const caseId = caseRes.body.id as string;
    const baseline = await snapshotPage(reviewed.url);
    await updateItem(keys.entity('CASE', caseId), { set: { baseline: [baseline] } });
    expect(await transitionCase(caseId, ['pending'], 'sent', new Date().toISOString())).toBe(true);
    expect((await fetch(`${origin}/control/policy`, { method: 'POST', body: JSON.stringify({ url: reviewed.url, policy: 'reuploads' }) })).ok).toBe(true);
    const host = `abuse@${new URL(reviewed.url).pathname.split('/')[3]}`;
    const delivered = await (await fetch(`${origin}/control/inbox`, { method: 'POST', body: JSON.stringify({ to: host, text: `Notice about ${reviewed.url}` }) })).json();
    expect(delivered).toMatchObject({ actions: [expect.objectContaining({ policy: 'reuploads', action: 'remove-and-reupload' })] });
    expect((await fetch(reviewed.url)).status).toBe(410);
    expect(await transitionCase(caseId, ['sent'], 'resolved', new Date().toISOString())).toBe(true);

    // Run 3 while it is gone: the case stays resolved. The host re-uploads the copy: the monitor's re-check of the
    // case's URL at run 4 finds it back and reopens the case.
    await nextRun(monitorId);
    expect((await getCase(caseId))!.status).toBe('resolved');
    clock.advance(61_000);
    expect((await fetch(reviewed.url)).status).toBe(200);
    await nextRun(monitorId);
    const reopened = (await call(contract.getCase, { as: owner, params: { id: caseId } })).body;
    expect(reopened.status).toBe('reappeared');
    expect(reopened.statusHistory.map((h: { status: string }) => h.status)).toEqual(['pending', 'sent', 'resolved', 'reappeared']);
    expect(reopened.reappearedAt).toBeDefined();
    // Recorded platform-wide once, for the admin's "came back" figure (issue 23).
    expect((await caseReturns.listSince(reopened.reappearedAt, 100)).filter((r) => r.caseId === caseId)).toEqual([
      { caseId, host: reopened.host, removedAt: reopened.resolvedAt, at: reopened.reappearedAt },
    ]);
    const back = (await outboxAlerts()).find((m) => m.subject?.includes('back online'));
    expect(back?.text).toContain(reviewed.url);

    // One-click unsubscribe works without a session and turns the monitor's alerts off.
    const token = new URL(unsubscribe).searchParams.get('token')!;
    const page = await call(contract.unsubscribePage, { as: 'anonymous', query: { token } });
    expect(page.status).toBe(200);
    // Its confirming form posts to the one-click route with the same token.
    const action = /<form method="post" action="([^"]+)"/.exec(page.body as string)![1]!;
    expect(action).toBe(`/api/alerts/unsubscribe?token=${token}`);
    expect((await call(contract.unsubscribe, { as: 'anonymous', query: { token: `${token.slice(0, -2)}xx` } })).status).toBe(400);
    const done = await call(contract.unsubscribe, { as: 'anonymous', query: { token }, body: 'List-Unsubscribe=One-Click' });
    expect(done.status).toBe(200);
    expect((await call(contract.getMonitor, { as: owner, params: { id: monitorId } })).body.alerts).toBe('off');
  }, 240_000);
});
