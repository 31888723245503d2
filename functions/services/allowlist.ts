import { monotonicFactory } from 'ulid';
import {
  DUPLICATE_DOMAIN_MESSAGE,
  MAX_ALLOWLIST_ENTRIES,
  domainCovers,
  normaliseDomain,
  type AllowlistEntry,
  type AllowlistReason,
} from '../../shared/schemas/allowlist';
import * as entries from '../store/entities/allowlist';
import type { AllowlistRecord } from '../store/entities/allowlist';
import { ConflictError, NotFoundError, ValidationError } from '../lib/errors';
import { requireOwned } from '../lib/ownership';
import { live } from '../lib/config';
import { loadOwnSiteMatcher } from './own-sites';

export type { AllowlistRecord };

/** Ids sort by creation time, also within one millisecond (newest-first lists rely on it). */
const ulid = monotonicFactory();

/**
 * A guard whose entry is missing is an orphan (its writer died between the two puts) once it is older than
 * this; younger ones may belong to an add still in flight.
 */
const ORPHAN_GUARD_MS = 30_000;

/** The API shape of an entry. */
export const toAllowlistDto = ({ userId: _userId, ...entry }: AllowlistRecord): AllowlistEntry => entry;

/** A user's allowlist, newest first (at most 500 entries, the per-user cap). */
export function listAllowlist(userId: string): Promise<AllowlistRecord[]> {
  return entries.listByOwner(userId, MAX_ALLOWLIST_ENTRIES);
}

/**
 * Claims the (user, domain) guard for `entryId`. When the guard exists but is an orphan (no entry, older
 * than 30 s) it is taken over, conditionally on it still naming the dead entry, so two rescuers cannot both
 * win. Returns false when the domain is genuinely taken.
 */
async function claimDomain(userId: string, domain: string, entryId: string, createdAt: string): Promise<boolean> {
  const guard = { userId, domain, entryId, createdAt };
  if (await entries.claimGuard(guard)) return true;
  const existing = await entries.getGuard(userId, domain);
  if (!existing) return false; // removed meanwhile; a retry by the person will succeed
  if ((await entries.get(existing.entryId)) || Date.now() - Date.parse(existing.createdAt) < ORPHAN_GUARD_MS) return false;
  return entries.takeOverGuard(guard, existing.entryId);
}

/**
 * Adds a domain (already normalised by `allowlistCreateSchema`) to a user's allowlist.
 *
 * One entry per domain holds under concurrent adds without transactions: the (user, domain) guard item is
 * written first with a conditional put, then the entry. If the entry write fails, the guard is removed
 * again. A process that dies between the two leaves an orphan guard, which the next add of that domain
 * takes over after 30 s (see docs/ARCHITECTURE.md).
 *
 * @throws ConflictError (409) 'This domain is already on your allowlist.'; ValidationError when the list is full.
 */
export async function addAllowlistEntry(
  userId: string,
  input: { domain: string; reason: AllowlistReason; notes?: string },
): Promise<AllowlistRecord> {
  const domain = normaliseDomain(input.domain);
  if (!domain) throw new ValidationError('Enter a domain such as example.com', [{ path: 'body.domain', message: 'Enter a domain such as example.com' }]);
  if ((await entries.countByOwner(userId)) >= MAX_ALLOWLIST_ENTRIES) {
    throw new ValidationError(`Your allowlist is full (${MAX_ALLOWLIST_ENTRIES} domains). Remove a domain to add another.`);
  }
  const id = ulid();
  const createdAt = new Date().toISOString();
  if (!(await claimDomain(userId, domain, id, createdAt))) throw new ConflictError(DUPLICATE_DOMAIN_MESSAGE, 'DUPLICATE_DOMAIN');
  const entry: AllowlistRecord = { id, userId, domain, reason: input.reason, ...(input.notes ? { notes: input.notes } : {}), createdAt };
  try {
    if (!(await entries.create(entry))) throw new Error(`allowlist entry ${id} exists`);
  } catch (err) {
    await entries.releaseGuard(userId, domain, id).catch(() => undefined);
    throw err;
  }
  return entry;
}

/**
 * Removes an entry for its owner: the entry first, then its guard. A crash between the two leaves an
 * orphan guard that the next add of the domain takes over.
 *
 * @throws NotFoundError when the entry does not exist or belongs to someone else.
 */
export async function removeAllowlistEntry(userId: string, id: string): Promise<void> {
  const entry = requireOwned(await entries.get(id), userId, 'Allowlist entry');
  if (!(await entries.deleteOwned(userId, id))) throw new NotFoundError('Allowlist entry');
  await entries.releaseGuard(userId, entry.domain, id);
}

/**
 * Loads a user's allowlist once and returns a matcher for many candidates: it takes a URL or a host and is
 * true when that host is an allowlisted domain or a subdomain of one.
 */
export async function allowlistMatcher(userId: string): Promise<(urlOrHost: string) => boolean> {
  const [domains, ownSite] = await Promise.all([listAllowlist(userId).then((l) => l.map((e) => e.domain)), loadOwnSiteMatcher(userId)]);
  return (urlOrHost: string) => {
    // The creator's own sites and handles ("My sites") are allowlisted automatically.
    if (ownSite(asSiteUrl(urlOrHost))) return true;
    if (domains.length === 0) return false;
    const host = normaliseDomain(urlOrHost);
    return host !== undefined && domains.some((d) => domainCovers(d, host));
  };
}

/**
 * A sandbox URL (`<SANDBOX_ORIGIN>/sites/<domain>/<path>`, `npm start` and the tests) as the simulated site's own
 * URL (`https://<domain>/<path>`), so the creator's sites and allowlist apply to it; any other URL as it is.
 */
function asSiteUrl(url: string): string {
  const origin = live.sandboxOrigin();
  const prefix = origin ? `${origin.replace(/\/+$/, '')}/sites/` : undefined;
  return prefix && url.startsWith(prefix) ? `https://${url.slice(prefix.length)}` : url;
}

/**
 * The rule every path that names a URL in a notice applies (form, bulk, auto-submit, follow-up; issue 23): a
 * URL on one of the creator's own sites or on an allowlisted domain is never named. Read once; the matcher
 * answers the refusal in words, or undefined when the URL may be named.
 */
export async function loadNoticeRefusal(userId: string): Promise<(url: string) => string | undefined> {
  const [entries, ownSite] = await Promise.all([listAllowlist(userId), loadOwnSiteMatcher(userId)]);
  return (given: string) => {
    const url = asSiteUrl(given);
    const own = ownSite(url);
    if (own) return `${given.slice(0, 200)} is on your own ${own.kind === 'handle' ? 'handle' : 'site'} ${own.value} (Settings, My sites): Vigil never sends a notice about it.`;
    const host = normaliseDomain(url);
    const entry = host ? entries.find((e) => domainCovers(e.domain, host)) : undefined;
    return entry ? `${given.slice(0, 200)} is on ${entry.domain}, which is on your allowlist: Vigil never sends a notice about it.` : undefined;
  };
}

/**
 * Where the allowlist is applied: `items` without those on an allowlisted site, read once for all of them.
 * `sitesOf` gives an item's URLs or hosts; one allowlisted is enough to drop it. Triage drops candidates here
 * before storing results; automatic submission filters a run's results here again, so a site the creator
 * allowlisted during the run gets no notice.
 */
export async function withoutAllowlisted<T>(userId: string, items: readonly T[], sitesOf: (item: T) => readonly string[]): Promise<T[]> {
  const allowlisted = await allowlistMatcher(userId);
  return items.filter((item) => !sitesOf(item).some(allowlisted));
}

/** True when the URL's or host's domain, or a parent domain of it, is on the user's allowlist. */
export async function isAllowlisted(userId: string, urlOrHost: string): Promise<boolean> {
  return (await allowlistMatcher(userId))(urlOrHost);
}
