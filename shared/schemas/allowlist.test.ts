import { allowlistCreateSchema, domainCovers, normaliseDomain } from './allowlist';

describe('normaliseDomain', () => {
  it.each([
    ['example.com', 'example.com'],
    ['  Example.COM  ', 'example.com'],
    ['https://www.example.com/path?q=1#x', 'example.com'],
    ['http://user:pw@shop.example.co.uk:8080/', 'shop.example.co.uk'],
    ['example.com.', 'example.com'],
    ['www.example.com', 'example.com'],
    ['cdn.www.example.com', 'cdn.www.example.com'],
    ['münchen.de', 'xn--mnchen-3ya.de'],
    ['xn--mnchen-3ya.de', 'xn--mnchen-3ya.de'],
    ['my-site.example', 'my-site.example'],
  ])('reduces %j to %j', (input, expected) => {
    expect(normaliseDomain(input)).toBe(expected);
  });

  it.each(['', 'localhost', 'not a domain', '192.168.1.1', '[::1]', '-bad.example', 'bad-.example', 'a..example', 'example.c0m', `${'a'.repeat(64)}.example`, 'javascript:alert(1)', 'exa_mple.com'])(
    'refuses %j',
    (input) => {
      expect(normaliseDomain(input)).toBeUndefined();
    },
  );
});

describe('domainCovers', () => {
  it('covers the domain and its subdomains only', () => {
    expect(domainCovers('example.com', 'example.com')).toBe(true);
    expect(domainCovers('example.com', 'a.b.example.com')).toBe(true);
    expect(domainCovers('example.com', 'badexample.com')).toBe(false);
    expect(domainCovers('example.com', 'example.com.evil.test')).toBe(false);
  });
});

describe('allowlistCreateSchema', () => {
  it('normalises the domain and drops empty notes', () => {
    expect(allowlistCreateSchema.parse({ domain: 'https://www.A.example/', reason: 'fair_use', notes: '   ' })).toEqual({ domain: 'a.example', reason: 'fair_use' });
  });

  it('explains what a domain looks like', () => {
    const r = allowlistCreateSchema.safeParse({ domain: 'nope', reason: 'fair_use' });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['domain', 'Enter a domain such as example.com']]);
  });
});
