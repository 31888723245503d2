import { contract } from '../../../../shared/contract';
import { user, type TestUser } from '../../../../test/fixtures';
import { call, multipart, startHarness, type Harness } from '../../../../test/harness';
import { HOSTILE, SANDBOX_CHANNELS, SANDBOX_SUBREDDITS } from '../../../../local/sandbox/sources';
import { reemergenceJob } from '../../../../local/daily-jobs';
import { resetConfig } from '../../../lib/config';
import { shiftClock } from '../../../../test/clock';
import { getCase } from '../../cases/case-store';

/*
 * Issue 25, sources in the product, on one local runtime (the real search ASL in the Step Functions stand-in, the
 * sandbox web, dynalite, s3rver): the routes that take sources (anonymous, owner, another user, bad input, admin),
 * and a monitor whose run reads a Telegram channel, a subreddit and a leak site beside the engines.
 */

let h: Harness;
let owner: TestUser;
let other: TestUser;
let admin: TestUser;

const scanFields = { userId: 'me', query: 'Luna Vale', searchEngines: '["google"]', contentType: 'images' };
const monitorFields = { ...scanFields, cadence: 'weekly', alerts: 'off' };
const sourcesOf = (list: { kind: string; target: string }[]) => JSON.stringify(list);

beforeAll(async () => {
  // Sources read at full speed here (their politeness is the connectors' own tests' and bench:sources' business).
  h = await startHarness({ scans: true, env: { SOURCE_MIN_INTERVAL_MS: '0', SOURCE_RATE_LIMIT_PER_MINUTE: '600' } });
  owner = await user({ email: 'owner@sources.test', plan: 'pro' });
  other = await user({ email: 'other@sources.test' });
  admin = await user({ email: 'admin@sources.test', isAdmin: true });
}, 60_000);

afterAll(async () => {
  await h.close();
});

describe('sources in scans and monitors: the routes', () => {
  it('lists the leak sites a creator can choose, to signed-in callers only', async () => {
    expect((await call(contract.sourceSites, { as: 'anonymous' })).status).toBe(401);
    const sites = await call(contract.sourceSites, { as: other });
    expect(sites.status).toBe(200);
    expect(sites.body.length).toBeGreaterThanOrEqual(4);
    expect(new Set(sites.body.map((s: { kind: string }) => s.kind))).toEqual(new Set(['forum', 'album', 'archive', 'cyberlocker']));
  });

  it('refuses bad sources on a scan with a 400 naming each, and stores nothing', async () => {
    const form = await multipart({ ...scanFields, sources: sourcesOf([{ kind: 'telegram', target: 'leak chan' }]) });
    expect((await call(contract.startSearch, { as: 'anonymous', ...form })).status).toBe(401);
    const bad = await call(contract.startSearch, { as: other, ...form });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual([{ path: 'body.sources.0.target', message: expect.stringMatching(/"leak chan" is not a Telegram channel username/) }]);
    const unknown = await call(contract.startSearch, { as: other, ...(await multipart({ ...scanFields, sources: sourcesOf([{ kind: 'site', target: 'no-such-site' }]) })) });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields).toEqual([{ path: 'body.sources.0.target', message: expect.stringMatching(/"no-such-site" is not a known site/) }]);
    const notJson = await call(contract.startSearch, { as: other, ...(await multipart({ ...scanFields, sources: '{' })) });
    expect(notJson.status).toBe(400);
    expect(notJson.body.fields[0]).toMatchObject({ path: 'body.sources' });
    const tooMany = Array.from({ length: 11 }, (_, i) => ({ kind: 'reddit', target: `sub${i}` }));
    expect((await call(contract.startSearch, { as: other, ...(await multipart({ ...scanFields, sources: sourcesOf(tooMany) })) })).body.error).toBe('Add at most 10 sources.');
    // Nothing was started: the creator's scans are untouched.
    expect((await call(contract.usage, { as: other, params: { id: 'me' } })).body.allowances.scans.used).toBe(0);
  });

  it("stores a monitor's sources; only its owner changes them, with the same checks", async () => {
    const created = await call(contract.createMonitor, {
      as: owner,
      ...(await multipart({ ...monitorFields, sources: sourcesOf([{ kind: 'telegram', target: '@LunaLeaks' }, { kind: 'reddit', target: 'r/LunaVale' }]) })),
    });
    expect(created.status).toBe(201);
    expect(created.body.sources).toEqual([
      { kind: 'telegram', target: 'lunaleaks' },
      { kind: 'reddit', target: 'lunavale' },
    ]);
    const id = created.body.id as string;
    const body = { sources: [{ kind: 'site', target: 'erome-album' }] };
    expect((await call(contract.updateMonitor, { as: 'anonymous', params: { id }, body })).status).toBe(401);
    expect((await call(contract.updateMonitor, { as: other, params: { id }, body })).status).toBe(404);
    expect((await call(contract.updateMonitor, { as: admin, params: { id }, body })).status).toBe(404);
    const bad = await call(contract.updateMonitor, { as: owner, params: { id }, body: { sources: [{ kind: 'reddit', target: 'not a sub' }] } });
    expect(bad.status).toBe(400);
    expect(bad.body.fields[0]).toMatchObject({ path: 'body.sources.0.target' });
    const saved = await call(contract.updateMonitor, { as: owner, params: { id }, body });
    expect(saved.status).toBe(200);
    expect(saved.body.sources).toEqual([{ kind: 'site', target: 'erome-album' }]);
    expect((await call(contract.getMonitor, { as: owner, params: { id } })).body.sources).toEqual([{ kind: 'site', target: 'erome-album' }]);
    expect((await call(contract.deleteMonitor, { as: owner, params: { id } })).status).toBe(204);
  });

  it("shows each source's health to administrators only", async () => {
    expect((await call(contract.sourceHealth, { as: 'anonymous' })).status).toBe(401);
    expect((await call(contract.sourceHealth, { as: owner })).status).toBe(403);
    const health = await call(contract.sourceHealth, { as: admin });
    expect(health.status).toBe(200);
    expect(Array.isArray(health.body)).toBe(true);
  });
});

type FoundResult = { id: string; url: string; domain: string; evidence: { via?: { kind: string; target: string; postUrl: string; postedAt?: string }; matchedReferenceId?: string } };

describe('a monitor with a Telegram channel, a subreddit and a leak site', () => {
  // The monitor's run, for the re-emergence test after the journey.
  let run: { monitorId: string; results: FoundResult[]; cased: string[] };

  it('finds the copies in each, a hostile source leaves the run partial with its reason, and a case on each goes to its channel', async () => {
    const reference = Buffer.from(await (await fetch(`${h.sandboxOrigin}/demo/originals/1.jpg`)).arrayBuffer());
    const sources = [
      { kind: 'telegram', target: SANDBOX_CHANNELS.leaks },
      { kind: 'reddit', target: SANDBOX_SUBREDDITS.leaks },
      { kind: 'site', target: 'xenforo-forum' },
      { kind: 'telegram', target: HOSTILE.telegramRedirect },
    ];
    const created = await call(contract.createMonitor, {
      as: owner,
      ...(await multipart({ ...monitorFields, name: 'Leaks', sources: sourcesOf(sources) }, [{ name: 'set.jpg', bytes: reference, type: 'image/jpeg' }])),
    });
    expect(created.status).toBe(201);
    const monitorId = created.body.id as string;
    expect((await h.monitors.tick()).started).toBe(1);
    await h.sfn.idle();
    const searchId = (await call(contract.getMonitor, { as: owner, params: { id: monitorId } })).body.lastSearchId as string;

    // The run is partial, not failed: the hostile channel's branch ended with its reason, the rest completed.
    const scan = (await call(contract.getSearch, { as: owner, params: { id: searchId } })).body;
    expect(scan.status).toBe('partial');
    expect(scan.sources).toEqual(sources.map(({ kind, target }) => ({ kind, target })));
    const branches = scan.metadata.sources as { kind: string; target: string; ok: boolean; candidates: number; reason?: string }[];
    expect(branches.slice(0, 3).map((b) => [b.target, b.ok, b.reason])).toEqual([
      [SANDBOX_CHANNELS.leaks, true, undefined],
      [SANDBOX_SUBREDDITS.leaks, true, undefined],
      ['xenforo-forum', true, undefined],
    ]);
    expect(branches[3]).toMatchObject({ target: HOSTILE.telegramRedirect, reason: expect.stringMatching(/./) });

    // Each source's copies of the reference are results that say where they came from.
    const results = (await call(contract.searchResults, { as: owner, params: { id: searchId } })).body as FoundResult[];
    run = { monitorId, results, cased: [] };
    const matched = (kind: string) => results.filter((r) => r.evidence.via?.kind === kind && r.evidence.matchedReferenceId);
    for (const kind of ['telegram', 'reddit', 'site']) expect(matched(kind).length).toBeGreaterThan(0);
    const [tg, rd, site] = [matched('telegram')[0]!, matched('reddit')[0]!, matched('site')[0]!];
    expect(tg.evidence.via).toMatchObject({ target: SANDBOX_CHANNELS.leaks, postUrl: tg.url, postedAt: expect.stringMatching(/^\d{4}-/) });
    expect([tg.domain, rd.domain]).toEqual(['t.me', 'reddit.com']);
    // Other people's posts in the same places are not results.
    expect(results.filter((r) => r.evidence.via && !r.evidence.matchedReferenceId && !/luna/i.test(JSON.stringify(r)))).toEqual([]);

    // The admin sees each source's health: runs, the hostile one's problem.
    const health = (await call(contract.sourceHealth, { as: admin })).body as { kind: string; target: string; runs: number; lastSuccessAt: string | null; lastProblem: string | null; requests: number }[];
    const of = (target: string) => health.find((s) => s.target === target);
    expect(of(SANDBOX_CHANNELS.leaks)).toMatchObject({ runs: 1, lastSuccessAt: expect.any(String) });
    expect(of(SANDBOX_CHANNELS.leaks)!.requests).toBeGreaterThan(1);
    expect(of(HOSTILE.telegramRedirect)).toMatchObject({ runs: 1, lastSuccessAt: null, lastProblem: expect.stringMatching(/./) });

    // A case on one copy of each goes to that place's copyright channel, naming the post.
    await call(contract.putContentCreator, {
      as: owner,
      params: { id: 'me' },
      body: { contentCreatorName: 'Luna Vale', contentCreatorEmail: 'luna@creator.test', contentCreatorPhone: '', contentCreatorAddress: '1 Main St' },
    });
    const recipients: string[] = [];
    // The original is on the creator's declared site (My sites, issue 23).
    expect((await call(contract.addOwnSite, { as: owner, params: { id: 'me' }, body: { site: 'fans.example.com' } })).status).toBe(201);
    for (const r of [tg, rd, site]) {
      expect((await call(contract.reviewResult, { as: owner, params: { id: r.id }, body: { status: 'unauthorized' } })).status).toBe(200);
      const c = await call(contract.createCase, { as: owner, body: { searchResultId: r.id, infringingUrl: r.url, originalUrl: 'https://fans.example.com/luna/1', description: 'My photo set', searchEngine: 'google' } });
      expect(c.status).toBe(201);
      expect((await call(contract.submitAutomated, { as: owner, params: { id: c.body.id } })).status).toBe(200);
      await h.sfn.idle();
      const [mail] = await h.mailsFor(c.body.caseNumber as string);
      expect(mail?.text).toContain(r.url);
      recipients.push(...(mail?.to && !Array.isArray(mail.to) ? mail.to.value.map((v) => v.address!) : []));
      run.cased.push(r.url);
    }
    expect(recipients).toEqual(['dmca@telegram.org', 'copyright@reddit.com', 'abuse@simpcity.su']);
  }, 300_000);

  it('re-emergence (the local runtime\'s job): a removed copy back at its URL and a removed post reposted in its channel reopen their cases', async () => {
    // The simulated hosts read the notices from here on (as under npm start): a page's host and Telegram take copies down.
    process.env.SANDBOX_INBOX_URL = `${h.sandboxOrigin}/control/inbox`;
    resetConfig();
    const clock = shiftClock();
    try {
      const copy = (r: FoundResult) => r.evidence.matchedReferenceId && !run.cased.includes(r.url);
      const page = run.results.find((r) => copy(r) && !r.evidence.via && /\/sites\/(leakforum|socialgram|gardenblog)\.example\//.test(r.url))!;
      const post = run.results.find((r) => copy(r) && r.evidence.via?.kind === 'telegram')!;
      expect([page, post].every(Boolean)).toBe(true);
      await fetch(`${h.sandboxOrigin}/control/policy`, { method: 'POST', body: JSON.stringify({ url: page.url, policy: 'removes' }) });

      // Each copy's notice goes out, its host or Telegram takes it down, and the re-check ends the case "removed".
      const caseIds: string[] = [];
      for (const r of [page, post]) {
        await call(contract.reviewResult, { as: owner, params: { id: r.id }, body: { status: 'unauthorized' } });
        const c = await call(contract.createCase, { as: owner, body: { searchResultId: r.id, infringingUrl: r.url, originalUrl: 'https://fans.example.com/luna/1', description: 'My photo set', searchEngine: 'google' } });
        expect(c.status).toBe(201);
        expect((await call(contract.submitAutomated, { as: owner, params: { id: c.body.id } })).status).toBe(200);
        caseIds.push(c.body.id as string);
      }
      await h.sfn.idle();
      for (const id of caseIds) expect(await getCase(id)).toMatchObject({ status: 'resolved', outcome: { kind: 'removed' } });
      expect((await fetch(post.url)).status).toBe(404);

      // Nothing is back yet: the job reopens nothing, and reads the channel where the removed post had appeared.
      const job = reemergenceJob();
      const quiet = (await job(new Date())) as { reopened: string[]; sourcesRead: number };
      expect(quiet.reopened).toEqual([]);
      expect(quiet.sourcesRead).toBe(1);

      // A few minutes later (Telegram dates posts to the second) the page comes back at its URL, and the uploader
      // posts the removed picture again in the same channel.
      clock.advance(5 * 60_000);
      await fetch(`${h.sandboxOrigin}/control/restore`, { method: 'POST', body: JSON.stringify({ url: page.url }) });
      const reposted = (await (await fetch(`${h.sandboxOrigin}/control/repost`, { method: 'POST', body: JSON.stringify({ url: post.url }) })).json()) as { post: string };
      const back = (await job(new Date())) as { reopened: string[] };
      expect(back.reopened.sort()).toEqual([...caseIds].sort());
      for (const id of caseIds) {
        const c = (await call(contract.getCase, { as: owner, params: { id } })).body;
        expect(c.status).toBe('reappeared');
        expect(c.statusHistory.map((x: { status: string }) => x.status).slice(-2)).toEqual(['resolved', 'reappeared']);
      }
      // One alert on the monitor names where each copy is back: the page's URL and the repost's link.
      const alerts = (await call(contract.listAlerts, { as: owner, params: { id: 'me' } })).body.alerts as { kind: string; monitorId: string; items: { caseId: string; url: string }[] }[];
      const reappeared = alerts.filter((a) => a.kind === 'reappeared' && a.monitorId === run.monitorId);
      expect(reappeared).toHaveLength(1);
      expect(reappeared[0]!.items.map((i) => [i.caseId, i.url]).sort()).toEqual([[caseIds[0], page.url], [caseIds[1], reposted.post]].sort());
      // A later run finds them reopened already: nothing twice.
      expect(((await job(new Date())) as { reopened: string[] }).reopened).toEqual([]);
    } finally {
      clock.restore();
      delete process.env.SANDBOX_INBOX_URL;
      resetConfig();
    }
  }, 300_000);
});
