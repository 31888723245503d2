import { inRange, recogniseCdn } from './known-cdns';

describe('recogniseCdn', () => {
  it('matches an address in a published range', () => {
    expect(inRange('104.16.1.1', '104.16.0.0/13')).toBe(true);
    expect(inRange('104.24.0.1', '104.16.0.0/13')).toBe(false);
    expect(recogniseCdn('104.18.2.3')).toMatchObject({ cdn: { name: 'Cloudflare', channel: { kind: 'form' } }, evidence: expect.stringContaining('104.16.0.0/13') });
    expect(recogniseCdn('198.51.100.20')).toMatchObject({ cdn: { name: 'ClipCDN (sandbox)', channel: { kind: 'email', email: 'dmca@clipcdn.example' } } });
  });

  it('matches by response header when the address says nothing', () => {
    expect(recogniseCdn('192.0.2.1', { 'cf-ray': '8a1b2c3d4e5f-AMS' })?.cdn.name).toBe('Cloudflare');
    expect(recogniseCdn(undefined, { 'x-served-by': 'cache-ams21050-AMS' })?.cdn.name).toBe('Fastly');
    // The sandbox's web-form CDN (issue 23: an agent task).
    expect(recogniseCdn('192.0.2.1', { 'x-cdn': 'ShieldCDN' })).toMatchObject({ cdn: { name: 'ShieldCDN (sandbox)', channel: { kind: 'form', url: 'https://abuse.shieldcdn.example/dmca' } } });
  });

  it('finds nothing for a plain host', () => {
    expect(recogniseCdn('192.0.2.10', { server: 'nginx' })).toBeUndefined();
    expect(recogniseCdn('2001:db8::1')).toBeUndefined();
  });
});
