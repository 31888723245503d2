import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import {
  ProviderAuthError,
  ProviderNotConfiguredError,
  ProviderRequestError,
  ProviderResponseError,
  ProviderTimeoutError,
  ProviderUnavailableError,
  ThrottledError,
  braveProvider,
  describeProviders,
  googleCseProvider,
  loadProviderKeys,
  providerConfigFrom,
  providerFor,
  serpApiProvider,
  tinEyeProvider,
  type AdapterOptions,
} from '..';
import { providerSettings, resetConfig } from '../../../lib/config';
import { startFixtureServer } from './fixture-server';

let fx: Awaited<ReturnType<typeof startFixtureServer>>;
// The time cap is far above what a loopback answer takes on any machine (only the timeout test sets a short one),
// so no test but that one depends on how busy the machine is.
const retry = { timeoutMs: 20_000, retries: 2, retryBaseMs: 10, maxRetryWaitMs: 2_000 };
const opts = (prefix: string): AdapterOptions => ({ baseUrl: `${fx.base}${prefix}`, apiKey: 'K-123', sandbox: false, config: retry });

beforeAll(async () => {
  fx = await startFixtureServer();
});
afterAll(() => fx.close());
beforeEach(() => fx.reset());

describe('SerpApi', () => {
  const serp = () => serpApiProvider(opts('/serp'));

  it('maps Google web results and inline images, dropping unusable items', async () => {
    fx.reply('engine=google&', { fixture: 'serpapi-google.json' });
    const before = Date.now();
    const found = await serp().search({ engine: 'google', kind: 'web', query: ' Luna Vale ' });
    const after = Date.now();
    expect(fx.requests[0].path).toBe('/serp/search.json');
    expect(Object.fromEntries(fx.requests[0].query)).toMatchObject({ engine: 'google', q: 'Luna Vale', api_key: 'K-123' });
    expect(found).toHaveLength(3);
    expect(found[0]).toMatchObject({
      url: 'https://leakforum.example/threads/1042',
      title: 'Luna Vale leaked set - Leak Forum',
      snippet: 'Full Luna Vale set, 40 photos & 2 clips…',
      domain: 'leakforum.example',
      engine: 'google',
      kind: 'web',
      provider: 'serpapi',
      sandbox: false,
      position: 1,
    });
    expect(found[1]).toMatchObject({ domain: 'filedrop.example', thumbnailUrl: 'https://serpapi.com/thumb/1.jpg' });
    expect(found[2]).toMatchObject({ kind: 'images', url: 'https://leakforum.example/threads/1042', imageUrl: 'https://leakforum.example/media/lv1.jpg' });
    // Seen during the call.
    expect(Date.parse(found[0].seenAt)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(found[0].seenAt)).toBeLessThanOrEqual(after);
  });

  it('maps Google images and videos (nested video thumbnails tolerated)', async () => {
    fx.reply('engine=google_images', { fixture: 'serpapi-google-images.json' });
    fx.reply('engine=google_videos', { fixture: 'serpapi-google-videos.json' });
    const images = await serp().search({ engine: 'google', kind: 'images', query: 'Luna Vale' });
    expect(images[0]).toMatchObject({ url: 'https://socialgram.example/p/abc', imageUrl: 'https://socialgram.example/media/p1.jpg', width: 1080, height: 1350, kind: 'images' });
    const videos = await serp().search({ engine: 'google', kind: 'videos', query: 'Luna Vale' });
    expect(videos.map((v) => v.thumbnailUrl)).toEqual(['https://serpapi.com/v/t1.jpg', 'https://serpapi.com/v/t2.jpg']);
  });

  it('asks Google Lens for exact matches and visual matches, exact first, deduplicated', async () => {
    fx.reply('type=exact_matches', { fixture: 'serpapi-google-lens-exact.json' });
    fx.reply('engine=google_lens', { fixture: 'serpapi-google-lens-all.json' });
    const found = await serp().search({ engine: 'google', kind: 'reverse_image', imageUrl: 'https://s3.example/ref.jpg?X-Amz-Signature=abc' });
    expect(fx.requests.map((r) => r.query.get('url'))).toEqual(['https://s3.example/ref.jpg?X-Amz-Signature=abc', 'https://s3.example/ref.jpg?X-Amz-Signature=abc']);
    expect(found.map((c) => [c.matchType, c.domain])).toEqual([
      ['exact', 'leakforum.example'],
      ['exact', 'filedrop.example'],
      ['visual', 'leakforum.example'],
      ['visual', 'socialgram.example'],
    ]);
    expect(found[1]).toMatchObject({ imageUrl: 'https://filedrop.example/media/q40.jpg', width: 800 });
  });

  it('reads Bing reverse image sections it was not sure about', async () => {
    fx.reply('engine=bing_reverse_image', { fixture: 'serpapi-bing-reverse.json' });
    const found = await serp().search({ engine: 'bing', kind: 'reverse_image', imageUrl: 'https://s3.example/ref.jpg' });
    expect(fx.requests[0].query.get('image_url')).toBe('https://s3.example/ref.jpg');
    expect(found.map((c) => [c.matchType, c.url, c.imageUrl])).toEqual([
      ['exact', 'https://socialgram.example/p/abc', 'https://socialgram.example/media/p1.jpg'],
      ['visual', 'https://gardenblog.example/posts/roses', 'https://gardenblog.example/img/roses.jpg'],
    ]);
  });

  it('maps DuckDuckGo and says what it does not support', async () => {
    fx.reply('engine=duckduckgo', { fixture: 'serpapi-duckduckgo.json' });
    const found = await serp().search({ engine: 'duckduckgo', kind: 'web', query: 'Luna Vale' });
    expect(found[0]).toMatchObject({ engine: 'duckduckgo', domain: 'leakforum.example' });
    expect(serp().supports('duckduckgo', 'reverse_image')).toBe(false);
    expect(serp().supports('brave', 'web')).toBe(false);
    await expect(serp().search({ engine: 'duckduckgo', kind: 'images', query: 'x' })).rejects.toMatchObject({ name: 'UnsupportedSearchError' });
  });

  it('treats 200 with an error string as an empty success', async () => {
    fx.reply('engine=google', { fixture: 'serpapi-empty.json' });
    await expect(serp().search({ engine: 'google', kind: 'web', query: 'zqxv nobody' })).resolves.toEqual([]);
  });

  it('retries a 429 after the Retry-After it was given, then succeeds', async () => {
    fx.reply('engine=google', { status: 429, fixture: 'serpapi-429.json', headers: { 'retry-after': '0.3' } }, { fixture: 'serpapi-google.json' });
    const started = Date.now();
    const found = await serp().search({ engine: 'google', kind: 'web', query: 'Luna Vale' });
    expect(found.length).toBeGreaterThan(0);
    expect(fx.requests).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('gives up with ThrottledError (the name the state machine retries on) when 429 persists', async () => {
    fx.reply('engine=google', { status: 429, fixture: 'serpapi-429.json' });
    const err = await serp().search({ engine: 'google', kind: 'web', query: 'Luna Vale' }).catch((e) => e);
    expect(err).toBeInstanceOf(ThrottledError);
    expect(err.name).toBe('ThrottledError');
    expect(err.message).toContain('hourly throughput limit');
    expect(fx.requests).toHaveLength(3);
  });

  it('leaves a long Retry-After to the state machine instead of waiting', async () => {
    fx.reply('engine=google', { status: 429, fixture: 'serpapi-429.json', headers: { 'retry-after': '3600' } });
    const err = await serp().search({ engine: 'google', kind: 'web', query: 'Luna Vale' }).catch((e) => e);
    expect(err).toMatchObject({ name: 'ThrottledError', retryAfterMs: 3_600_000 });
    expect(fx.requests).toHaveLength(1);
  });

  it('does not retry a 401', async () => {
    fx.reply('engine=google', { status: 401, fixture: 'serpapi-401.json' });
    const err = await serp().search({ engine: 'google', kind: 'web', query: 'Luna Vale' }).catch((e) => e);
    expect(err).toBeInstanceOf(ProviderAuthError);
    expect(err.message).toContain('Invalid API key');
    expect(fx.requests).toHaveLength(1);
  });

  it('maps 503 to ProviderUnavailableError', async () => {
    fx.reply('engine=google', { status: 503, fixture: 'serpapi-503.json' });
    await expect(serp().search({ engine: 'google', kind: 'web', query: 'x' })).rejects.toBeInstanceOf(ProviderUnavailableError);
    expect(fx.requests).toHaveLength(1);
  });

  it('maps a 400 to ProviderRequestError', async () => {
    fx.reply('engine=google', { status: 400, raw: '{"error":"Missing query `q` parameter."}' });
    await expect(serp().search({ engine: 'google', kind: 'web', query: 'x' })).rejects.toBeInstanceOf(ProviderRequestError);
  });

  it('maps a slow answer to ProviderTimeoutError', async () => {
    // The provider never answers, so only the adapter's own time cap (timeoutMs) can end the call.
    fx.reply('engine=google', { fixture: 'serpapi-google.json', silent: true });
    const capped = serpApiProvider({ ...opts('/serp'), config: { ...retry, timeoutMs: 200 } });
    await expect(capped.search({ engine: 'google', kind: 'web', query: 'x' })).rejects.toBeInstanceOf(ProviderTimeoutError);
    expect(fx.requests).toHaveLength(1); // a timeout is not retried in process
  });

  it('maps malformed JSON to ProviderResponseError', async () => {
    fx.reply('engine=google', { raw: '{"organic_results": [ {"title": ' });
    await expect(serp().search({ engine: 'google', kind: 'web', query: 'x' })).rejects.toBeInstanceOf(ProviderResponseError);
  });

  it('maps a refused connection to ProviderUnavailableError', async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const p = serpApiProvider({ ...opts(''), baseUrl: `http://127.0.0.1:${port}` });
    await expect(p.search({ engine: 'google', kind: 'web', query: 'x' })).rejects.toBeInstanceOf(ProviderUnavailableError);
  });
});

describe('Brave', () => {
  const brave = () => braveProvider(opts('/brave'));

  it('maps web, images and videos, labelled engine brave, with the token header', async () => {
    fx.reply('/res/v1/web/search', { fixture: 'brave-web.json' });
    fx.reply('/res/v1/images/search', { fixture: 'brave-images.json' });
    fx.reply('/res/v1/videos/search', { fixture: 'brave-videos.json' });
    const web = await brave().search({ engine: 'brave', kind: 'web', query: 'Luna Vale' });
    expect(fx.requests[0].headers['x-subscription-token']).toBe('K-123');
    expect(Object.fromEntries(fx.requests[0].query)).toMatchObject({ q: 'Luna Vale', count: '20', country: 'us' });
    expect(web[0]).toMatchObject({ engine: 'brave', provider: 'brave', snippet: 'Full Luna Vale set', crawlDate: expect.stringMatching(/^2025-11-02T/), thumbnailUrl: 'https://imgs.search.brave.com/t1.jpg' });
    const images = await brave().search({ engine: 'brave', kind: 'images', query: 'Luna Vale' });
    expect(images[0]).toMatchObject({ url: 'https://socialgram.example/p/abc', imageUrl: 'https://socialgram.example/media/p1.jpg', width: 1080 });
    const videos = await brave().search({ engine: 'brave', kind: 'videos', query: 'Luna Vale' });
    expect(videos[0]).toMatchObject({ url: 'https://tubeclips.example/watch/lv-77', kind: 'videos' });
  });

  it('maps 422 (bad subscription token) to ProviderAuthError without retrying', async () => {
    fx.reply('/res/v1/web/search', { status: 422, fixture: 'brave-422.json' });
    const err = await brave().search({ engine: 'brave', kind: 'web', query: 'x' }).catch((e) => e);
    expect(err).toBeInstanceOf(ProviderAuthError);
    expect(err.message).toContain('SUBSCRIPTION_TOKEN_INVALID');
    expect(fx.requests).toHaveLength(1);
  });

  it('honours X-RateLimit-Reset of the exhausted window', async () => {
    fx.reply(
      '/res/v1/web/search',
      { status: 429, raw: '{"type":"ErrorResponse","error":{"code":"RATE_LIMITED","status":429}}', headers: { 'x-ratelimit-reset': '0, 1419704', 'x-ratelimit-remaining': '0, 100' } },
      { fixture: 'brave-web.json' },
    );
    await expect(brave().search({ engine: 'brave', kind: 'web', query: 'x' })).resolves.toHaveLength(2);
    expect(fx.requests).toHaveLength(2);
  });
});

describe('TinEye', () => {
  const tineye = () => tinEyeProvider(opts('/tineye'));

  it('gives one candidate per backlink with crawl dates and scores', async () => {
    fx.reply('/rest/search/', { fixture: 'tineye-ok.json' });
    const found = await tineye().search({ engine: 'tineye', kind: 'reverse_image', imageUrl: 'https://s3.example/ref.jpg' });
    expect(fx.requests[0].headers['x-api-key']).toBe('K-123');
    expect(Object.fromEntries(fx.requests[0].query)).toMatchObject({ image_url: 'https://s3.example/ref.jpg', sort: 'score', order: 'desc' });
    expect(found).toHaveLength(3);
    expect(found[0]).toMatchObject({
      url: 'https://leakforum.example/threads/1042',
      imageUrl: 'https://leakforum.example/media/crop.jpg',
      thumbnailUrl: 'https://img.tineye.example/result/abc.jpg',
      crawlDate: '2025-11-02T00:00:00.000Z',
      score: 87.5,
      engine: 'tineye',
      kind: 'reverse_image',
    });
  });

  it('treats a body code other than 200 as an error even on HTTP 200', async () => {
    fx.reply('/rest/search/', { fixture: 'tineye-error.json' });
    const err = await tineye().search({ engine: 'tineye', kind: 'reverse_image', imageUrl: 'https://s3.example/ref.jpg' }).catch((e) => e);
    expect(err).toBeInstanceOf(ProviderRequestError);
    expect(err.message).toContain('too simple');
  });

  it('retries a throttling code reported in the body', async () => {
    fx.reply('/rest/search/', { raw: '{"code": 429, "messages": ["Too many requests"]}' }, { fixture: 'tineye-ok.json' });
    await expect(tineye().search({ engine: 'tineye', kind: 'reverse_image', imageUrl: 'https://s3.example/ref.jpg' })).resolves.toHaveLength(3);
  });
});

describe('Google Custom Search (legacy)', () => {
  const cse = () => googleCseProvider({ ...opts('/cse'), cx: 'CX-1' });

  it('treats 403 as unavailable, not as a key problem', async () => {
    fx.reply('/customsearch/v1', { status: 403, fixture: 'cse-403.json' });
    const err = await cse().search({ engine: 'google', kind: 'web', query: 'x' }).catch((e) => e);
    expect(err).toBeInstanceOf(ProviderUnavailableError);
    expect(err.message).toContain('does not have the access');
  });

  it('maps image results and an answer without items', async () => {
    fx.reply('searchType=image', { fixture: 'cse-images.json' });
    fx.reply('/customsearch/v1', { fixture: 'cse-empty.json' });
    const images = await cse().search({ engine: 'google', kind: 'images', query: 'Luna Vale' });
    expect(images[0]).toMatchObject({ url: 'https://socialgram.example/p/abc', imageUrl: 'https://socialgram.example/media/p1.jpg', provider: 'google_cse' });
    expect(fx.requests[0].query.get('cx')).toBe('CX-1');
    await expect(cse().search({ engine: 'google', kind: 'web', query: 'nothing' })).resolves.toEqual([]);
  });
});

describe('providerFor', () => {
  const base = { SANDBOX_ORIGIN: 'http://localhost:3000/sandbox/' };

  it('uses the same adapters against the sandbox when no key is configured', () => {
    const config = providerConfigFrom(providerSettings(base));
    const google = providerFor('google', config);
    expect(google).toMatchObject({ id: 'serpapi', sandbox: true });
    expect(providerFor('brave', config)).toMatchObject({ id: 'brave', sandbox: true });
    expect(providerFor('tineye', config)).toMatchObject({ id: 'tineye', sandbox: true });
    expect(describeProviders(config, ['google', 'bing'])).toEqual([
      { engine: 'google', provider: 'serpapi', sandbox: true },
      { engine: 'bing', provider: 'serpapi', sandbox: true },
    ]);
  });

  it('prefers configured keys, and Custom Search only when it is all Google has', () => {
    const keyed = providerConfigFrom(providerSettings({ ...base, SERPAPI_KEY: 's', BRAVE_API_KEY: 'b', GOOGLE_CSE_KEY: 'g', GOOGLE_CSE_CX: 'c' }));
    expect(providerFor('google', keyed)).toMatchObject({ id: 'serpapi', sandbox: false });
    expect(providerFor('brave', keyed)).toMatchObject({ id: 'brave', sandbox: false });
    const cseOnly = providerConfigFrom(providerSettings({ GOOGLE_CSE_KEY: 'g', GOOGLE_CSE_CX: 'c' }));
    expect(providerFor('google', cseOnly)).toMatchObject({ id: 'google_cse', sandbox: false });
    expect(() => providerFor('bing', cseOnly)).toThrow(ProviderNotConfiguredError);
  });

  it('points a keyed adapter at the configured base URL', async () => {
    fx.reply('engine=duckduckgo', { fixture: 'serpapi-duckduckgo.json' });
    const config = providerConfigFrom(providerSettings({ SERPAPI_KEY: 'real', SERPAPI_BASE_URL: `${fx.base}/alt/` }));
    await providerFor('duckduckgo', config).search({ engine: 'duckduckgo', kind: 'web', query: 'x' });
    expect(fx.requests[0].path).toBe('/alt/search.json');
    expect(fx.requests[0].query.get('api_key')).toBe('real');
  });
});

describe('loadProviderKeys', () => {
  beforeEach(() => resetConfig());

  it('reads the environment when no secret is named', async () => {
    await expect(loadProviderKeys(providerSettings({ SERPAPI_KEY: 'abc', BRAVE_API_KEY: ' ' }))).resolves.toEqual({ serpapiKey: 'abc' });
  });

  it('reads the Secrets Manager secret named by PROVIDER_SECRET_ARN, once per TTL', async () => {
    let calls = 0;
    const sm = http.createServer((req, res) => {
      calls++;
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        expect(req.headers['x-amz-target']).toBe('secretsmanager.GetSecretValue');
        expect(JSON.parse(body).SecretId).toBe('arn:aws:secretsmanager:us-east-1:123:secret:vigil/providers');
        res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' }).end(JSON.stringify({ SecretString: JSON.stringify({ SERPAPI_KEY: 'from-secret', TINEYE_API_KEY: 't' }) }));
      });
    });
    await new Promise<void>((r) => sm.listen(0, '127.0.0.1', r));
    const endpoint = `http://127.0.0.1:${(sm.address() as AddressInfo).port}`;
    const secretsClient = new SecretsManagerClient({ region: 'us-east-1', endpoint, credentials: { accessKeyId: 'x', secretAccessKey: 'y' } });
    try {
      const env = { PROVIDER_SECRET_ARN: 'arn:aws:secretsmanager:us-east-1:123:secret:vigil/providers', SERPAPI_KEY: 'from-env' };
      await expect(loadProviderKeys(providerSettings(env), { secretsClient })).resolves.toEqual({ serpapiKey: 'from-secret', tineyeKey: 't' });
      await loadProviderKeys(providerSettings(env), { secretsClient });
      expect(calls).toBe(1);
    } finally {
      sm.close();
    }
  });
});
