import * as z from 'zod';
import { normaliseDomain } from './allowlist';

/**
 * "My sites" (issue 23): the creator's own sites and handles, declared once in Settings beside the allowlist. A
 * site is a whole domain (`jane.example`, its subdomains too); a handle is one account on a shared platform, a
 * URL prefix (`instagram.com/jane`). They are allowlisted automatically, they are the only accepted original
 * URLs, and no notice is ever sent about them.
 */

export const MAX_OWN_SITES = 25;
export const OWN_SITE_MESSAGE = 'Enter your site (jane.example) or a handle URL (https://instagram.com/jane)';

export interface OwnSite {
  kind: 'site' | 'handle';
  value: string;
  addedAt: string;
}

/**
 * What a person types, as a site or a handle: a bare domain or a URL with no path is a site; a URL with a path
 * is a handle (the path is kept without a trailing slash, lower case; the host without `www.`). Undefined when
 * it is neither.
 */
export function parseOwnSite(input: string): Pick<OwnSite, 'kind' | 'value'> | undefined {
  const raw = input.trim();
  if (!raw) return undefined;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `https://${raw}`;
  let u: URL;
  try {
    u = new URL(withScheme);
  } catch {
    return undefined;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return undefined;
  const host = normaliseDomain(u.hostname);
  if (!host) return undefined;
  const path = u.pathname.replace(/\/+$/, '').toLowerCase();
  return path ? { kind: 'handle', value: `${host}${path}` } : { kind: 'site', value: host };
}

/** Whether a URL is on one of the sites: a site covers its domain and subdomains, a handle its URL prefix. */
export function ownSiteOf(url: string, sites: readonly Pick<OwnSite, 'kind' | 'value'>[]): Pick<OwnSite, 'kind' | 'value'> | undefined {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return undefined;
  }
  const host = u.hostname.toLowerCase().replace(/^www\./, '').replace(/\.$/, '');
  const path = u.pathname.toLowerCase().replace(/\/+$/, '');
  return sites.find((s) => {
    if (s.kind === 'site') return host === s.value || host.endsWith(`.${s.value}`);
    const slash = s.value.indexOf('/');
    const siteHost = s.value.slice(0, slash);
    const prefix = s.value.slice(slash);
    return host === siteHost && (path === prefix || path.startsWith(`${prefix}/`));
  });
}

/** `POST /api/user/me/own-sites` body. */
export const ownSiteCreateSchema = z.object({
  site: z.string({ error: OWN_SITE_MESSAGE }).max(300, OWN_SITE_MESSAGE).transform((v, ctx) => {
    const parsed = parseOwnSite(v);
    if (!parsed) {
      ctx.addIssue({ code: 'custom', message: OWN_SITE_MESSAGE });
      return z.NEVER;
    }
    return parsed;
  }),
});
export type OwnSiteCreate = z.infer<typeof ownSiteCreateSchema>;

/** `DELETE /api/user/me/own-sites?value=...` query. */
export const ownSiteDeleteSchema = z.object({ value: z.string({ error: 'Name the site to remove.' }).min(1, 'Name the site to remove.').max(300) });

export const ownSiteSchema = z.object({ kind: z.enum(['site', 'handle']), value: z.string(), addedAt: z.string() });
export const ownSiteListSchema = z.array(ownSiteSchema);
