import { connectorFor, sourcesConfig, type SourceRun, type SourcesConfig, type SourceSpec } from '../../../functions/adapters/sources';
import { HostLimiter, RobotsCache } from '../../../functions/adapters/sources/polite';
import { DEMO_FOLDER, HOSTILE, SANDBOX_CHANNELS, SANDBOX_SUBREDDITS } from '../sources';
import { startSandbox, type RunningSandbox } from './harness';

/*
 * The connectors against the sandbox web's sources (issue 25): each reads its source in the real shape, finds the
 * demo creator's copies and a planted reference's copies among unrelated posts, and a hostile source ends its run
 * with a reason. One sandbox for the file; a fresh limiter per run so the file does not wait on rate limits.
 */
let sb: RunningSandbox;
let config: SourcesConfig;
let plantedRef: string;

const terms = ['Luna Vale', 'lunavale'];

async function run(spec: SourceSpec, over: Partial<SourcesConfig> = {}, limits = { maxRequests: 30, maxCandidates: 200 }): Promise<SourceRun> {
  const connector = connectorFor(spec.kind, { ...config, ...over }, { limits, deps: { limiter: new HostLimiter(), robots: new RobotsCache() } });
  return connector.collect(spec, { terms });
}

const mediaUrls = (r: SourceRun) => r.candidates.flatMap((c) => c.media.map((m) => m.url));

beforeAll(async () => {
  sb = await startSandbox({ ffmpegPath: null });
  config = sourcesConfig({ SANDBOX_ORIGIN: sb.origin, SOURCE_MIN_INTERVAL_MS: '0', SOURCE_RATE_LIMIT_PER_MINUTE: '600' });
  const original = await fetch(`${sb.origin}/demo/originals/2.jpg`);
  const planted = await sb.sandbox.plantBytes(Buffer.from(await original.arrayBuffer()));
  if (!planted.ok) throw new Error(planted.reason);
  plantedRef = planted.ref;
}, 60_000);

afterAll(() => sb.close());

describe('sandbox sources through the connectors', () => {
  it('reads a Telegram channel back through its pages, with the demo and planted copies', async () => {
    const r = await run({ kind: 'telegram', target: SANDBOX_CHANNELS.leaks });
    expect(r.stoppedBecause).toBeUndefined();
    const truth = sb.sandbox.sources.truth();
    const copies = mediaUrls(r).filter((u) => truth.media.get(u));
    expect(copies.some((u) => truth.media.get(u) === 'demo-original-1')).toBe(true);
    expect(copies.some((u) => truth.media.get(u) === `reference-${plantedRef}`)).toBe(true);
    // Every medium the sandbox serves in the channel was found, so the paging reached the oldest page.
    expect(new Set(mediaUrls(r))).toEqual(new Set(truth.bySource.get(`telegram:${SANDBOX_CHANNELS.leaks}`)));
    expect(r.requests).toBeGreaterThan(2);
    const post = r.candidates.find((c) => c.media.length)!;
    expect(post.url).toMatch(new RegExp(`/telegram/${SANDBOX_CHANNELS.leaks}/\\d+$`));
    expect(post.postedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(r.candidates.some((c) => c.telegramChannels?.length)).toBe(false); // links to itself are not discoveries
    const image = await fetch(copies[0]);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
  });

  it('reads Reddit with an application token: a subreddit\'s new posts and a search of all of Reddit', async () => {
    const sub = await run({ kind: 'reddit', target: SANDBOX_SUBREDDITS.leaks });
    expect(sub.stoppedBecause).toBeUndefined();
    const truth = sb.sandbox.sources.truth();
    expect(new Set(mediaUrls(sub))).toEqual(new Set(truth.bySource.get(`reddit:${SANDBOX_SUBREDDITS.leaks}`)));
    expect(sub.candidates[0].url).toContain('/reddit/www/r/lunavaleleaks/comments/');
    const all = await run({ kind: 'reddit', target: '*' });
    expect(all.candidates.length).toBeGreaterThan(0);
    expect(all.candidates.every((c) => /luna vale|lunavale/i.test(c.title))).toBe(true);
  });

  it('reads each rule site: forum threads, albums, the archive API and a folder', async () => {
    const truth = sb.sandbox.sources.truth();
    for (const target of ['xenforo-forum', 'erome-album', 'coomer-archive', `pixeldrain-folder:${DEMO_FOLDER}`, `pixeldrain-folder:p-${plantedRef}`]) {
      const r = await run({ kind: 'site', target });
      expect({ target, stopped: r.stoppedBecause }).toEqual({ target, stopped: undefined });
      const found = mediaUrls(r).map((u) => truth.media.get(u));
      expect({ target, demo: found.some((c) => c?.startsWith('demo-original') || c === `reference-${plantedRef}`) }).toEqual({ target, demo: true });
      const served = await fetch(mediaUrls(r)[0]);
      expect({ target, status: served.status, type: served.headers.get('content-type') }).toEqual({ target, status: 200, type: 'image/jpeg' });
    }
    const forum = await run({ kind: 'site', target: 'xenforo-forum' });
    expect(forum.candidates.some((c) => c.media.some((m) => truth.media.get(m.url) === `reference-${plantedRef}`))).toBe(true);
    expect(forum.candidates.every((c) => /\/threads\/.+\/post-\d+$/.test(c.url))).toBe(true);
    expect(forum.candidates.some((c) => c.media.length && !truth.media.get(c.media[0].url))).toBe(true); // unrelated replies are read too
  });

  it('ends a hostile source\'s run with a reason and what it had, never an exception', async () => {
    const cases: Array<[SourceSpec, RegExp, Partial<SourcesConfig>?]> = [
      [{ kind: 'telegram', target: HOSTILE.telegramEndless }, /endless paging|circle/],
      [{ kind: 'telegram', target: HOSTILE.telegramHuge }, /too large/],
      [{ kind: 'telegram', target: HOSTILE.telegramRedirect }, /private address|Refused/],
      [{ kind: 'telegram', target: HOSTILE.telegramWrongShape }, /wrong shape/],
      [{ kind: 'telegram', target: SANDBOX_CHANNELS.private }, /no public preview/],
      [{ kind: 'telegram', target: SANDBOX_CHANNELS.noCrawl }, /robots\.txt/],
      [{ kind: 'reddit', target: SANDBOX_SUBREDDITS.wrongShape }, /not a Listing/],
      [{ kind: 'site', target: 'coomer-archive' }, /endless paging|circle/],
    ];
    for (const [spec, reason] of cases) {
      const connector = connectorFor(spec.kind, config, { limits: { maxRequests: 30, maxCandidates: 200 }, deps: { limiter: new HostLimiter(), robots: new RobotsCache() } });
      const query = spec.kind === 'site' ? { terms: [HOSTILE.archiveEndless] } : { terms };
      const r = await connector.collect(spec, query);
      expect({ target: spec.target, stoppedBecause: r.stoppedBecause }).toEqual({ target: spec.target, stoppedBecause: expect.stringMatching(reason) });
    }
    // The endless archive still returned the posts of its first page.
    const endless = await connectorFor('site', config, { deps: { limiter: new HostLimiter(), robots: new RobotsCache() } }).collect({ kind: 'site', target: 'coomer-archive' }, { terms: [HOSTILE.archiveEndless] });
    expect(endless.candidates).toHaveLength(50);
  });

  it('honours robots.txt unless the operator records an exception for the source, and stops at the request cap', async () => {
    const excepted = await run({ kind: 'telegram', target: SANDBOX_CHANNELS.noCrawl }, { robotsExceptions: [`telegram:${SANDBOX_CHANNELS.noCrawl}`] });
    // Past robots.txt the channel answers like any channel without preview.
    expect(excepted.stoppedBecause).toMatch(/no public preview/);
    const capped = await run({ kind: 'telegram', target: SANDBOX_CHANNELS.leaks }, {}, { maxRequests: 2, maxCandidates: 200 });
    expect(capped.stoppedBecause).toMatch(/cap of 2 requests/);
    expect(capped.requests).toBe(2);
    expect(capped.candidates.length).toBeGreaterThan(0);
  });
});

describe('posts taken down and posted again (issue 25, re-emergence in sources)', () => {
  it("takes a Telegram post down on a notice to Telegram's desk, and a repost is a new post with the same picture", async () => {
    const truth = sb.sandbox.sources.truth();
    const before = await run({ kind: 'telegram', target: SANDBOX_CHANNELS.leaks });
    const post = before.candidates.find((c) => c.media.some((m) => truth.media.get(m.url) === `reference-${plantedRef}`))!;
    // A notice to someone else changes nothing; one to Telegram's desk takes the post, its page and its file down.
    expect((await sb.control('/control/inbox', { to: 'abuse@example.com', text: `Please remove ${post.url}` })).body.actions).toEqual([]);
    const acted = await sb.control('/control/inbox', { to: 'dmca@telegram.org', text: `Please remove ${post.url}.` });
    expect(acted.body.actions).toEqual([{ url: post.url, policy: 'removes', from: 'dmca@telegram.org', action: 'remove' }]);
    expect((await fetch(post.url)).status).toBe(404);
    expect((await fetch(post.media[0]!.url)).status).toBe(404);
    const after = await run({ kind: 'telegram', target: SANDBOX_CHANNELS.leaks });
    expect(after.candidates.map((c) => c.url)).not.toContain(post.url);

    const reposted = await sb.control('/control/repost', { url: post.url });
    expect(reposted.status).toBe(201);
    const again = await run({ kind: 'telegram', target: SANDBOX_CHANNELS.leaks });
    const repost = again.candidates.find((c) => c.url === reposted.body.post)!;
    expect(repost.media.map((m) => sb.sandbox.sources.truth().media.get(m.url))).toEqual([`reference-${plantedRef}`]);
    expect(Date.parse(repost.postedAt!)).toBeGreaterThan(Date.parse(post.postedAt!));
    // The removed post stays down; the old files and the new ones are the same picture.
    expect((await fetch(post.url)).status).toBe(404);
    expect((await fetch(repost.media[0]!.url)).status).toBe(200);
    expect((await sb.control('/control/repost', { url: `${sb.origin}/telegram/${SANDBOX_CHANNELS.leaks}/1` })).status).toBe(404);
    // Restored, the post is back at its own link.
    expect((await sb.control('/control/restore', { url: post.url })).body.restored).toEqual([post.url]);
    expect((await fetch(post.url)).status).toBe(200);
  });
});
