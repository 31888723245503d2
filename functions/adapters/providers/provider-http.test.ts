import { candidateDomain } from './candidate';
import { ProviderQuotaError, ThrottledError } from './errors';
import { callProvider, quotaExhausted, retryAfterMs } from './provider-http';

describe('retryAfterMs', () => {
  const h = (init: Record<string, string>) => new Headers(init);

  it('reads Retry-After in seconds or as an HTTP date', () => {
    expect(retryAfterMs(h({ 'retry-after': '2' }))).toBe(2000);
    expect(retryAfterMs(h({ 'retry-after': 'Wed, 21 Oct 2026 07:28:10 GMT' }), Date.parse('Wed, 21 Oct 2026 07:28:00 GMT'))).toBe(10_000);
  });

  it("reads Brave's per-window X-RateLimit-Reset, taking the exhausted window", () => {
    expect(retryAfterMs(h({ 'x-ratelimit-reset': '1, 1419704', 'x-ratelimit-remaining': '0, 1500' }))).toBe(1000);
    expect(retryAfterMs(h({ 'x-ratelimit-reset': '1, 1419704', 'x-ratelimit-remaining': '3, 0' }))).toBe(1_419_704_000);
    expect(retryAfterMs(h({ 'x-ratelimit-reset': '4' }))).toBe(4000);
  });

  it('is undefined without a hint', () => {
    expect(retryAfterMs(h({}))).toBeUndefined();
  });
});

describe('candidateDomain', () => {
  it('strips www and lower-cases', () => {
    expect(candidateDomain('https://WWW.Example.com/a')).toBe('example.com');
  });

  it('maps sandbox site URLs to the simulated domain, and only those', () => {
    const sandbox = 'http://localhost:3000/sandbox';
    expect(candidateDomain(`${sandbox}/sites/leakforum.example/threads/1`, sandbox)).toBe('leakforum.example');
    expect(candidateDomain(`${sandbox}/cdn/thumbs/x.example/a.jpg`, sandbox)).toBe('localhost');
    expect(candidateDomain('http://other.example/sites/leakforum.example/', sandbox)).toBe('other.example');
  });

  it('is empty for a non-URL', () => {
    expect(candidateDomain('not a url')).toBe('');
  });
});

describe('a provider whose plan is used up (issue 27)', () => {
  const h = (init: Record<string, string> = {}) => new Headers(init);
  afterEach(() => jest.restoreAllMocks());

  it("tells a used-up plan from a short rate limit: SerpApi's message, a quota message, Brave's monthly window at 0", () => {
    expect(quotaExhausted(429, 'Your account has run out of searches.', h())).toBe(true);
    expect(quotaExhausted(403, 'Daily Limit Exceeded: quota', h())).toBe(true);
    expect(quotaExhausted(429, 'Too many requests', h({ 'x-ratelimit-remaining': '1, 0' }))).toBe(true);
    expect(quotaExhausted(429, 'Too many requests', h({ 'x-ratelimit-remaining': '0, 1500' }))).toBe(false);
    expect(quotaExhausted(429, 'Too many requests', h())).toBe(false);
    expect(quotaExhausted(200, 'quota', h())).toBe(false);
  });

  it('throws the named ProviderQuotaError at once, never retried as throttling; a plain 429 is retried', async () => {
    const answer = (status: number, error: string) => new Response(JSON.stringify({ error }), { status, headers: { 'content-type': 'application/json' } });
    const config = { timeoutMs: 1000, retries: 3, retryBaseMs: 0, maxRetryWaitMs: 0 };
    const call = () => callProvider({ provider: 'serpapi', url: new URL('https://serpapi.test/search.json'), config, parse: (b) => b });

    const quota = jest.spyOn(globalThis, 'fetch').mockImplementation(async () => answer(429, 'Your account has run out of searches.'));
    const err = await call().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderQuotaError);
    expect(err).not.toBeInstanceOf(ThrottledError);
    expect((err as Error).name).toBe('ProviderQuotaError');
    expect(quota).toHaveBeenCalledTimes(1);
    quota.mockRestore();

    const throttled = jest.spyOn(globalThis, 'fetch').mockImplementation(async () => answer(429, 'Too many requests'));
    await expect(call()).rejects.toBeInstanceOf(ThrottledError);
    expect(throttled).toHaveBeenCalledTimes(4);
  });
});
