import pMap from 'p-map';
import { splitResultUrls, stripLinks, type DmcaSearchEngine } from '../../../shared/schemas/cases';
import { deterministicUlid } from '../../lib/deterministic-ulid';
import { recordCaseCreated } from '../metrics/hooks';
import type { ResultRecord } from '../search/results';
import { getSearch } from '../search/searches';
import { siteOf } from './case-host';
import { allocateCaseNumber } from './case-number';
import { getCase, latestCaseForResult, putCase, type CaseRecord } from './case-store';
import { claimCaseUrls } from './case-urls';
import { composeDescription, workFactsOf } from './description';
import * as library from '../../store/entities/library-reference';
import { capturePage } from './page-check';

/*
 * The case a bulk submission, a monitor's automatic submission or the recovery of a bulk execution files for a
 * result. Apart from create-case.ts (the form), which checks URLs the creator names by fetching and hashing their
 * pictures: these callers name only the result's own URLs, so their functions carry no image decoder and no
 * media layer (issue 27, infra/bundling/functions.test.ts).
 */

/** The work's facts for the description: the reference the result matched, else the scan's first reference. */
async function workOf(result: ResultRecord) {
  const search = await getSearch(result.searchId);
  const refs = search?.references ?? [];
  const ref = refs.find((r) => r.id === result.evidence?.matchedReferenceId) ?? (refs.length === 1 ? refs[0] : undefined);
  // A reference file from the creator's library is described by its title and date as the library holds them now.
  const held = ref && search ? await library.get(search.userId, ref.id) : undefined;
  return workFactsOf(held ? { ...ref!, title: held.title, ...(held.publishedOn ? { date: held.publishedOn } : {}) } : ref);
}

/** The description a case of `result` carries (the template, ./description.ts). */
export async function describeCase(result: ResultRecord, note: string | undefined, fetchedMatches = 0): Promise<string> {
  return composeDescription({ work: await workOf(result), contentType: result.contentType, evidence: result.evidence, fetchedMatches, note });
}

/** Pages captured as evidence when a case is opened: the first 10 URLs, four at a time. */
const MAX_CAPTURES = 10;
export const captureAll = (urls: string[], now: Date) => pMap(urls.slice(0, MAX_CAPTURES), (u) => capturePage(u, now), { concurrency: 4 });

/**
 * The id of the case a bulk submission creates for a result: a ULID with the result's time and 80 bits of
 * SHA-256("bulk-case", result id), so concurrent bulk requests for one result write one case.
 */
export function bulkCaseIdFor(resultId: string): string {
  return deterministicUlid(resultId, `bulk-case\n${resultId}`);
}

/**
 * The case a bulk submission (or a monitor's automatic submission) files for a result: its newest existing case,
 * else a new one with a derived id over the result's URLs that have no case yet (one case per copy: each URL
 * already held stays with its own case). When every URL already has a case, that case is the one followed up.
 * A concurrent request for the same result claims with the same id, so it finds the first one's case.
 */
export async function caseForBulk(
  result: ResultRecord,
  opts: { originalUrl?: string; description?: string; searchEngine: DmcaSearchEngine; platforms: string[] },
  now = new Date(),
): Promise<CaseRecord> {
  const existing = await latestCaseForResult(result.id);
  if (existing) return existing;
  const id = bulkCaseIdFor(result.id);
  const claim = await claimCaseUrls(result.userId, splitResultUrls(result.url), id, 'free', now);
  if (claim.claimed.length === 0) {
    const holder = claim.held[0]?.caseId ? await getCase(claim.held[0].caseId) : undefined;
    if (holder) return holder;
    throw new Error(`the URLs of result ${result.id} are being filed in another case right now`);
  }
  const urls = claim.claimed;
  const host = result.domain || siteOf(urls[0]!);
  const createdAt = now.toISOString();
  // Bulk submits only confirmed name-only results (shared/plans.ts bulkIneligibility), so the case carries it on.
  const record = {
    id,
    userId: result.userId,
    caseNumber: await allocateCaseNumber(now),
    searchResultId: result.id,
    infringingUrl: urls.join('\n'),
    originalUrl: opts.originalUrl ?? '',
    description: await describeCase(result, opts.description),
    ...(opts.description ? { note: stripLinks(opts.description) } : {}),
    namedUrls: urls.map((url) => ({ url, how: 'found' as const })),
    captures: await captureAll(urls, now),
    searchEngine: opts.searchEngine,
    host,
    origin: 'bulk' as const,
    rights: { owner: 'creator' as const },
    ...(result.contentConfirmedAt ? { contentConfirmedAt: result.contentConfirmedAt } : {}),
    platforms: opts.platforms,
    createdAt,
  };
  if (await putCase(record)) {
    await recordCaseCreated(record.userId, createdAt);
    return { ...record, status: 'pending', statusHistory: [{ status: 'pending', at: createdAt }] };
  }
  const raced = await getCase(record.id);
  if (!raced) throw new Error(`bulk case ${record.id} reported as existing but not found`);
  return raced;
}

