import { ulid } from 'ulid';
import { splitInfringingUrls, stripLinks, type CaseCreate, type CasePreview } from '../../../shared/schemas/cases';
import { ConflictError, HttpError } from '../../lib/errors';
import { recordCaseCreated } from '../metrics/hooks';
import { confirmResultContent, getResult, type ResultRecord } from '../search/results';
import { creatorCheckNeeded } from '../../../shared/plans';
import { loadNoticeRefusal } from '../allowlist';
import { requireOwnOriginal } from '../own-sites';
import { siteOf } from './case-host';
import { allocateCaseNumber } from './case-number';
import { claimCaseUrls, releaseCaseUrls } from './case-urls';
import { captureAll, describeCase } from './bulk-case';
import { checkNamedUrls } from './url-match';
import { crashPoint } from '../../lib/crash-point';
import { getCase, putCase, recordContentConfirmed, type CaseRecord } from './case-store';
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
    // A name-only or likeness match needs "I have checked this page shows my content" before automated submission; the
    // confirmation is recorded on the case and on the result (which bulk submission reads).
    const confirmed = body.contentConfirmed === true && creatorCheckNeeded(result.evidence) !== undefined;
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
