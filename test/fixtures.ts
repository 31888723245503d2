import { ulid } from 'ulid';
import type { PlanId } from '../shared/schemas/user';
import { changeStoredPlan, readStoredPlan } from '../functions/services/billing/plan-store';
import { addAllowlistEntry } from '../functions/services/allowlist';
import { createCaseFromForm } from '../functions/services/cases/create-case';
import { putMonitor, type NewMonitor } from '../functions/services/monitors/monitors';
import { getResult, persistResults, type NewResult } from '../functions/services/search/results';
import { reviewResult } from '../functions/services/search/review';
import { createSearch, finishSearch } from '../functions/services/search/searches';
import { SESSION_COOKIE, createSession } from '../functions/services/sessions';
import { getOrCreateUserFromClaims } from '../functions/services/users';
import type { FixtureWeb } from './fixture-web';

/*
 * The one set of test fixtures: data seeded through the real services, so it is stored exactly as the app
 * stores it. Route tests (test/harness.ts) and the security suites (test/security/seed.ts) use these.
 */

/** A signed-in caller: the cookie to send and the id the server knows them by. */
export interface TestUser {
  userId: string;
  email: string;
  cookies: string[];
}

/**
 * A user as sign-in makes one: a PROFILE (through the users service, as the OIDC callback does) on `plan`
 * (trial by default, changed through the plan store as a paid upgrade is), and a session.
 */
export async function user(opts: { plan?: PlanId; isAdmin?: boolean; isAgent?: boolean; email?: string; givenName?: string; familyName?: string } = {}): Promise<TestUser> {
  const email = opts.email ?? `${ulid().toLowerCase()}@example.test`;
  const profile = await getOrCreateUserFromClaims({ iss: 'https://idp.test', sub: ulid(), email, given_name: opts.givenName ?? 'Test', family_name: opts.familyName ?? 'User' });
  if (opts.plan && opts.plan !== 'trial') await changeStoredPlan((await readStoredPlan(profile.id))!, opts.plan, new Date().toISOString());
  const { cookieValue } = await createSession({ userId: profile.id, email, isAdmin: opts.isAdmin ?? false, isAgent: opts.isAgent ?? false });
  return { userId: profile.id, email, cookies: [`${SESSION_COOKIE}=${cookieValue}`] };
}

/**
 * A session only, no PROFILE item (the table knows nothing else of the caller): for routes that read no
 * profile, and for the admin figures, which count users and must not count the callers.
 */
export async function session(opts: { isAdmin?: boolean; userId?: string; email?: string } = {}): Promise<TestUser> {
  const userId = opts.userId ?? ulid();
  const email = opts.email ?? `${userId.toLowerCase()}@example.test`;
  const { cookieValue } = await createSession({ userId, email, isAdmin: opts.isAdmin ?? false });
  return { userId, email, cookies: [`${SESSION_COOKIE}=${cookieValue}`] };
}

/**
 * A found copy on a fresh page of the fixture web (online until the test takes it down), showing a picture:
 * what a submission fetches and checks before sending.
 */
export function aCopyOnline(web: FixtureWeb, extra: Partial<NewResult> = {}): NewResult {
  const id = ulid();
  const url = web.url('leaks.test', `/post/${id}`);
  web.setPage(url, { body: `<html><body><img src="/sites/leaks.test/media/${id}.jpg"></body></html>` });
  return {
    url,
    domain: 'leaks.test',
    contentType: 'images',
    title: 'Leak',
    platform: 'forum',
    source: 'google',
    confidence: 90,
    similarityScore: 0.9,
    confidenceScore: 0.9,
    priority: 'high',
    evidence: { engines: ['google'] },
    ...extra,
  };
}

/** A found copy with plausible defaults; `n` makes its URL unique. */
export function aResult(n: number | string, extra: Partial<NewResult> = {}): NewResult {
  return {
    url: `https://leaks.test/thread/${n}`,
    domain: 'leaks.test',
    contentType: 'images',
    title: `Leak ${n}`,
    platform: 'forum',
    source: 'google',
    confidence: 92,
    similarityScore: 0.93,
    confidenceScore: 0.92,
    priority: 'high',
    description: `Copy ${n}`,
    evidence: { engines: ['google'] },
    ...extra,
  };
}

export interface ScanOptions {
  query?: string;
  searchEngines?: string[];
  contentType?: string;
  /** The creator's decision on every result; none (pending review) by default. */
  review?: 'unauthorized' | 'safe';
  /** The scan's reference files (already stored), as the start of a scan records them. */
  references?: { id: string; key: string; filename: string; mediaType: string }[];
}

/**
 * A finished scan of `who` with `results` stored as the workflow's persist step stores them (no workflow run,
 * so no usage is counted); the result ids come back in the order given.
 */
export async function scanWithResults(who: Pick<TestUser, 'userId'>, results: NewResult[], opts: ScanOptions = {}) {
  const engines = opts.searchEngines ?? ['google'];
  const search = await createSearch({ userId: who.userId, query: opts.query ?? 'Test Creator', searchEngines: engines, contentType: opts.contentType ?? 'images', ...(opts.references ? { references: opts.references } : {}) });
  const { ids } = await persistResults(search.id, results);
  await finishSearch(search.id, { status: 'completed', successfulEngines: engines, failedEngines: [] });
  const byUrl = new Map((await Promise.all(ids.map(getResult))).map((r) => [r!.url, r!.id]));
  const resultIds = results.map((r) => byUrl.get(r.url)!);
  if (opts.review) await Promise.all(resultIds.map((id) => reviewResult(who.userId, id, opts.review!)));
  return { searchId: search.id, resultIds };
}

/** One result of `who`, reviewed `status` (unauthorized by default) in a finished scan. */
export async function reviewedResult(who: Pick<TestUser, 'userId'>, result: NewResult, status: 'unauthorized' | 'safe' = 'unauthorized', opts: Omit<ScanOptions, 'review'> = {}) {
  const { searchId, resultIds } = await scanWithResults(who, [result], { ...opts, review: status });
  return { searchId, resultId: resultIds[0]! };
}

/** A case opened from the creator's form (POST /api/dmca's service) for a result reviewed unauthorized. */
export function openCase(who: Pick<TestUser, 'userId'>, form: Parameters<typeof createCaseFromForm>[1]) {
  return createCaseFromForm(who.userId, form);
}

/** An allowlist entry of `who` (the allowlist service, as POST /api/user/{id}/allowlist). */
export function allowlistEntry(who: Pick<TestUser, 'userId'>, domain: string, reason: Parameters<typeof addAllowlistEntry>[1]['reason'] = 'authorized_partner') {
  return addAllowlistEntry(who.userId, { domain, reason });
}

/** A weekly monitor of `who` with no reference pictures, due at once (the monitors service's write). */
export function monitor(who: Pick<TestUser, 'userId'>, fields: Partial<Omit<NewMonitor, 'userId'>> = {}) {
  return putMonitor({
    id: ulid(),
    userId: who.userId,
    name: 'Watch',
    names: ['Test Creator'],
    searchEngines: ['google'],
    contentType: 'images',
    references: [],
    cadence: 'weekly',
    alerts: 'instant',
    ...fields,
  });
}
