import { candidateDomain } from './candidate';
import { retryAfterMs } from './provider-http';

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
