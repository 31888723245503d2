import { ownSiteOf, parseOwnSite } from './own-sites';
import { stripLinks } from './cases';

describe('own sites', () => {
  it('reads a domain as a site and a URL with a path as a handle', () => {
    expect(parseOwnSite('https://www.Jane.example/')).toEqual({ kind: 'site', value: 'jane.example' });
    expect(parseOwnSite('jane.example')).toEqual({ kind: 'site', value: 'jane.example' });
    expect(parseOwnSite('instagram.com/Jane/')).toEqual({ kind: 'handle', value: 'instagram.com/jane' });
    expect(parseOwnSite('not a site')).toBeUndefined();
    expect(parseOwnSite('ftp://jane.example')).toBeUndefined();
  });

  it('covers a site with its subdomains, and a handle with its pages only', () => {
    const sites = [
      { kind: 'site' as const, value: 'jane.example' },
      { kind: 'handle' as const, value: 'social.example/jane' },
    ];
    expect(ownSiteOf('https://shop.jane.example/x', sites)?.value).toBe('jane.example');
    expect(ownSiteOf('https://notjane.example/x', sites)).toBeUndefined();
    expect(ownSiteOf('https://www.social.example/Jane/posts/1', sites)?.value).toBe('social.example/jane');
    expect(ownSiteOf('https://social.example/janet', sites)).toBeUndefined();
    expect(ownSiteOf('https://social.example/other', sites)).toBeUndefined();
  });
});

describe('the note', () => {
  it('loses its links, bare domains and e-mail addresses', () => {
    expect(stripLinks('see https://a.example/x, www.b.example and c.example/login or mail me@d.example now')).toBe(
      'see [link removed] [link removed] and [link removed] or mail [link removed] now',
    );
    expect(stripLinks('Posted in March, 2026. No links here.')).toBe('Posted in March, 2026. No links here.');
  });
});
