import { ulid } from 'ulid';
import { splitInfringingUrls, splitResultUrls, stripLinks, type CaseCreate, type CasePreview, type DmcaSearchEngine } from '../../../shared/schemas/cases';
import { deterministicUlid } from '../../lib/deterministic-ulid';
import { ConflictError, HttpError } from '../../lib/errors';
import { recordCaseCreated } from '../metrics/hooks';
import { confirmResultContent, getResult, type ResultRecord } from '../search/results';
import { getSearch } from '../search/searches';
import { isNameMatchOnly } from '../../../shared/plans';
import { loadNoticeRefusal } from '../allowlist';
import { requireOwnOriginal } from '../own-sites';
import { siteOf } from './case-host';
import { allocateCaseNumber } from './case-number';
import { claimCaseUrls, releaseCaseUrls } from './case-urls';
import { composeDescription, workFactsOf } from './description';
import { checkNamedUrls } from './url-match';
import { capturePage } from './page-check';
import pMap from 'p-map';
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

/** A refusal about one named URL (issue 23): 422 with the field, so the form shows it under the URLs. */
class NamedUrlError extends HttpError {
  constructor(code: string, message: string, field = 'body.infringingUrl') {
    super(422, code, message, [{ path: field, message }]);
  }
}

/** The URL is held by another case of the creator: sending again is a follow-up on that case. */
export class CaseExistsError extends ConflictError {
  constructor(url: string, held: Pick<CaseRecord, 'id' | 'caseNumber'>) {
    super(`${url.slice(0, 200)} already has case ${held.caseNumber}. Open that case to send a follow-up notice; a URL never gets a second case.`, 'CASE_EXISTS');
    this.details = { caseId: held.id, caseNumber: held.caseNumber };
  }
}

/** The rule on the original URL (issue 23): optional; when given, on one of the creator's own sites (own-sites.ts). */
const checkOriginalUrl = (userId: string, originalUrl: string | undefined) => requireOwnOriginal(userId, originalUrl);

/** Refuses a URL on the creator's own site or an allowlisted domain (every path, issue 23). */
export async function checkNotProtected(userId: string, urls: string[]): Promise<void> {
  const refusal = await loadNoticeRefusal(userId);
  for (const url of urls) {
    const why = refusal(url);
    if (why) throw new NamedUrlError('PROTECTED_URL', why);
  }
}

/** The work's facts for the description: the reference the result matched, else the scan's first reference. */
async function workOf(result: ResultRecord) {
  const search = await getSearch(result.searchId);
  const refs = search?.references ?? [];
  return workFactsOf(refs.find((r) => r.id === result.evidence?.matchedReferenceId) ?? (refs.length === 1 ? refs[0] : undefined));
}

/** The description a case of `result` carries (the template, ./description.ts). */
export async function describeCase(result: ResultRecord, note: string | undefined, fetchedMatches = 0): Promise<string> {
  return composeDescription({ work: await workOf(result), contentType: result.contentType, evidence: result.evidence, fetchedMatches, note });
}

/** Pages captured as evidence when a case is opened: the first 10 URLs, four at a time. */
const MAX_CAPTURES = 10;
const captureAll = (urls: string[], now: Date) => pMap(urls.slice(0, MAX_CAPTURES), (u) => capturePage(u, now), { concurrency: 4 });

type FormBody = Omit<CaseCreate, 'rightsOwner'> & Partial<Pick<CaseCreate, 'rightsOwner'>>;

/**
 * `POST /api/dmca`: a case from one of the caller's results, reviewed as unauthorized (issue 23's rules):
 * every URL is one the scan found, or one Vigil fetched and matched now; none is on the creator's own site or an
 * allowlisted domain; the original URL (optional) is on the creator's own sites; the description is composed
 * from the template around the creator's note. With `preview` the description is answered and nothing is
 * written. Otherwise the URLs are claimed (one case per copy: a URL with a case is a 409 naming it), the case
 * number allocated and the case written (status pending). Creating a case counts nothing: `dmcaSent` moves
 * when a notice is actually sent.
 */
async function prepareCase(userId: string, body: FormBody, now: Date) {
  const result = await ownResult(userId, body.searchResultId);
  if (result.userReviewStatus !== 'unauthorized') throw new ResultNotUnauthorizedError();
  const urls = splitInfringingUrls(body.infringingUrl);
  await checkNotProtected(userId, urls);
  await checkOriginalUrl(userId, body.originalUrl);
  const named = await checkNamedUrls(result, urls, now);
  if ('refused' in named) throw new NamedUrlError('URL_NOT_MATCHED', named.refused);
  const fetched = named.ok.filter((u) => u.how === 'fetched-match').length;
  const description = await describeCase(result, body.note ?? body.description, fetched);
  return { result, urls, named: named.ok, description };
}

/** `POST /api/dmca` with `preview: true`: every check of a case, and the description it would carry; nothing is written. */
export async function previewCaseFromForm(userId: string, body: FormBody, now = new Date()): Promise<CasePreview> {
  const { urls, description } = await prepareCase(userId, body, now);
  return { preview: true, description, infringingUrls: urls };
}

export async function createCaseFromForm(userId: string, body: FormBody, now = new Date()): Promise<CaseRecord> {
  const { result, urls, named, description } = await prepareCase(userId, body, now);
  const id = ulid(now.getTime());
  const claim = await claimCaseUrls(userId, urls, id, 'all', now);
  const held = claim.held[0];
  if (held) {
    const holder = held.caseId ? await getCase(held.caseId) : undefined;
    if (holder) throw new CaseExistsError(held.url, holder);
    throw new ConflictError(`${held.url.slice(0, 200)} is being filed in another case right now. Open your cases in a moment.`, 'CASE_BEING_FILED');
  }
  const createdAt = now.toISOString();
  try {
    // A name-only match needs "I have checked this page shows my content" before automated submission; the
    // confirmation is recorded on the case and on the result (which bulk submission reads).
    const confirmed = body.contentConfirmed === true && isNameMatchOnly(result.evidence);
    if (confirmed) await confirmResultContent(result.id, createdAt);
    const record = {
      id,
      userId,
      caseNumber: await allocateCaseNumber(now),
      searchResultId: result.id,
      infringingUrl: urls.join('\n'),
      originalUrl: body.originalUrl ?? '',
      description,
      searchEngine: body.searchEngine,
      host: siteOf(urls[0]!),
      origin: 'form' as const,
      ...(body.note || body.description ? { note: stripLinks(body.note ?? body.description ?? '') } : {}),
      namedUrls: named,
      captures: await captureAll(urls, now),
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
  } catch (err) {
    await releaseCaseUrls(userId, urls, id);
    throw err;
  }
}

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
