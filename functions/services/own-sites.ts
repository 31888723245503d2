import { MAX_OWN_SITES, ownSiteOf, type OwnSite } from '../../shared/schemas/own-sites';
import * as store from '../store/entities/own-sites';
import { ConflictError, HttpError, ValidationError } from '../lib/errors';

/*
 * "My sites" (issue 23; shared/schemas/own-sites.ts): the creator's own sites and handles. The allowlist matcher
 * (./allowlist.ts) covers them, and every path that names URLs in a notice refuses them.
 */

/** A user's own sites, in the order they were added. */
export async function listOwnSites(userId: string): Promise<OwnSite[]> {
  return (await store.get(userId)).sites;
}

/** Rewrites the list through `change`, conditionally on the revision read; a concurrent edit is a 409. */
async function edit(userId: string, change: (sites: OwnSite[]) => OwnSite[]): Promise<OwnSite[]> {
  const current = await store.get(userId);
  const next = change(current.sites);
  if (!(await store.replace(userId, next, current.rev, new Date().toISOString()))) {
    throw new ConflictError('Your sites were changed at the same time elsewhere. Please try again.', 'OWN_SITES_CHANGED');
  }
  return next;
}

/** Adds a site or handle (already parsed); 409 when it is on the list, 400 when the list is full. */
export function addOwnSite(userId: string, site: Pick<OwnSite, 'kind' | 'value'>): Promise<OwnSite[]> {
  return edit(userId, (sites) => {
    if (sites.some((s) => s.value === site.value)) throw new ConflictError(`${site.value} is already one of your sites.`, 'DUPLICATE_OWN_SITE');
    if (sites.length >= MAX_OWN_SITES) throw new ValidationError(`You can declare at most ${MAX_OWN_SITES} sites and handles. Remove one to add another.`);
    return [...sites, { ...site, addedAt: new Date().toISOString() }];
  });
}

/** Removes a site or handle by its value; removing one that is not on the list changes nothing (idempotent). */
export async function removeOwnSite(userId: string, value: string): Promise<OwnSite[]> {
  const current = await listOwnSites(userId);
  if (!current.some((s) => s.value === value)) return current;
  return edit(userId, (sites) => sites.filter((s) => s.value !== value));
}

/** A matcher over the user's own sites, read once: the site a URL is on, or undefined. */
export async function loadOwnSiteMatcher(userId: string): Promise<(url: string) => Pick<OwnSite, 'kind' | 'value'> | undefined> {
  const sites = await listOwnSites(userId);
  return (url: string) => (sites.length === 0 ? undefined : ownSiteOf(/^https?:\/\//i.test(url) ? url : `https://${url}`, sites));
}

/**
 * Why `url` may not be a notice's "original" (issue 23): only a URL on one of the creator's own sites ("My
 * sites") is accepted; otherwise the notice describes the work without one. Undefined when it is accepted.
 */
export function originalRefusal(url: string, own: readonly Pick<OwnSite, 'kind' | 'value'>[]): string | undefined {
  if (ownSiteOf(url, own)) return undefined;
  const shown = url.slice(0, 200);
  return own.length === 0
    ? `The original URL must be on one of your own sites, and you have declared none: add the site in Settings, My sites, or leave the original empty (the notice then describes the work without one): ${shown}`
    : `The original URL must be on one of your sites (Settings, My sites: ${own.map((s) => s.value).slice(0, 5).join(', ')}), or left empty: ${shown}`;
}

/** Refuses (422 ORIGINAL_NOT_OWN, naming the URL and the field) an original URL off the creator's own sites. */
export async function requireOwnOriginal(userId: string, url: string | undefined, field = 'body.originalUrl'): Promise<void> {
  if (!url) return;
  const why = originalRefusal(url, await listOwnSites(userId));
  if (why) throw new HttpError(422, 'ORIGINAL_NOT_OWN', why, [{ path: field, message: why }]);
}
