import { contract } from '../../../../shared/contract';
import { user, type TestUser } from '../../../../test/fixtures';
import { call, multipart, startHarness, type Harness } from '../../../../test/harness';

/*
 * What is new across runs of one monitor (issue 11), through the routes on the local runtime's pieces (the real
 * search ASL, the sandbox web): a result the creator marked safe, and a URL on the allowlist, never come back as
 * new in a later run, even once the allowlist entry is removed.
 */

let h: Harness;
let creator: TestUser;

type Result = { id: string; url: string; domain: string; isNew: boolean; userReviewStatus: string | null; firstSeenAt: string; lastSeenAt: string };

beforeAll(async () => {
  h = await startHarness({ scans: true });
  creator = await user({ plan: 'pro', email: 'novelty@monitor.test' });
}, 60_000);
afterAll(() => h.close());

/** One run now of the monitor, waited for; its results. */
async function run(monitorId: string): Promise<{ searchId: string; results: Result[] }> {
  const started = await call(contract.runMonitor, { as: creator, params: { id: monitorId } });
  expect(started.status).toBe(202);
  await h.sfn.idle();
  const searchId = started.body.searchId as string;
  return { searchId, results: (await call(contract.searchResults, { as: creator, params: { id: searchId } })).body };
}

describe('novelty across runs of a monitor', () => {
  it('never shows a result marked safe, or a URL on the allowlist, as new again', async () => {
    const form = await multipart({ userId: 'me', query: 'Luna Vale', searchEngines: '["google","bing"]', contentType: 'images', cadence: 'weekly', alerts: 'off' });
    const created = await call(contract.createMonitor, { as: creator, ...form });
    expect(created.status).toBe(201);
    const id = created.body.id as string;

    const first = await run(id);
    const domains = [...new Set(first.results.map((r) => r.domain))];
    expect(domains.length).toBeGreaterThanOrEqual(2);
    expect(first.results.every((r) => r.isNew)).toBe(true);

    // The creator marks one copy safe and allowlists the site of another.
    const safe = first.results[0]!;
    const allowed = domains.find((d) => d !== safe.domain)!;
    expect((await call(contract.reviewResult, { as: creator, params: { id: safe.id }, body: { status: 'safe' } })).status).toBe(200);
    const entry = await call(contract.addAllowlist, { as: creator, params: { id: 'me' }, body: { domain: allowed, reason: 'authorized_partner' } });
    expect(entry.status).toBe(201);

    // Run 2: the safe copy is found again, keeps its review and is not new; the allowlisted site is left out.
    const second = await run(id);
    const safeAgain = second.results.find((r) => r.id === safe.id);
    expect(safeAgain).toMatchObject({ userReviewStatus: 'safe', isNew: false, firstSeenAt: safe.firstSeenAt });
    expect(second.results.filter((r) => r.domain === allowed)).toEqual([]);
    expect(second.results.filter((r) => r.isNew)).toEqual([]);

    // The entry is removed: run 3 finds that site's copies again, as seen before (not new), with their first sighting.
    expect((await call(contract.removeAllowlist, { as: creator, params: { id: entry.body.id } })).status).toBe(204);
    const third = await run(id);
    const back = third.results.filter((r) => r.domain === allowed);
    expect(back.length).toBeGreaterThanOrEqual(1);
    for (const r of back) {
      const before = first.results.find((x) => x.id === r.id);
      expect(before).toBeDefined();
      expect(r).toMatchObject({ isNew: false, firstSeenAt: before!.firstSeenAt });
    }
    expect(third.results.filter((r) => r.isNew)).toEqual([]);
    expect(third.results.find((r) => r.id === safe.id)).toMatchObject({ userReviewStatus: 'safe', isNew: false });
  }, 180_000);
});
