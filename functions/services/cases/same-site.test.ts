import { onResultSite, registrableDomain } from './same-site';

describe('onResultSite (Public Suffix List through tldts)', () => {
  it('admits the same host and hosts under the same registrable domain', () => {
    expect(onResultSite('leaks.example.com', 'leaks.example.com')).toBe(true);
    expect(onResultSite('cdn.example.com', 'www.example.com')).toBe(true);
    expect(onResultSite('example.co.uk', 'files.example.co.uk')).toBe(true);
  });

  it('never admits a public suffix or a sibling on a shared suffix', () => {
    expect(onResultSite('github.io', 'foo.github.io')).toBe(false);
    expect(onResultSite('bar.github.io', 'foo.github.io')).toBe(false);
    expect(onResultSite('co.uk', 'example.co.uk')).toBe(false);
    expect(registrableDomain('github.io')).toBeUndefined();
  });

  it('refuses other registrable domains, and matches IP addresses exactly', () => {
    expect(onResultSite('example.net', 'example.com')).toBe(false);
    expect(onResultSite('10.0.0.2', '10.0.0.1')).toBe(false);
    expect(onResultSite('10.0.0.1', '10.0.0.1')).toBe(true);
  });
});
