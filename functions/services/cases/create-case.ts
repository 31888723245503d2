import { ulid } from 'ulid';
import { splitInfringingUrls, type CaseCreate, type DmcaSearchEngine } from '../../../shared/schemas/cases';
import { deterministicUlid } from '../../lib/deterministic-ulid';
import { HttpError, ValidationError } from '../../lib/errors';
import { recordCaseCreated } from '../metrics/hooks';
import { confirmResultContent, getResult, type ResultRecord } from '../search/results';
import { isNameMatchOnly } from '../../../shared/plans';
import { onResultSite, registrableDomain } from './same-site';
import { siteOf } from './case-host';
import { allocateCaseNumber } from './case-number';
import { crashPoint } from '../../lib/crash-point';
import { getCase, latestCaseForResult, putCase, recordContentConfirmed, type CaseRecord } from './case-store';
import { isOwnedBy, requireOwned } from '../../lib/ownership';

class ResultNotUnauthorizedError extends HttpError {
  constructor() {
    super(409, 'RESULT_NOT_UNAUTHORIZED', 'Mark this result as unauthorized before filing a DMCA notice for it.');
  }
}

/** Reads a result of `userId`; anyone else's (or a missing one) is a 404, so ids reveal nothing. */
export async function ownResult(userId: string, resultId: string): Promise<ResultRecord> {
  return requireOwned(await getResult(resultId), userId, 'Search result');
}

/**
 * Infringing URLs must be on the result's site, its own host or its registrable domain by the Public Suffix
 * List (./same-site.ts): a case is about one copy the scan found, and an automated notice goes to that site's
 * host. Without this a case could send a takedown for any URL at all, or for a whole shared hosting suffix.
 */
function checkUrlsOnResultSite(urls: string[], result: ResultRecord): void {
  const site = result.domain || siteOf(result.url);
  const off = urls.filter((u) => !onResultSite(siteOf(u), site));
  if (off.length > 0) {
    const where = registrableDomain(site) && registrableDomain(site) !== site ? `${site} or ${registrableDomain(site)}` : site;
    const message = `Infringing URLs must be on ${where}, the site of the selected result: ${off[0]!.slice(0, 100)}`;
    throw new ValidationError(message, [{ path: 'body.infringingUrl', message }]);
  }
}

/**
 * `POST /api/dmca`: a case from one of the caller's results, reviewed as unauthorized. Allocates the case
 * number atomically, then writes the case (status pending). Creating a case counts nothing: `dmcaSent`
 * moves when a notice is actually sent.
 */
export async function createCaseFromForm(userId: string, body: Omit<CaseCreate, 'rightsOwner'> & Partial<Pick<CaseCreate, 'rightsOwner'>>, now = new Date()): Promise<CaseRecord> {
  const result = await ownResult(userId, body.searchResultId);
  if (result.userReviewStatus !== 'unauthorized') throw new ResultNotUnauthorizedError();
  const urls = splitInfringingUrls(body.infringingUrl);
  checkUrlsOnResultSite(urls, result);
  const createdAt = now.toISOString();
  // A name-only match needs "I have checked this page shows my content" before automated submission; the
  // confirmation is recorded on the case and on the result (which bulk submission reads).
  const confirmed = body.contentConfirmed === true && isNameMatchOnly(result.evidence);
  if (confirmed) await confirmResultContent(result.id, createdAt);
  const record = {
    id: ulid(now.getTime()),
    userId,
    caseNumber: await allocateCaseNumber(now),
    searchResultId: result.id,
    infringingUrl: urls.join('\n'),
    originalUrl: body.originalUrl,
    description: body.description,
    searchEngine: body.searchEngine,
    host: siteOf(urls[0]!),
    origin: 'form' as const,
    rights:
      body.rightsOwner === 'agent'
        ? { owner: 'agent' as const, ownerName: body.rightsOwnerName!, authorizedAt: createdAt }
        : { owner: 'creator' as const },
    ...(confirmed ? { contentConfirmedAt: createdAt } : {}),
    createdAt,
  };
  crashPoint('case-numbered'); // the crash suite's window: the number is taken, the case not yet written
  if (await putCase(record)) await recordCaseCreated(userId, createdAt);
  return { ...record, status: 'pending', statusHistory: [{ status: 'pending', at: createdAt }] };
}

/**
 * The id of the case a bulk submission creates for a result: a ULID with the result's time and 80 bits of
 * SHA-256("bulk-case", result id), so concurrent bulk requests for one result write one case.
 */
export function bulkCaseIdFor(resultId: string): string {
  return deterministicUlid(resultId, `bulk-case\n${resultId}`);
}

/** Kind of work in words, for the description of a bulk-created case. */
const WORK_NOUNS: Record<string, string> = { images: 'images', videos: 'video', web: 'content' };

/**
 * The case a bulk submission files for a result: its newest existing case, or a new one with a derived id
 * (a concurrent request for the same result finds the first one's case). New cases list the result's URLs.
 */
export async function caseForBulk(
  result: ResultRecord,
  opts: { originalUrl: string; description?: string; searchEngine: DmcaSearchEngine; platforms: string[] },
  now = new Date(),
): Promise<CaseRecord> {
  const existing = await latestCaseForResult(result.id);
  if (existing) return existing;
  const urls = splitInfringingUrls(result.url.replace(/,/g, '\n'));
  const host = result.domain || siteOf(urls[0]!);
  const createdAt = now.toISOString();
  // Bulk submits only confirmed name-only results (shared/plans.ts bulkIneligibility), so the case carries it on.
  const record = {
    id: bulkCaseIdFor(result.id),
    userId: result.userId,
    caseNumber: await allocateCaseNumber(now),
    searchResultId: result.id,
    infringingUrl: urls.join('\n'),
    originalUrl: opts.originalUrl,
    description:
      opts.description ??
      `Exclusive ${WORK_NOUNS[result.contentType] ?? 'content'} owned by the copyright holder and published on a subscription platform, copied without authorization to ${host}.`,
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

/**
 * `POST /api/dmca/{id}/confirm-content`: the creator checked that the page shows their content. Recorded on
 * the case and on its result (bulk submission reads the result). Owner only; anyone else gets 404.
 */
export async function confirmCaseContent(userId: string, caseId: string, now = new Date()): Promise<CaseRecord> {
  const c = requireOwned(await getCase(caseId), userId, 'Case');
  const at = now.toISOString();
  const result = await getResult(c.searchResultId);
  if (isOwnedBy(result, userId)) await confirmResultContent(result.id, at);
  return recordContentConfirmed(c.id, at);
}
