import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BlockedAddressError, ResponseTooLargeError, type SafeFetchOptions, type SafeFetchResponse } from '../fetch/safe-fetch';
import type { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { resetConfig } from '../../lib/config';
import { connectorFor, describeSource, loadSourcesConfig, normaliseSourceSpec, SITE_RULES, SourceConfigError, sourcesConfig, telegramChannelsIn, type SourceRun, type SourcesConfig, type SourceSpec } from '.';
import { select, parseHtml } from './html';
import { HostLimiter, RobotsCache, SharedHostLimiter, type Clock, type PoliteDeps, type ReserveSlot } from './polite';
import { parseRobots } from './robots';

const fixture = (name: string) => readFileSync(path.join(__dirname, 'fixtures', name));

interface Recorded {
  status?: number;
  body: Buffer | string;
  type: string;
  headers?: Record<string, string>;
}

/** A transport replaying recorded answers by URL; anything unrecorded is a 404. Records what was asked. */
function replay(pages: Record<string, Recorded | Error>) {
  const asked: Array<{ url: string; options: SafeFetchOptions }> = [];
  const fetch = async (input: string | URL, options: SafeFetchOptions = {}): Promise<SafeFetchResponse> => {
    const url = String(input);
    asked.push({ url, options });
    const hit = pages[url];
    if (hit instanceof Error) throw hit;
    const status = hit?.status ?? (hit ? 200 : 404);
    const body = Buffer.from(hit?.body ?? 'not found');
    return { url, status, ok: status >= 200 && status < 300, headers: { 'content-type': hit?.type ?? 'text/plain', ...hit?.headers }, contentType: hit?.type ?? 'text/plain', body, redirects: [] };
  };
  return { fetch, asked };
}

/** A clock that moves only when slept on. */
function fakeClock(): Clock & { slept: number[] } {
  let t = 1_000_000;
  const slept: number[] = [];
  return { slept, now: () => t, sleep: async (ms) => void (slept.push(ms), (t += ms)) };
}

const config: SourcesConfig = sourcesConfig({ REDDIT_CLIENT_ID: 'id', REDDIT_CLIENT_SECRET: 'secret', SOURCE_MIN_INTERVAL_MS: '0' });
const html = (body: Buffer | string): Recorded => ({ body, type: 'text/html; charset=utf-8' });
const jsonOk = (body: Buffer | string): Recorded => ({ body, type: 'application/json' });
const noRobots: Record<string, Recorded> = {};

async function collect(spec: SourceSpec, pages: Record<string, Recorded | Error>, terms = ['Luna Vale'], extra: Partial<PoliteDeps> = {}, over: Partial<SourcesConfig> = {}) {
  const t = replay({ ...noRobots, ...pages });
  const connector = connectorFor(spec.kind, { ...config, ...over }, { limits: { maxRequests: 20, maxCandidates: 100 }, deps: { fetch: t.fetch, limiter: new HostLimiter(fakeClock()), robots: new RobotsCache(), clock: fakeClock(), ...extra } });
  const run: SourceRun = await connector.collect(spec, { terms });
  return { run, asked: t.asked };
}

describe('Telegram preview (recorded page)', () => {
  it('reads posts, photos, videos with their thumbnails, times and channel links; pages back with before=', async () => {
    const { run, asked } = await collect({ kind: 'telegram', target: 'leakschan' }, {
      'https://t.me/s/leakschan': html(fixture('telegram-channel.html')),
      'https://t.me/s/leakschan?before=1201': html('<html><section class="tgme_channel_history"></section></html>'),
      'https://t.me/s/leakschan?q=Luna%20Vale': html(fixture('telegram-channel.html')),
    });
    expect(run.stoppedBecause).toBeUndefined();
    expect(run.candidates).toEqual([
      {
        url: 'https://t.me/leakschan/1201',
        media: [
          { url: 'https://cdn4.cdn.example/file/AbC1.jpg', kind: 'image' },
          { url: 'https://cdn4.cdn.example/file/AbC2.jpg', kind: 'image' },
        ],
        postedAt: '2026-11-20T10:15:00.000Z',
        title: 'New set of Luna Vale 🔥 backup: t.me/backupchan and join',
        source: { kind: 'telegram', target: 'leakschan' },
        telegramChannels: ['backupchan'],
      },
      {
        url: 'https://t.me/leakschan/1202',
        media: [{ url: 'https://cdn4.cdn.example/file/Clip9.mp4?token=x', kind: 'video', thumbnailUrl: 'https://cdn4.cdn.example/file/Thumb9.jpg' }],
        postedAt: '2026-11-21T08:00:00.000Z',
        title: 'clip',
        source: { kind: 'telegram', target: 'leakschan' },
      },
    ]);
    expect(asked.map((a) => a.url)).toEqual([
      'https://t.me/robots.txt',
      'https://t.me/s/leakschan',
      'https://t.me/s/leakschan?before=1201',
      'https://t.me/s/leakschan?q=Luna%20Vale',
    ]);
    expect(asked[1].options.headers?.['user-agent']).toMatch(/^VigilBot\/1\.0 \(.+\+https?:\/\//);
    expect(run.requests).toBe(4);
  });

  it('keeps the poster of a video too large for the preview', async () => {
    const page = `<section class="tgme_channel_history"><div class="tgme_widget_message" data-post="leakschan/7"><a class="tgme_widget_message_video_player not_supported" href="https://t.me/leakschan/7"><i class="tgme_widget_message_video_thumb" style="background-image:url('https://cdn.example/big-thumb.jpg')"></i><div class="message_media_not_supported_label">Media is too big</div></a></div></section>`;
    const { run } = await collect({ kind: 'telegram', target: 'leakschan' }, { 'https://t.me/s/leakschan': html(page) }, []);
    expect(run.candidates.map((c) => c.media)).toEqual([[{ url: 'https://cdn.example/big-thumb.jpg', kind: 'image' }]]);
  });

  it('stops paging at `since`', async () => {
    const t = replay({ 'https://t.me/s/leakschan': html(fixture('telegram-channel.html')) });
    const connector = connectorFor('telegram', config, { deps: { fetch: t.fetch, limiter: new HostLimiter(fakeClock()), robots: new RobotsCache() } });
    const run = await connector.collect({ kind: 'telegram', target: 'leakschan' }, { terms: [], since: '2026-11-21T00:00:00Z' });
    expect(run.candidates.map((c) => c.url)).toEqual(['https://t.me/leakschan/1202']);
    expect(t.asked.map((a) => a.url)).not.toContain('https://t.me/s/leakschan?before=1201');
  });

  it('says so when a channel has no public preview, and refuses a name that is not a username', async () => {
    const { run } = await collect({ kind: 'telegram', target: 'closedchan' }, { 'https://t.me/s/closedchan': html(fixture('telegram-no-preview.html')) });
    expect(run).toMatchObject({ candidates: [], stoppedBecause: expect.stringMatching(/no public preview/) });
    await expect(collect({ kind: 'telegram', target: 'a b' }, {})).rejects.toBeInstanceOf(SourceConfigError);
  });
});

describe('Reddit (recorded Listing)', () => {
  const token: Recorded = jsonOk(JSON.stringify({ access_token: 'tok', token_type: 'bearer', expires_in: 3600 }));

  it('takes an application token, then reads galleries, hosted videos, images and link previews', async () => {
    const { run, asked } = await collect({ kind: 'reddit', target: 'r/LeakSub' }, {
      'https://www.reddit.com/api/v1/access_token': token,
      'https://oauth.reddit.com/r/LeakSub/new?limit=100&raw_json=1': jsonOk(fixture('reddit-new.json')),
    });
    expect(run.stoppedBecause).toBeUndefined();
    expect(asked[0].options).toMatchObject({ method: 'POST', body: 'grant_type=client_credentials', headers: { authorization: `Basic ${Buffer.from('id:secret').toString('base64')}` } });
    expect(asked[1].options.headers).toMatchObject({ authorization: 'bearer tok' });
    expect(run.candidates.map((c) => [c.url, c.media])).toEqual([
      ['https://www.reddit.com/r/leaksub/comments/1abc/gallery_of_her_set/', [{ url: 'https://i.cdn.example/m2.png', kind: 'image' }, { url: 'https://i.cdn.example/m1.jpg', kind: 'image' }]],
      ['https://www.reddit.com/r/leaksub/comments/1abd/clip/', [{ url: 'https://v.cdn.example/vid1/DASH_480.mp4?source=fallback', kind: 'video', thumbnailUrl: 'https://preview.cdn.example/vid1.jpg' }]],
      ['https://www.reddit.com/r/leaksub/comments/1abe/single_pic/', [{ url: 'https://i.cdn.example/single.jpg', kind: 'image' }]],
      ['https://www.reddit.com/r/leaksub/comments/1abf/link/', [{ url: 'https://external-preview.cdn.example/link.jpg', kind: 'image' }]],
    ]);
    expect(run.candidates[1].telegramChannels).toEqual(['clipchan']);
    expect(run.candidates[0].postedAt).toBe(new Date(1763600000 * 1000).toISOString());
  });

  it('ends the run on an answer that is not a Listing, and needs credentials outside the sandbox', async () => {
    const { run } = await collect({ kind: 'reddit', target: '*' }, {
      'https://www.reddit.com/api/v1/access_token': token,
      'https://oauth.reddit.com/search?q=Luna%20Vale&sort=new&type=link&limit=100&raw_json=1': jsonOk('{"error": "nope"}'),
    });
    expect(run.stoppedBecause).toMatch(/not a Listing/);
    const bare = sourcesConfig({});
    await expect(connectorFor('reddit', bare).collect({ kind: 'reddit', target: 'x1x' }, { terms: [] })).rejects.toBeInstanceOf(SourceConfigError);
  });
});

describe('site rules (recorded pages)', () => {
  it('are valid data with their facts and sources, one of each kind, hosts only in data', () => {
    expect(new Set(SITE_RULES.map((r) => r.kind))).toEqual(new Set(['forum', 'album', 'archive', 'cyberlocker']));
    for (const r of SITE_RULES) {
      expect(r.facts.length).toBeGreaterThan(0);
      expect(r.sources.every((s) => s.startsWith('https://'))).toBe(true);
      expect(r.listUrl.startsWith('{base}/')).toBe(true);
    }
  });

  it('forum: search results, their next page, thread posts with embedded pictures, attachments and videos', async () => {
    const base = 'https://simpcity.su';
    const { run } = await collect({ kind: 'site', target: 'xenforo-forum' }, {
      [`${base}/search/search?keywords=Luna%20Vale&order=date`]: html(fixture('xenforo-search.html')),
      [`${base}/search/77/?page=2&q=Luna+Vale`]: html(fixture('xenforo-search-2.html')),
      [`${base}/threads/luna-vale-set.1042/post-9001`]: html(fixture('xenforo-thread.html')),
      [`${base}/threads/old-luna-vale.900/`]: html('<html><body><h1>gone quiet</h1></body></html>'),
    });
    expect(run.stoppedBecause).toBeUndefined();
    expect(run.candidates).toEqual([
      {
        url: `${base}/threads/luna-vale-set.1042/post-9001`,
        media: [
          { url: 'https://img.cdn.example/i/aa1.jpg', kind: 'image' },
          { url: 'https://img.cdn.example/i/aa2.jpg', kind: 'image' },
          { url: `${base}/attachments/pic-jpg.5501/`, kind: 'image' },
        ],
        title: 'Here she is album also on t.me/mirrorchan',
        postedAt: '2026-11-19T21:04:05.000Z',
        source: { kind: 'site', target: 'xenforo-forum' },
        telegramChannels: ['mirrorchan'],
      },
      {
        url: `${base}/threads/luna-vale-set.1042/post-9002`,
        media: [{ url: 'https://vid.cdn.example/v/clip.mp4', kind: 'video' }],
        title: 'thanks!',
        postedAt: '2026-11-20T09:00:00.000Z',
        source: { kind: 'site', target: 'xenforo-forum' },
      },
    ]);
  });

  it('album host: each album page is one candidate with its pictures and videos', async () => {
    const base = 'https://www.erome.com';
    const { run } = await collect({ kind: 'site', target: 'erome-album' }, {
      [`${base}/search?q=Luna%20Vale`]: html(fixture('erome-search.html')),
      [`${base}/search?q=luna+vale&page=2`]: html('<html><div id="albums"></div></html>'),
      'https://www.erome.example/a/AbCd1234': html(fixture('erome-album.html')),
      [`${base}/a/EfGh5678`]: html('<html><h1>empty album</h1></html>'),
    });
    expect(run.stoppedBecause).toBeUndefined();
    expect(run.candidates).toEqual([
      {
        url: 'https://www.erome.example/a/AbCd1234',
        media: [
          { url: 'https://s9.erome.example/123/AbCd1234/pic1.jpeg?v=1700000000', kind: 'image' },
          { url: 'https://v9.erome.example/123/AbCd1234/vid1_720p.mp4', kind: 'video' },
        ],
        title: 'luna vale 🔥',
        source: { kind: 'site', target: 'erome-album' },
      },
    ]);
  });

  it('archive API: a handle\'s posts with their file and attachments, sent with the Accept the API wants', async () => {
    const { run, asked } = await collect({ kind: 'site', target: 'coomer-archive' }, { 'https://coomer.st/api/v1/onlyfans/user/lunavale/posts?o=0': jsonOk(fixture('coomer-posts.json')) }, ['Luna Vale', '@lunavale']);
    expect(run.stoppedBecause).toBeUndefined();
    expect(asked.map((a) => a.url)).toEqual(['https://coomer.st/robots.txt', 'https://coomer.st/api/v1/onlyfans/user/lunavale/posts?o=0']);
    expect(asked[1].options.headers).toMatchObject({ accept: 'text/css' });
    expect(run.candidates).toEqual([
      {
        url: 'https://coomer.st/onlyfans/user/lunavale/post/1100',
        media: [
          { url: 'https://coomer.st/data/aa/bb/aabb11.jpg', kind: 'image' },
          { url: 'https://coomer.st/data/cc/dd/ccdd22.jpg', kind: 'image' },
          { url: 'https://coomer.st/data/ee/ff/eeff33.mp4', kind: 'video' },
        ],
        title: 'new set',
        postedAt: '2026-11-20T10:00:00.000Z',
        source: { kind: 'site', target: 'coomer-archive' },
        telegramChannels: ['archivechan'],
      },
    ]);
  });

  it('cyberlocker folder: one candidate for the folder, pictures and videos only; a folder id is required', async () => {
    const { run } = await collect({ kind: 'site', target: 'pixeldrain-folder:Xy12Ab' }, { 'https://pixeldrain.com/api/list/Xy12Ab': jsonOk(fixture('pixeldrain-list.json')) });
    expect(run.candidates).toEqual([
      {
        url: 'https://pixeldrain.com/l/Xy12Ab',
        media: [
          { url: 'https://pixeldrain.com/api/file/f1', kind: 'image' },
          { url: 'https://pixeldrain.com/api/file/f2', kind: 'video' },
        ],
        title: 'pack',
        postedAt: '2026-11-18T12:00:00.000Z',
        source: { kind: 'site', target: 'pixeldrain-folder:Xy12Ab' },
      },
    ]);
    await expect(collect({ kind: 'site', target: 'pixeldrain-folder' }, {})).rejects.toBeInstanceOf(SourceConfigError);
    await expect(collect({ kind: 'site', target: 'nosuchsite' }, {})).rejects.toBeInstanceOf(SourceConfigError);
  });
});

describe('politeness and hostile answers', () => {
  it('a refused redirect, an oversized page, an HTTP error or a wrong content type end the run with a reason', async () => {
    const page = 'https://t.me/s/leakschan';
    const cases: Array<[Recorded | Error, RegExp]> = [
      [new BlockedAddressError(page, '10.0.0.1', 'private'), /private address/],
      [new ResponseTooLargeError(page, 3_000_000), /too large/],
      [{ status: 500, body: 'oops', type: 'text/html' }, /HTTP 500/],
      [{ status: 429, body: 'slow down', type: 'text/html' }, /slow down \(HTTP 429\)/],
      [{ body: 'plain', type: 'text/plain' }, /not a channel preview/],
    ];
    for (const [answer, reason] of cases) {
      const { run } = await collect({ kind: 'telegram', target: 'leakschan' }, { [page]: answer });
      expect(run.stoppedBecause).toMatch(reason);
    }
  });

  it('paging that does not go back is endless paging, stopped', async () => {
    const looping = '<html><section class="tgme_channel_history"><a class="tme_messages_more" data-before="5000"></a><div class="tgme_widget_message" data-post="leakschan/10"><a class="tgme_widget_message_photo_wrap" style="background-image:url(\'https://cdn.example/x.jpg\')"></a></div></section></html>';
    const { run } = await collect({ kind: 'telegram', target: 'leakschan' }, { 'https://t.me/s/leakschan': html(looping) });
    expect(run.stoppedBecause).toMatch(/endless paging/);
    expect(run.candidates).toHaveLength(1);
  });

  it('honours robots.txt for our agent, unless the operator records an exception', async () => {
    const robots: Recorded = { body: 'User-agent: *\nAllow: /\n\nUser-agent: VigilBot\nDisallow: /s/\n', type: 'text/plain' };
    const pages = { 'https://t.me/robots.txt': robots, 'https://t.me/s/leakschan': html(fixture('telegram-channel.html')) };
    const { run } = await collect({ kind: 'telegram', target: 'leakschan' }, pages);
    expect(run).toMatchObject({ candidates: [], requests: 1, stoppedBecause: expect.stringMatching(/robots\.txt of t\.me disallows \/s\/leakschan/) });
    const excepted = await collect({ kind: 'telegram', target: 'leakschan' }, pages, [], {}, { robotsExceptions: ['telegram:leakschan'] });
    expect(excepted.run.candidates.length).toBe(2);
  });

  it('keeps a host under its rate limit per minute, waiting as needed', async () => {
    const clock = fakeClock();
    const limiter = new HostLimiter(clock);
    const times: number[] = [];
    for (let i = 0; i < 7; i++) {
      await limiter.acquire('t.me', 3, 100);
      times.push(clock.now());
    }
    for (let i = 3; i < times.length; i++) expect(times[i] - times[i - 3]).toBeGreaterThanOrEqual(60_000);
    expect(times[1] - times[0]).toBe(100);
  });

  it('waits for the time reserved in the shared window, and reserves again when it would go late', async () => {
    const clock = fakeClock();
    const asked: Array<{ host: string; now: number; perWindow: number }> = [];
    // The shared window's answers: first a time already 5 s past (a reservation that took too long), then one ahead.
    const answers = [clock.now() - 5_000, clock.now() + 2_000];
    const reserve: ReserveSlot = async (host, rule, nowMs) => (asked.push({ host, now: nowMs, perWindow: rule.perWindow }), answers.shift()!);
    const limiter = new SharedHostLimiter(reserve, { clock });
    expect(await limiter.acquire('t.me', 20, 100)).toBe(2_000);
    expect(asked).toEqual([
      { host: 't.me', now: 1_000_000, perWindow: 20 },
      { host: 't.me', now: 1_000_000, perWindow: 20 },
    ]);
    expect(clock.slept).toEqual([2_000]);
    // A window that never gives a punctual time ends the run's request with a reason, not a hang.
    const never = new SharedHostLimiter(async (_h, _r, nowMs) => nowMs - 60_000, { clock });
    await expect(never.acquire('t.me', 20, 100)).rejects.toThrow(/no punctual send time for t.me after 6 reservations/);
  });

  it('stops at the run\'s request cap', async () => {
    const t = replay({ 'https://t.me/s/leakschan': html(fixture('telegram-channel.html')), 'https://t.me/s/leakschan?before=1201': html(fixture('telegram-channel.html').toString().replace(/data-before="1201"/, 'data-before="1200"').replace(/1201/g, '1190')) });
    const connector = connectorFor('telegram', config, { limits: { maxRequests: 2, maxCandidates: 100 }, deps: { fetch: t.fetch, limiter: new HostLimiter(fakeClock()), robots: new RobotsCache() } });
    const run = await connector.collect({ kind: 'telegram', target: 'leakschan' }, { terms: [] });
    expect(run).toMatchObject({ requests: 2, stoppedBecause: expect.stringMatching(/cap of 2 requests/) });
    expect(run.candidates.length).toBeGreaterThan(0);
  });
});

describe('helpers', () => {
  it('parses robots.txt groups, longest match and wildcards', () => {
    const r = parseRobots('User-agent: *\nDisallow: /private\nAllow: /private/ok$\nDisallow: /*.json$\n', 'vigilbot');
    expect([r.allows('/s/x'), r.allows('/private/a'), r.allows('/private/ok'), r.allows('/a/b.json'), r.allows('/a/b.json?x')]).toEqual([true, false, true, false, true]);
  });

  it('selects with the supported CSS subset', () => {
    const doc = parseHtml('<div class="a b"><p id="x" data-k="v1">one</p><section><p data-k="v2">two</p></section></div>');
    expect(select(doc, 'div.a.b > p').map((e) => e.attribs.id)).toEqual(['x']);
    expect(select(doc, 'div p[data-k^=v]')).toHaveLength(2);
    expect(select(doc, 'section p, #x')).toHaveLength(2);
    expect(() => select(doc, 'p:first-child')).toThrow(/unsupported/);
  });

  it('finds Telegram channel links for discovery', () => {
    expect(telegramChannelsIn('see t.me/LeakVault and https://t.me/s/other_chan, t.me/joinchat/xyz, not t.me/ab', 'telegram.me/third_one')).toEqual(['leakvault', 'other_chan', 'third_one']);
  });

  it('normalises what a creator types, and says what is wrong', () => {
    expect(normaliseSourceSpec({ kind: 'telegram', target: 'https://t.me/s/LeakVault' }, config)).toEqual({ kind: 'telegram', target: 'leakvault' });
    expect(normaliseSourceSpec({ kind: 'reddit', target: 'r/SomeSub' }, config)).toEqual({ kind: 'reddit', target: 'somesub' });
    expect(() => normaliseSourceSpec({ kind: 'site', target: 'nope' }, config)).toThrow(/not a known site/);
    expect(() => normaliseSourceSpec({ kind: 'reddit', target: 'x' }, sourcesConfig({}))).toThrow(SourceConfigError);
    expect(describeSource({ kind: 'site', target: 'coomer-archive' }, config)).toMatchObject({ baseUrl: 'https://coomer.st', rateLimitPerMinute: 20, sandbox: false, site: { kind: 'archive' } });
  });

  it('points what has no configuration at the sandbox, as the search providers do', () => {
    const s = sourcesConfig({ SANDBOX_ORIGIN: 'http://localhost:3000/sandbox/' });
    expect(s).toMatchObject({ telegramBaseUrl: 'http://localhost:3000/sandbox/telegram', redditApiBaseUrl: 'http://localhost:3000/sandbox/reddit/oauth', redditSandbox: true });
    expect(describeSource({ kind: 'site', target: 'erome-album' }, s).baseUrl).toBe('http://localhost:3000/sandbox/leaksites/erome-album');
    expect(() => sourcesConfig({ REDDIT_CLIENT_ID: 'only-id' })).toThrow(/together/);
  });

  it('takes Reddit\'s credentials from the provider secret when one is named, as the search providers do', async () => {
    resetConfig();
    let reads = 0;
    const secretsClient = { send: async () => (reads++, { SecretString: JSON.stringify({ SERPAPI_KEY: 'k', REDDIT_CLIENT_ID: 'sid', REDDIT_CLIENT_SECRET: 'ssecret' }) }) } as unknown as SecretsManagerClient;
    const env = { PROVIDER_SECRET_ARN: 'arn:aws:secretsmanager:us-east-1:1:secret:p', SANDBOX_ORIGIN: 'http://localhost:3000/sandbox' };
    const c = await loadSourcesConfig(env, undefined, { secretsClient, now: () => 0 });
    expect(c).toMatchObject({ redditClientId: 'sid', redditClientSecret: 'ssecret', redditSandbox: false, redditApiBaseUrl: 'https://oauth.reddit.com' });
    await loadSourcesConfig(env, undefined, { secretsClient, now: () => 60_000 });
    expect(reads).toBe(1);
    expect((await loadSourcesConfig({})).redditClientId).toBeUndefined();
  });

  it('accepts Reddit sources in the API when the credentials are in the secret, and a run without them says why', async () => {
    resetConfig();
    // The API does not read the secret: a named secret is taken at its word by the forms' check.
    const api = sourcesConfig({ PROVIDER_SECRET_ARN: 'arn:aws:secretsmanager:us-east-1:1:secret:p' });
    expect(api).toMatchObject({ redditClientId: undefined, redditInSecret: true, redditSandbox: false });
    expect(normaliseSourceSpec({ kind: 'reddit', target: 'r/LunaVale' }, api)).toEqual({ kind: 'reddit', target: 'lunavale' });
    // QuerySource reads it: a secret without Reddit's credentials ends the run with the reason, before any request.
    const secretsClient = { send: async () => ({ SecretString: JSON.stringify({ SERPAPI_KEY: 'k' }) }) } as unknown as SecretsManagerClient;
    const loaded = await loadSourcesConfig({ PROVIDER_SECRET_ARN: 'arn:aws:secretsmanager:us-east-1:1:secret:q' }, undefined, { secretsClient, now: () => 0 });
    expect(loaded.redditClientId).toBeUndefined();
    await expect(connectorFor('reddit', loaded).collect({ kind: 'reddit', target: 'lunavale' }, { terms: ['Luna Vale'] })).rejects.toThrow(/REDDIT_CLIENT_ID and REDDIT_CLIENT_SECRET .*provider secret/);
  });
});
