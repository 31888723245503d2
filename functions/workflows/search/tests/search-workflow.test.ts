import sharp from 'sharp';
import { contract } from '../../../../shared/contract';
import { allowanceResetsAt } from '../../../../shared/plans';
import { user, type TestUser } from '../../../../test/fixtures';
import { call, multipart, startHarness, type Harness } from '../../../../test/harness';
import { resetConfig } from '../../../lib/config';
import { addAllowlistEntry } from '../../../services/allowlist';
import { listSearchesByUser } from '../../../services/search/searches';
import { getUsage } from '../../../services/usage';

/*
 * The whole scan, end to end and offline: POST /api/search -> the real ASL (rendered from the CDK
 * definition) run by the Step Functions stand-in -> real providers' adapters against the sandbox web ->
 * matching -> results in dynalite, read back through the results API.
 */

let h: Harness;
let origin: string;
let owner: TestUser;
let userId: string;

beforeAll(async () => {
  h = await startHarness({ scans: true });
  origin = h.sandboxOrigin;
  // The owner is on Enterprise (unlimited scans), so the tests below are not about the monthly allowance.
  owner = await user({ plan: 'enterprise', email: 'owner@example.test' });
  userId = owner.userId;
}, 60_000);

afterAll(() => h.close());

afterEach(async () => {
  await fetch(`${origin}/control/faults`, { method: 'DELETE' });
});

async function startScan(fields: Record<string, string>, files: { name: string; bytes: Buffer; type: string }[] = [], as: TestUser | 'anonymous' = owner) {
  return call(contract.startSearch, { as, ...(await multipart(fields, files)) });
}

async function get(route: typeof contract.getSearch | typeof contract.searchResults, id: string) {
  return (await call(route, { as: owner, params: { id } })).body;
}

const original = async (n: number) => Buffer.from(await (await fetch(`${origin}/demo/originals/${n}.jpg`)).arrayBuffer());

describe('a scan of the sandbox web', () => {
  it('finds planted copies of the reference photos, ranks them high and unrelated pictures low', async () => {
    const started = await startScan({ userId: 'me', query: 'Luna Vale', searchEngines: '["google","bing","duckduckgo"]', contentType: 'images,videos' }, [
      { name: 'one.jpg', bytes: await original(1), type: 'image/jpeg' },
      { name: 'two.jpg', bytes: await original(2), type: 'image/jpeg' },
    ]);
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({ query: 'Luna Vale', searchEngines: ['google', 'bing', 'duckduckgo'] });

    await h.sfn.idle();
    const search = await get(contract.getSearch, started.body.id);
    expect(search.status).toBe('completed');
    expect(search.metadata.successfulEngines.sort()).toEqual(['bing', 'duckduckgo', 'google']);
    expect(search.progress).toMatchObject({ enginesDone: 3, enginesTotal: 3 });
    expect(search.progress.candidatesMatched).toBeGreaterThan(0);

    const results = await get(contract.searchResults, started.body.id);
    const images = results.filter((r: { contentType: string }) => r.contentType === 'images');
    const matched = images.filter((r: { evidence: { matchedReferenceId?: string } }) => r.evidence.matchedReferenceId);
    const unmatched = images.filter((r: { evidence: { matchedReferenceId?: string }; source: string }) => !r.evidence.matchedReferenceId);
    expect(matched.length).toBeGreaterThanOrEqual(6);
    for (const r of matched) expect(r).toMatchObject({ priority: 'high', source: 'sandbox' });
    expect(Math.min(...matched.map((r: { confidenceScore: number }) => r.confidenceScore))).toBeGreaterThanOrEqual(0.7);
    expect(unmatched.length).toBeGreaterThan(0);
    for (const r of unmatched) expect(r.priority).toBe('low');
    // Every picture the site shows is Vigil's own re-encoded copy, never the copying site's URL.
    const previews = results.map((r: { previewUrl: string | null }) => r.previewUrl).filter(Boolean) as string[];
    expect(previews.length).toBeGreaterThanOrEqual(matched.length);
    for (const url of previews) expect(url.startsWith(`${h.s3Endpoint}/test-uploads/thumbnails/`)).toBe(true);
    for (const url of [matched[0].previewUrl, matched[0].evidence.matchedImageUrl]) {
      const res = await fetch(url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^image\/(jpeg|png|webp)$/);
      expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="[0-9a-f]{32}\.(jpg|png|webp)"$/);
    }
  }, 120_000);

  it('names a reference file it could not fingerprint, and still matches by the others', async () => {
    const plain = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#7a8a9a' } }).png().toBuffer();
    const started = await startScan({ userId: 'me', query: 'Luna Vale', searchEngines: '["google"]', contentType: 'images' }, [
      { name: 'one.jpg', bytes: await original(1), type: 'image/jpeg' },
      { name: 'plain-wall.png', bytes: plain, type: 'image/png' },
    ]);
    expect(started.status).toBe(201);
    // Not known before the Fingerprint task has looked at the files.
    expect(started.body.skippedReferences).toBeUndefined();

    await h.sfn.idle();
    const search = await get(contract.getSearch, started.body.id);
    expect(search.status).toBe('completed');
    expect(search.skippedReferences).toEqual([{ filename: 'plain-wall.png', reason: 'too little detail to fingerprint' }]);
    expect(search.progress.candidatesMatched).toBeGreaterThan(0);
  }, 120_000);

  it('ends partial when one engine fails, naming it', async () => {
    await fetch(`${origin}/control/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ engine: 'bing', mode: 'fail' }) });
    const started = await startScan({ query: 'Luna Vale', searchEngines: '["google","bing"]' });
    await h.sfn.idle();
    const search = await get(contract.getSearch, started.body.id);
    expect(search.status).toBe('partial');
    expect(search.metadata).toMatchObject({ successfulEngines: ['google'], failedEngines: ['bing'] });
  }, 60_000);

  it('retries a throttled engine and completes', async () => {
    await fetch(`${origin}/control/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ engine: 'google', mode: 'throttle', times: 1 }) });
    const started = await startScan({ query: 'Luna Vale', searchEngines: '["google"]' });
    await h.sfn.idle();
    expect((await get(contract.getSearch, started.body.id)).status).toBe('completed');
  }, 60_000);

  it('ends failed, never stuck, when every engine fails', async () => {
    await fetch(`${origin}/control/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([{ engine: 'google', mode: 'fail' }, { engine: 'bing', mode: 'fail' }]),
    });
    const started = await startScan({ query: 'Luna Vale', searchEngines: '["google","bing"]' });
    await h.sfn.idle();
    const search = await get(contract.getSearch, started.body.id);
    expect(search.status).toBe('failed');
    expect(search.metadata.failedEngines.sort()).toEqual(['bing', 'google']);
  }, 60_000);

  it('drops allowlisted domains before results are stored', async () => {
    await addAllowlistEntry(userId, { domain: 'leakforum.example', reason: 'authorized_partner' });
    const started = await startScan({ query: 'Luna Vale', searchEngines: '["google"]' });
    await h.sfn.idle();
    const results = await get(contract.searchResults, started.body.id);
    expect(results.length).toBeGreaterThan(0);
    expect(results.some((r: { domain: string }) => r.domain === 'leakforum.example')).toBe(false);
  }, 60_000);
});

describe('refused scans store nothing', () => {
  const refusals: [string, Record<string, string>, { name: string; bytes: Buffer; type: string }[], number, RegExp][] = [
    ['no name and no file', { query: '  ' }, [], 400, /creator name or upload/],
    ['an unknown engine', { query: 'Luna', searchEngines: '["google","altavista"]' }, [], 400, /Unknown search engine "altavista"/],
    ['engines that are not JSON', { query: 'Luna', searchEngines: 'google' }, [], 400, /JSON list/],
    ['a file that is not what its name says', { query: 'Luna' }, [{ name: 'photo.png', bytes: Buffer.from('ffd8ffe000104a464946000101', 'hex'), type: 'image/png' }], 415, /photo\.png/],
    ['a file of another type', { query: 'Luna' }, [{ name: 'notes.jpg', bytes: Buffer.from('hello, not a picture'), type: 'image/jpeg' }], 415, /not a JPG, PNG, MP4 or MOV/],
    ['too many files', { query: 'Luna' }, Array.from({ length: 6 }, (_, i) => ({ name: `${i}.jpg`, bytes: Buffer.from('ffd8ff', 'hex'), type: 'image/jpeg' })), 413, /At most 5/],
    ['a file too large', { query: 'Luna' }, [{ name: 'big.jpg', bytes: Buffer.alloc(4 * 1024 * 1024 + 1), type: 'image/jpeg' }], 413, /big\.jpg.*limit/],
  ];

  it.each(refusals)('refuses %s', async (_label, fields, files, status, message) => {
    const before = (await listSearchesByUser(userId)).length;
    const res = await startScan(fields, files);
    expect(res.status).toBe(status);
    expect(res.body.error).toMatch(message);
    expect((await listSearchesByUser(userId)).length).toBe(before);
  });

  it('refuses anonymous callers', async () => {
    expect((await startScan({ query: 'Luna' }, [], 'anonymous')).status).toBe(401);
  });

  it('refuses a scan for another user', async () => {
    const res = await startScan({ userId: 'someone-else', query: 'Luna' });
    expect(res.status).toBe(403);
  });
});

describe('POST /api/search: the scan allowance and one scan at a time', () => {

  it("answers a trial account's 4th scan of the month with 402 PLAN_LIMIT and stores nothing", async () => {
    const trial = await user();
    for (let i = 0; i < 3; i++) {
      expect((await startScan({ query: 'Luna Vale', searchEngines: '["google"]' }, [], trial)).status).toBe(201);
      await h.sfn.idle();
    }
    const refused = await startScan({ query: 'Luna Vale', searchEngines: '["google"]' }, [], trial);
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ code: 'PLAN_LIMIT', limit: 3, used: 3, resetsAt: allowanceResetsAt() });
    expect(await listSearchesByUser(trial.userId)).toHaveLength(3);
    const usage = await getUsage(trial.userId);
    expect(usage.allowances.scans).toEqual({ used: 3, limit: 3 });
  });

  it('admits exactly one of parallel starts (one running scan per user; the allowance counted once)', async () => {
    const trial = await user();
    const replies = await Promise.all([1, 2, 3].map(() => startScan({ query: 'Luna Vale', searchEngines: '["google"]' }, [], trial)));
    expect(replies.map((r) => r.status).sort()).toEqual([201, 429, 429]);
    const refused = replies.find((r) => r.status === 429)!;
    expect(refused.body).toMatchObject({ code: 'RATE_LIMITED' });
    await h.sfn.idle();
    expect(await listSearchesByUser(trial.userId)).toHaveLength(1);
    expect((await getUsage(trial.userId)).allowances.scans.used).toBe(1);
    // Once it has finished, the next scan may start.
    expect((await startScan({ query: 'Luna Vale', searchEngines: '["google"]' }, [], trial)).status).toBe(201);
    await h.sfn.idle();
  });

  it('gives the unit and the slot back when the scan cannot start', async () => {
    const trial = await user();
    const saved = process.env.SEARCH_STATE_MACHINE_ARN;
    delete process.env.SEARCH_STATE_MACHINE_ARN;
    resetConfig();
    try {
      expect((await startScan({ query: 'Luna Vale', searchEngines: '["google"]' }, [], trial)).status).toBe(503);
    } finally {
      process.env.SEARCH_STATE_MACHINE_ARN = saved;
      resetConfig();
    }
    expect((await getUsage(trial.userId)).allowances.scans.used).toBe(0);
    expect((await startScan({ query: 'Luna Vale', searchEngines: '["google"]' }, [], trial)).status).toBe(201);
    await h.sfn.idle();
  });
});
