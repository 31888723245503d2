import * as guards from '../../store/entities/case-url';
import { canonicalUrl } from '../search/canonical-url';
import { getCase, type CaseRecord } from './case-store';

/*
 * One case per copy (issue 23): a creator has at most one case per canonical infringing URL, whichever path made
 * it. The URLs of a new case are claimed (guard items, store/entities/case-url.ts) before the case is written;
 * a URL already held names the case to follow up instead.
 */

/**
 * A guard whose case is missing is an orphan (its writer died between the guard and the case) once it is older
 * than this; a younger one may belong to a case still being written (a request takes seconds, never minutes).
 */
export const ORPHAN_GUARD_MS = 120_000;

/** A URL already held by another case. */
export interface HeldUrl {
  url: string;
  caseId: string;
}

/**
 * Claims one URL for `caseId`: true when it is now held by `caseId` (claimed, held already by it, or taken over
 * from an orphan), else the case that holds it.
 */
async function claimOne(userId: string, url: string, caseId: string, now: Date): Promise<true | HeldUrl> {
  const canonical = canonicalUrl(url);
  const guard = { userId, canonicalUrl: canonical, caseId, claimedAt: now.toISOString() };
  if (await guards.claim(guard)) return true;
  const held = await guards.get(userId, canonical);
  if (!held) return guards.claim(guard).then((ok) => ok || { url, caseId: '' }); // released meanwhile: one more try
  if (held.caseId === caseId) return true; // a concurrent request for the same derived case id
  if (await getCase(held.caseId)) return { url, caseId: held.caseId };
  const staleBefore = new Date(now.getTime() - ORPHAN_GUARD_MS).toISOString();
  if (held.claimedAt < staleBefore && (await guards.takeOver(guard, held.caseId, staleBefore))) return true;
  return { url, caseId: held.caseId };
}

/**
 * Claims every URL of a new case, in canonical order (so two requests over overlapping lists meet on the same
 * first URL and one of them wins whole). `mode: 'all'` (the DMCA form): all or nothing, the claimed ones given
 * back on the first URL held elsewhere. `mode: 'free'` (bulk, auto-submit): the case takes the free URLs;
 * the held ones are reported, each to be followed up on its own case.
 */
export async function claimCaseUrls(
  userId: string,
  urls: readonly string[],
  caseId: string,
  mode: 'all' | 'free',
  now = new Date(),
): Promise<{ claimed: string[]; held: HeldUrl[] }> {
  const ordered = [...urls].sort((a, b) => canonicalUrl(a).localeCompare(canonicalUrl(b)));
  const claimed: string[] = [];
  const held: HeldUrl[] = [];
  for (const url of ordered) {
    const outcome = await claimOne(userId, url, caseId, now);
    if (outcome === true) {
      claimed.push(url);
      continue;
    }
    held.push(outcome);
    if (mode === 'all') {
      await releaseCaseUrls(userId, claimed, caseId);
      return { claimed: [], held };
    }
  }
  return { claimed: urls.filter((u) => claimed.includes(u)), held };
}

/** Gives back the URLs a case claimed but was not written with. */
export async function releaseCaseUrls(userId: string, urls: readonly string[], caseId: string): Promise<void> {
  for (const url of urls) await guards.release(userId, canonicalUrl(url), caseId).catch(() => undefined);
}

/** The cases that hold any of `urls` for a user, by the URL as given (URLs without a case are absent). */
export async function casesForUrls(userId: string, urls: readonly string[]): Promise<Map<string, CaseRecord>> {
  const held = await guards.getMany(userId, urls.map(canonicalUrl));
  const byId = new Map<string, CaseRecord | undefined>();
  for (const g of held.values()) if (!byId.has(g.caseId)) byId.set(g.caseId, await getCase(g.caseId));
  const out = new Map<string, CaseRecord>();
  for (const url of urls) {
    const g = held.get(canonicalUrl(url));
    const c = g && byId.get(g.caseId);
    if (c) out.set(url, c);
  }
  return out;
}
