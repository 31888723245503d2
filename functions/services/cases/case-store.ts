import type { CaseLadder, CaseStatus, DmcaCase, DmcaSearchEngine, Escalation } from '../../../shared/schemas/cases';
import { CASE_NUMBER_PATTERN, MAX_COUNTED_CASES, type CaseListQuery, type CasePage } from '../../../shared/schemas/case-list';
import { ValidationError } from '../../lib/errors';
import { SUBMISSION_TIMEOUT_SECONDS, sweepAfter } from '../../lib/workflow-timeouts';
import * as cases from '../../store/entities/case';
import * as results from '../../store/entities/result';
import type { CaseRecord, PageCapture, PageSnapshot, SubmissionPatch } from '../../store/entities/case';

/**
 * DMCA cases (docs/ARCHITECTURE.md, "Access patterns: cases, billing, idempotency"), stored by the case entity
 * (functions/store/entities/case.ts). Status moves pending -> sent -> resolved, each change conditional on the
 * status before it, so a transition (and the counter that goes with it) happens once.
 */

export type { CaseRecord, PageCapture, PageSnapshot, SubmissionPatch };

/** The API view of a case: the stored record without backend-only fields. */
/** The ladder with the agent's filings of this attempt among its entries, in time order (issue 23). */
function withAgentFilings(ladder: CaseLadder, c: Pick<CaseRecord, 'agentFilings' | 'submissionAttempt'>): CaseLadder {
  const filings = (c.agentFilings ?? []).filter((f) => f.attempt === c.submissionAttempt).map(({ attempt: _a, ...entry }) => entry);
  if (filings.length === 0) return ladder;
  return { ...ladder, entries: [...ladder.entries, ...filings].sort((a, b) => a.at.localeCompare(b.at)) };
}

export function toCaseDto(c: CaseRecord): DmcaCase {
  return {
    id: c.id,
    caseNumber: c.caseNumber,
    status: c.status,
    infringingUrl: c.infringingUrl,
    originalUrl: c.originalUrl,
    searchEngine: c.searchEngine,
    description: c.description,
    createdAt: c.createdAt,
    ...(c.sentAt ? { sentAt: c.sentAt } : {}),
    ...(c.resolvedAt ? { resolvedAt: c.resolvedAt } : {}),
    ...(c.reappearedAt ? { reappearedAt: c.reappearedAt } : {}),
    ...(c.escalation ? { escalation: c.escalation } : {}),
    searchResultId: c.searchResultId,
    host: c.host,
    ...(c.platforms ? { platforms: c.platforms } : {}),
    ...(c.submission ? { submission: c.submission } : {}),
    statusHistory: c.statusHistory ?? [],
    ...(c.rights ? { rights: c.rights } : {}),
    ...(c.contentConfirmedAt ? { contentConfirmedAt: c.contentConfirmedAt } : {}),
    ...(c.ladder ? { ladder: withAgentFilings(c.ladder, c) } : {}),
    ...(c.outcome ? { outcome: c.outcome } : {}),
    ...(c.counterNotice ? { counterNotice: c.counterNotice } : {}),
  };
}

export interface NewCase {
  id: string;
  userId: string;
  caseNumber: string;
  searchResultId: string;
  infringingUrl: string;
  originalUrl: string;
  description: string;
  searchEngine: DmcaSearchEngine;
  host: string;
  origin: 'form' | 'bulk';
  platforms?: string[];
  rights?: DmcaCase['rights'];
  contentConfirmedAt?: string;
  note?: string;
  namedUrls?: CaseRecord['namedUrls'];
  captures?: PageCapture[];
  createdAt: string;
}

/**
 * Writes a new case (status pending) unless one with its id exists. Returns false when it exists: bulk cases
 * have ids derived from their result, so a concurrent bulk request reuses the first one's case.
 */
export function putCase(c: NewCase): Promise<boolean> {
  return cases.create({ ...c, status: 'pending', statusHistory: [{ status: 'pending', at: c.createdAt }] });
}

/** Reads a case by id (consistent: the submit button reads what the workflow just wrote). */
export function getCase(id: string): Promise<CaseRecord | undefined> {
  return cases.get(id);
}

/** A user's cases, newest first (at most `limit`, default 500). */
export function listCasesByUser(userId: string, limit = 500): Promise<CaseRecord[]> {
  return cases.listByOwner(userId, limit);
}

/** The newest case filed for a search result, if any. */
export function latestCaseForResult(resultId: string): Promise<CaseRecord | undefined> {
  return cases.latestForResult(resultId);
}

/**
 * Moves a case to `to` if its status is one of `from`, recording the time (sentAt / resolvedAt) and
 * appending to statusHistory. Returns true when this call made the change (so its counters apply once).
 * Reopening as `reappeared` is `reopenReappeared` (case-transitions.ts), which also records the return.
 */
export function transitionCase(id: string, from: readonly CaseStatus[], to: Exclude<CaseStatus, 'reappeared'>, at: string): Promise<boolean> {
  return cases.transition(id, from, to, at);
}

/**
 * Claims the next submission attempt of a case: sets `submissionAttempt` to `next` and a fresh `submission`
 * (state queued) and clears an earlier escalation, only if the attempt count is still the one read and the
 * case is not resolved. Returns false when another request claimed it first. The attempt is in the reconciler's
 * sweep until it ends: due after the submission workflow's timeout and one reconciler period.
 */
export function claimSubmissionAttempt(c: Pick<CaseRecord, 'id' | 'submissionAttempt'>, next: number, at: string): Promise<boolean> {
  return cases.claimSubmissionAttempt(c.id, c.submissionAttempt, next, at, sweepAfter(at, SUBMISSION_TIMEOUT_SECONDS));
}

/**
 * Updates the submission of attempt `attempt` (and, when given, the case's escalation or baseline). Does
 * nothing and returns false when a newer attempt has started since, so a late task of an old execution can
 * never overwrite the state of the current one.
 */
export function updateSubmission(
  id: string,
  attempt: number,
  patch: SubmissionPatch,
  extra: { escalation?: Escalation; baseline?: PageSnapshot[] } = {},
  at = new Date().toISOString(),
): Promise<boolean> {
  return cases.updateSubmission(id, attempt, patch, extra, at);
}

/** A queued notice of attempt `attempt` moves to `sending` with its baseline, once (a grouped message's sender). */
export function claimQueuedSend(id: string, attempt: number, baseline: PageSnapshot[], at = new Date().toISOString()): Promise<boolean> {
  return cases.claimQueuedSend(id, attempt, baseline, at);
}

/** Records where the latest notice PDF of a case is stored (evidence). */
export async function recordNoticeKey(id: string, key: string): Promise<void> {
  if (!(await cases.recordNoticeKey(id, key))) throw new Error(`case ${id} not found: notice ${key} not recorded`);
}

/**
 * Claims the "taken down" mark on a search result for one case, so that of several cases about one result
 * only the first to be resolved lowers the owner's activeViolations. Returns true for that first case.
 */
export function claimResultTakedown(resultId: string, caseId: string, at: string): Promise<boolean> {
  return results.claimTakedown(resultId, caseId, at);
}

/** Records the creator's content confirmation on a case (the first time is kept); returns the updated case. */
export async function recordContentConfirmed(id: string, at: string): Promise<CaseRecord> {
  const c = await cases.confirmContent(id, at);
  if (!c) throw new Error(`case ${id} not found: content confirmation not recorded`);
  return c;
}

/**
 * The reconciler's sweep (functions/workflows/recovery/sweep.ts): ends attempt `attempt` of a case's automated
 * submission `failed` with `error` if it is still in progress and still the sweep entry `sweepSk` (so an attempt
 * claimed since is never touched), and takes the case out of the sweep index. Returns whether it ended it.
 */
export function endOverdueSubmission(id: string, attempt: number, sweepSk: string, error: string, at = new Date().toISOString()): Promise<boolean> {
  return cases.endOverdueSubmission(id, attempt, sweepSk, error, at);
}

/** Writes a case's ladder for attempt `attempt` (issue 23); false when superseded or the case has ended. */
export function recordLadder(id: string, attempt: number, ladder: CaseLadder, patch: SubmissionPatch, at = new Date().toISOString()): Promise<boolean> {
  return cases.recordLadder(id, attempt, ladder, patch, at);
}

/** The cursor of the cases list: the sort value of a page's last case, base64url-encoded (opaque to the client). */
const encodeCursor = (sortValue: string) => Buffer.from(sortValue, 'utf8').toString('base64url');
function decodeCursor(cursor: string): string {
  const value = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!/^\d{4}-\d{2}-\d{2}T[\d:.]+Z#[A-Za-z0-9_-]{1,64}$/.test(value)) {
    throw new ValidationError('The cursor is not valid: start again from the first page.', [{ path: 'query.cursor', message: 'Not a cursor of this list.' }]);
  }
  return value;
}

/**
 * `GET /api/user/{id}/cases` (issue 26): one page of the user's cases, newest first, by tab (status), host,
 * outcome, creation dates and a search (a case number such as `VGL-2026-000123` finds that case; anything else
 * is looked for in the infringing URLs).
 */
export async function listCasePage(userId: string, q: CaseListQuery): Promise<CasePage> {
  const search = q.q?.trim();
  const filter = {
    host: q.host,
    outcome: q.outcome,
    from: q.from,
    to: q.to,
    ...(search && CASE_NUMBER_PATTERN.test(search) ? { caseNumber: search.toUpperCase() } : search ? { urlContains: search } : {}),
  };
  const after = q.cursor ? decodeCursor(q.cursor) : undefined;
  // The first page also counts each tab under the other filters (a bounded read of the cases' status).
  const [page, tally] = await Promise.all([
    cases.listPage(userId, { ...filter, status: q.status === 'all' ? undefined : q.status }, { limit: q.limit, after }),
    after ? undefined : cases.countByStatus(userId, filter, MAX_COUNTED_CASES),
  ]);
  return {
    cases: page.cases.map(toCaseDto),
    next: page.last ? encodeCursor(page.last) : null,
    ...(tally ? { counts: { all: tally.all, ...tally.counts, capped: tally.capped } } : {}),
  };
}
