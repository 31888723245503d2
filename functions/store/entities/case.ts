import * as z from 'zod';
import {
  ACTIVE_SUBMISSION_STATES,
  CASE_STATUSES,
  caseSchema,
  caseSubmissionSchema,
  ladderEntrySchema,
  statusChangeSchema,
  type CaseLadder,
  type CaseOutcome,
  type CaseStatus,
  type CaseSubmission,
  type CounterNotice,
  type Escalation,
  type LadderEntry,
  type SubmissionState,
} from '../../../shared/schemas/cases';
import { keys } from '../keys';
import { Cond, GSI1, GSI2, getItem, putItemIf, query, queryNewest, updateItemIf, withoutKeys, type Changes, type Item } from '../table';
import { DUE_ATTRIBUTES, stillDue } from './due';

/**
 * A DMCA case (`CASE#id / CASE`), listed per owner on gsi1 and per search result on gsi2, both by `createdAt#id`
 * so "newest first" is a descending Query. Its status moves pending -> sent -> resolved (or reappeared), each move
 * conditional on the status before it; an automated submission attempt is claimed conditionally on the attempt
 * count read, and holds a `SUBMISSION_SWEEP_DUE` entry on gsi3 until it ends (docs/ARCHITECTURE.md).
 */
export const CASE = 'CASE';
const RESULT = 'RESULT';

/** What a page looked like when its notice went out, to tell later whether the copy is gone. */
const pageSnapshotSchema = z.object({
  url: z.string(),
  /** HTTP status, or 0 when the page could not be fetched. */
  status: z.number(),
  contentType: z.string().optional(),
  /** SHA-256 (hex) of the body. */
  sha256: z.string().optional(),
  /** Image URLs the page showed (absolute; at most 100). */
  images: z.array(z.string()).optional(),
  error: z.string().optional(),
  /** Response headers that tell a CDN or proxy in front of the site (server, via, cf-ray, x-served-by, x-cache, x-cdn). */
  edge: z.record(z.string(), z.string()).optional(),
  at: z.string(),
});
export type PageSnapshot = z.infer<typeof pageSnapshotSchema>;

/** A capture of an infringing page when its case was opened (issue 23): evidence that goes into the notice. */
const pageCaptureSchema = z.object({
  url: z.string(),
  finalUrl: z.string(),
  /** HTTP status, or 0 when the page could not be fetched. */
  status: z.number(),
  title: z.string().optional(),
  /** SHA-256 (hex) of the bytes fetched. */
  sha256: z.string().optional(),
  error: z.string().optional(),
  at: z.string(),
});
export type PageCapture = z.infer<typeof pageCaptureSchema>;

const namedUrlSchema = z.discriminatedUnion('how', [
  z.object({ url: z.string(), how: z.literal('found') }),
  z.object({ url: z.string(), how: z.literal('fetched-match'), distance: z.number(), referenceId: z.string(), at: z.string() }),
]);

/**
 * Version 1: the API shape plus what stays in the backend. Items written before versions were stored have no `v`
 * and read as 1; the oldest have no `statusHistory` and read with an empty one.
 */
const caseItemSchema = caseSchema.extend({
  v: z.literal(1).default(1),
  userId: z.string(),
  origin: z.enum(['form', 'bulk']),
  statusHistory: z.array(statusChangeSchema).default([]),
  submission: caseSubmissionSchema.optional(),
  /** Attempts of automated submission so far; the workflow execution is named `<id>-<attempt>`. */
  submissionAttempt: z.number().int().optional(),
  baseline: z.array(pageSnapshotSchema).optional(),
  /** The creator's note as it goes into the description (links removed; issue 23). */
  note: z.string().optional(),
  /** How each named URL came to be named (issue 23): found by the scan, or fetched and matched when the creator named it. */
  namedUrls: z.array(namedUrlSchema).optional(),
  /** The pages as captured when the case was opened (at most the first 10 URLs). */
  captures: z.array(pageCaptureSchema).optional(),
  /** Where the latest notice PDF is stored, and how many were stored. */
  lastNoticeKey: z.string().optional(),
  noticeCount: z.number().optional(),
  /**
   * Web forms the agent filed for this case's ladder (issue 23, a CDN's agent task), appended apart from the
   * ladder the workflow writes so neither overwrites the other; the API shows them among the ladder's entries.
   */
  agentFilings: z.array(ladderEntrySchema.extend({ attempt: z.number().int() })).optional(),
});
export type CaseRecord = Omit<z.infer<typeof caseItemSchema>, 'v'>;

const listed = (c: Pick<CaseRecord, 'createdAt' | 'id'>) => `${c.createdAt}#${c.id}`;

export function toItem(c: CaseRecord): Item {
  return {
    ...keys.entity(CASE, c.id),
    ...keys.ownedBy(c.userId, CASE, listed(c)),
    ...keys.childOf(RESULT, c.searchResultId, CASE, listed(c)),
    entity: CASE,
    v: 1,
    ...c,
  };
}

export function fromItem(item: Item): CaseRecord {
  const { v: _v, ...c } = caseItemSchema.parse(withoutKeys(item));
  return c;
}

/** Reads a case by id (consistent: the submit button reads what the workflow just wrote). */
export async function get(id: string): Promise<CaseRecord | undefined> {
  const item = await getItem(keys.entity(CASE, id));
  return item && fromItem(item);
}

/** A user's cases, newest first. */
export async function listByOwner(userId: string, limit: number): Promise<CaseRecord[]> {
  const items = await queryNewest({ index: GSI1.indexName, partition: keys.ownedByPartition(userId, CASE), limit });
  return items.map(fromItem);
}

/** What one page of a user's cases is filtered by (every field optional; all given must hold). */
export interface CasePageFilter {
  status?: CaseRecord['status'];
  host?: string;
  /** A named outcome, or `open` for a case without one. */
  outcome?: string;
  caseNumber?: string;
  /** A piece of the infringing URL(s), as typed. */
  urlContains?: string;
  /** Created on or after this date (YYYY-MM-DD). */
  from?: string;
  /** Created on or before this date (YYYY-MM-DD). */
  to?: string;
}

/**
 * One page of a user's cases, newest first, on the owner listing (gsi1 `createdAt#id`): the dates bound the sort
 * key, the rest is a filter, and `after` (the sort value of the last case of the page before) continues the list
 * below it. Reads pages of the index until `limit` cases match or the partition ends; `last` is the sort value of
 * the page's last case when more may follow.
 */
export async function listPage(userId: string, filter: CasePageFilter, opts: { limit: number; after?: string }): Promise<{ cases: CaseRecord[]; last?: string }> {
  const lower = filter.from ?? '0'; // below any ISO date; a key condition takes no empty string
  const toBound = filter.to ? `${filter.to}T23:59:59.999Z~` : '~';
  const upper = opts.after && opts.after < toBound ? opts.after : toBound;
  const conds = pageConditions(filter);
  const items = await query({
    index: GSI1.indexName,
    partition: keys.ownedByPartition(userId, CASE),
    sortBetween: [lower, upper],
    descending: true,
    filter: conds.length ? Cond.and(...conds) : undefined,
    limit: opts.limit + 2,
  });
  // BETWEEN is inclusive: the cursor's own case ended the page before (a key attribute cannot be filtered on).
  const page = items
    .filter((item) => item[GSI1.sortKey] !== opts.after)
    .slice(0, opts.limit + 1)
    .map(fromItem);
  const more = page.length > opts.limit;
  page.length = Math.min(page.length, opts.limit);
  return { cases: page, ...(more && page.length ? { last: listed(page[page.length - 1]!) } : {}) };
}

/** The filter of a page of cases: everything but the dates, which bound the sort key. */
function pageConditions(filter: CasePageFilter): Cond[] {
  const conds: Cond[] = [];
  if (filter.status) conds.push(Cond.eq('status', filter.status));
  if (filter.host) conds.push(Cond.eq('host', filter.host));
  if (filter.outcome === 'open') conds.push(Cond.notExists('outcome'));
  else if (filter.outcome) conds.push(Cond.eq(['outcome', 'kind'], filter.outcome));
  if (filter.caseNumber) conds.push(Cond.eq('caseNumber', filter.caseNumber));
  if (filter.urlContains) conds.push(Cond.contains('infringingUrl', filter.urlContains));
  return conds;
}

/**
 * How many of a user's cases match `filter` (its status aside), by status: one Query of the owner listing that
 * returns only each case's status, stopping after `max` matching cases (`capped` then says the counts are lower
 * bounds). Bounded rather than stored: every status move would otherwise have to keep per-user counters exact.
 */
export async function countByStatus(userId: string, filter: Omit<CasePageFilter, 'status'>, max: number): Promise<{ counts: Record<CaseStatus, number>; all: number; capped: boolean }> {
  const conds = pageConditions(filter);
  const items = await query({
    index: GSI1.indexName,
    partition: keys.ownedByPartition(userId, CASE),
    sortBetween: [filter.from ?? '0', filter.to ? `${filter.to}T23:59:59.999Z~` : '~'],
    filter: conds.length ? Cond.and(...conds) : undefined,
    attributes: ['status'],
    limit: max + 1,
  });
  const counts = Object.fromEntries(CASE_STATUSES.map((s) => [s, 0])) as Record<CaseStatus, number>;
  const counted = items.slice(0, max);
  for (const item of counted) {
    const status = item.status as CaseStatus;
    if (status in counts) counts[status] += 1;
  }
  return { counts, all: counted.length, capped: items.length > max };
}

/** The newest case filed for a search result, read again by id (the index is eventually consistent). */
export async function latestForResult(resultId: string): Promise<CaseRecord | undefined> {
  const [item] = await queryNewest({ index: GSI2.indexName, partition: keys.childOfPartition(RESULT, resultId, CASE), limit: 1 });
  return item ? get(item.id as string) : undefined;
}

/** Writes a new case; false when one with its id exists. */
export function create(c: CaseRecord): Promise<boolean> {
  return putItemIf(toItem(c), Cond.notExists());
}

/** Writes `changes` to the case if `condition` holds: false when it did not. */
async function updateCaseIf(id: string, changes: Changes, condition: Cond): Promise<boolean> {
  return !!(await updateItemIf(keys.entity(CASE, id), changes, condition));
}

/** The attribute that records when a case reached a status. */
const TIME_FIELD: Partial<Record<CaseStatus, 'sentAt' | 'resolvedAt' | 'reappearedAt'>> = { sent: 'sentAt', resolved: 'resolvedAt', reappeared: 'reappearedAt' };

/**
 * Moves a case to `to` if its status is one of `from`, recording the time (sentAt, resolvedAt, reappearedAt) and
 * appending to statusHistory. True when this call made the move (so what goes with it happens once).
 */
export function transition(id: string, from: readonly CaseStatus[], to: CaseStatus, at: string): Promise<boolean> {
  const timeField = TIME_FIELD[to];
  return updateCaseIf(
    id,
    { set: { status: to, ...(timeField ? { [timeField]: at } : {}) }, append: { statusHistory: [{ status: to, at }] } },
    Cond.in('status', from),
  );
}

/**
 * Claims attempt `next` of a case's automated submission: a fresh `submission` (state queued), the attempt count,
 * the attempt's sweep entry due at `sweepAt`, and an earlier escalation, ladder and outcome cleared (a new attempt
 * climbs the ladder afresh: a copy that came back, or a creator trying again after a stop); only if the attempt
 * count is still `current` (absent for the first) and the case exists, is not resolved and has no counter-notice.
 * False when another request claimed it first.
 */
export async function claimSubmissionAttempt(id: string, current: number | undefined, next: number, at: string, sweepAt: string): Promise<boolean> {
  const submission: CaseSubmission = { attempt: next, state: 'queued', startedAt: at, updatedAt: at };
  const written = await updateItemIf(
    keys.entity(CASE, id),
    { set: { submissionAttempt: next, submission, ...keys.due('SUBMISSION_SWEEP', sweepAt, id) }, remove: ['escalation', 'ladder', 'outcome', 'agentFilings'] },
    Cond.and(
      Cond.exists(),
      Cond.ne('status', 'resolved'),
      Cond.notExists('counterNotice'),
      current === undefined ? Cond.notExists('submissionAttempt') : Cond.eq('submissionAttempt', current),
    ),
  );
  return !!written;
}

export interface SubmissionPatch {
  state?: SubmissionState;
  recipient?: string;
  contactSource?: string;
  messageId?: string;
  /** Issue 23: the bulk submission that launches this attempt, and how many cases its grouped message named. */
  batchId?: string;
  messageCases?: number;
  recheckAt?: string;
  error?: string;
}

/**
 * Writes the fields of `patch` (and `updatedAt`) into the submission of attempt `attempt`, with the case's
 * escalation or baseline when given; a final state also takes the case out of the sweep index. False when a
 * newer attempt has started since, so a late task of an old execution never overwrites the current one.
 */
export function updateSubmission(
  id: string,
  attempt: number,
  patch: SubmissionPatch,
  extra: { escalation?: Escalation; baseline?: PageSnapshot[] },
  at: string,
): Promise<boolean> {
  const ends = patch.state !== undefined && !ACTIVE_SUBMISSION_STATES.includes(patch.state);
  return updateCaseIf(
    id,
    {
      setIn: { submission: { updatedAt: at, ...patch } },
      set: { escalation: extra.escalation, baseline: extra.baseline },
      ...(ends ? { remove: DUE_ATTRIBUTES } : {}),
    },
    Cond.eq('submissionAttempt', attempt),
  );
}

/**
 * Ends attempt `attempt` `failed` with `error` if it is still in progress and the case still holds the sweep
 * entry `dueSk` (so an attempt claimed since is never touched), and takes the case out of the sweep index.
 */
export function endOverdueSubmission(id: string, attempt: number, dueSk: string, error: string, at: string): Promise<boolean> {
  return updateCaseIf(
    id,
    { setIn: { submission: { state: 'failed', error, updatedAt: at } }, remove: DUE_ATTRIBUTES },
    Cond.and(Cond.eq('submissionAttempt', attempt), stillDue(dueSk), Cond.in(['submission', 'state'], ACTIVE_SUBMISSION_STATES)),
  );
}

/** Records where the latest notice PDF of a case is stored, counting it; false when the case does not exist. */
export async function recordNoticeKey(id: string, key: string): Promise<boolean> {
  return !!(await updateItemIf(keys.entity(CASE, id), { set: { lastNoticeKey: key }, add: { noticeCount: 1 } }, Cond.exists()));
}

/** Records the creator's content confirmation (the first time is kept): the case as written, or undefined when absent. */
export async function confirmContent(id: string, at: string): Promise<CaseRecord | undefined> {
  const item = await updateItemIf(keys.entity(CASE, id), { setIfAbsent: { contentConfirmedAt: at } }, Cond.exists());
  return item && fromItem(item);
}

/**
 * Writes the ladder of attempt `attempt` (the step, when the next run is, the timeline), with the submission's
 * state when given; false when a newer attempt has started or the case already has an outcome (issue 23).
 */
export function recordLadder(id: string, attempt: number, ladder: CaseLadder, patch: SubmissionPatch, at: string): Promise<boolean> {
  const ends = patch.state !== undefined && !ACTIVE_SUBMISSION_STATES.includes(patch.state);
  return updateCaseIf(
    id,
    { set: { ladder }, setIn: { submission: { updatedAt: at, ...patch } }, ...(ends ? { remove: DUE_ATTRIBUTES } : {}) },
    Cond.and(Cond.eq('submissionAttempt', attempt), Cond.notExists('outcome')),
  );
}

/**
 * Moves attempt `attempt` of a queued notice to `sending` with the page's baseline, only while it is still queued
 * (issue 23: a grouped message is rendered and sent once, even when recovery resends a batch whose stopped
 * execution had a task still in flight). False when the attempt moved on or another sender took it.
 */
export function claimQueuedSend(id: string, attempt: number, baseline: PageSnapshot[], at: string): Promise<boolean> {
  return updateCaseIf(
    id,
    { setIn: { submission: { state: 'sending', updatedAt: at } }, set: { baseline } },
    Cond.and(Cond.eq('submissionAttempt', attempt), Cond.eq(['submission', 'state'], 'queued')),
  );
}

/**
 * Appends the agent's filing of a web form (issue 23) to the case's record of attempt `attempt`; false when the
 * case is gone or a newer attempt has started.
 */
export async function recordAgentFiling(id: string, filing: LadderEntry & { attempt: number }): Promise<boolean> {
  return !!(await updateItemIf(keys.entity(CASE, id), { append: { agentFilings: [filing] } }, Cond.and(Cond.exists(), Cond.eq('submissionAttempt', filing.attempt))));
}

/**
 * Ends a case's climb with its one named outcome (issue 23), the first time only; the submission's state and the
 * sweep entry go with it. False when the case already has an outcome.
 */
export function recordOutcome(id: string, outcome: CaseOutcome, submissionState: SubmissionState | undefined, at: string): Promise<boolean> {
  return updateCaseIf(
    id,
    {
      set: { outcome },
      ...(submissionState ? { setIn: { submission: { state: submissionState, updatedAt: at } } } : {}),
      remove: DUE_ATTRIBUTES,
    },
    Cond.and(Cond.exists(), Cond.notExists('outcome')),
  );
}

/**
 * Records a counter-notice (issue 23) and makes `counter-noticed` the case's outcome, replacing an earlier one
 * (a copy removed at the source may be restored after a counter-notice). False when the case is absent or
 * already has a counter-notice.
 */
export async function recordCounterNotice(id: string, notice: CounterNotice, outcome: CaseOutcome): Promise<CaseRecord | undefined> {
  const item = await updateItemIf(
    keys.entity(CASE, id),
    { set: { counterNotice: notice, outcome }, remove: DUE_ATTRIBUTES },
    Cond.and(Cond.exists(), Cond.notExists('counterNotice')),
  );
  return item && fromItem(item);
}
