import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ACTIVE_SUBMISSION_STATES } from '../../../shared/schemas/cases';
import type {
  CaseStatus,
  CaseSubmission,
  DmcaCase,
  DmcaSearchEngine,
  Escalation,
  SubmissionState,
} from '../../../shared/schemas/cases';
import { db, tableName } from '../../store/table';
import { keys } from '../../store/keys';
import { isConditionFailure, queryNewest } from '../../store/table';
import { GSI1, GSI2, INDEX_KEY_ATTRIBUTES } from '../../store/table';
import { SUBMISSION_TIMEOUT_SECONDS, sweepAfter } from '../../lib/workflow-timeouts';

/**
 * DMCA cases in the one table (docs/ARCHITECTURE.md, "Access patterns: cases, billing, idempotency"):
 * `CASE#id / CASE`, listed per owner on gsi1 and per search result on gsi2, both by `createdAt#id` so
 * "newest first" is a descending Query. Status moves pending -> sent -> resolved, each change written
 * conditionally on the status before it, so a transition (and the counter that goes with it) happens once.
 */

export const CASE = 'CASE';
const RESULT = 'RESULT';

/** What a page looked like when its notice went out, to tell later whether the copy is gone. */
export interface PageSnapshot {
  url: string;
  /** HTTP status, or 0 when the page could not be fetched. */
  status: number;
  contentType?: string;
  /** SHA-256 (hex) of the body. */
  sha256?: string;
  /** Image URLs the page showed (absolute; at most 100). */
  images?: string[];
  error?: string;
  at: string;
}

/** A case as stored (the API shape plus what stays in the backend). */
export interface CaseRecord extends Omit<DmcaCase, 'submission'> {
  userId: string;
  origin: 'form' | 'bulk';
  submission?: CaseSubmission;
  /** Attempts of automated submission so far; the workflow execution is named `<id>-<attempt>`. */
  submissionAttempt?: number;
  baseline?: PageSnapshot[];
  lastNoticeKey?: string;
}

type Item = Record<string, unknown>;

const KEY_ATTRIBUTES = [...INDEX_KEY_ATTRIBUTES, 'entity'];

function toRecord(item: Item): CaseRecord {
  const out: Item = { ...item };
  for (const k of KEY_ATTRIBUTES) delete out[k];
  return { statusHistory: [], ...out } as unknown as CaseRecord;
}

/** The API view of a case: the stored record without backend-only fields. */
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
  createdAt: string;
}

/**
 * Writes a new case (status pending) unless one with its id exists. Returns false when it exists: bulk cases
 * have ids derived from their result, so a concurrent bulk request reuses the first one's case.
 */
export async function putCase(c: NewCase): Promise<boolean> {
  const sort = `${c.createdAt}#${c.id}`;
  const record: CaseRecord = { ...c, status: 'pending', statusHistory: [{ status: 'pending', at: c.createdAt }] };
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.entity(CASE, c.id),
          ...keys.ownedBy(c.userId, CASE, sort),
          ...keys.childOf(RESULT, c.searchResultId, CASE, sort),
          entity: CASE,
          ...record,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/** Reads a case by id (consistent: the submit button reads what the workflow just wrote). */
export async function getCase(id: string): Promise<CaseRecord | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.entity(CASE, id), ConsistentRead: true }));
  return Item ? toRecord(Item) : undefined;
}

/** A user's cases, newest first (at most `limit`, default 500). */
export async function listCasesByUser(userId: string, limit = 500): Promise<CaseRecord[]> {
  const items = await queryNewest({ index: GSI1.indexName, partition: keys.ownedByPartition(userId, CASE), limit });
  return items.map(toRecord);
}

/** The newest case filed for a search result, if any. */
export async function latestCaseForResult(resultId: string): Promise<CaseRecord | undefined> {
  const [item] = await queryNewest({ index: GSI2.indexName, partition: keys.childOfPartition(RESULT, resultId, CASE), limit: 1 });
  return item ? getCase(item.id as string) : undefined;
}

const TIME_FIELD: Partial<Record<CaseStatus, 'sentAt' | 'resolvedAt' | 'reappearedAt'>> = { sent: 'sentAt', resolved: 'resolvedAt', reappeared: 'reappearedAt' };

/**
 * Moves a case to `to` if its status is one of `from`, recording the time (sentAt / resolvedAt) and
 * appending to statusHistory. Returns true when this call made the change (so its counters apply once).
 */
export async function transitionCase(id: string, from: CaseStatus[], to: CaseStatus, at: string): Promise<boolean> {
  const timeField = TIME_FIELD[to];
  const values: Item = { ':to': to, ':entry': [{ status: to, at }], ':empty': [] };
  from.forEach((s, i) => (values[`:f${i}`] = s));
  if (timeField) values[':at'] = at;
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.entity(CASE, id),
        UpdateExpression: `SET #status = :to, statusHistory = list_append(if_not_exists(statusHistory, :empty), :entry)${timeField ? `, ${timeField} = :at` : ''}`,
        ConditionExpression: `#status IN (${from.map((_, i) => `:f${i}`).join(', ')})`,
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: values,
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/**
 * Claims the next submission attempt of a case: sets `submissionAttempt` to `next` and a fresh `submission`
 * (state queued) and clears an earlier escalation, only if the attempt count is still the one read and the
 * case is not resolved. Returns false when another request claimed it first.
 */
export async function claimSubmissionAttempt(c: CaseRecord, next: number, at: string): Promise<boolean> {
  const submission: CaseSubmission = { attempt: next, state: 'queued', startedAt: at, updatedAt: at };
  const sweep = keys.due('SUBMISSION_SWEEP', sweepAfter(at, SUBMISSION_TIMEOUT_SECONDS), c.id);
  const current = c.submissionAttempt;
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.entity(CASE, c.id),
        // In the reconciler's sweep until the attempt ends (updateSubmission to a final state removes the keys).
        UpdateExpression: 'SET submissionAttempt = :next, submission = :submission, gsi3pk = :sweepPk, gsi3sk = :sweepSk REMOVE escalation',
        ConditionExpression: `attribute_exists(pk) AND #status <> :resolved AND ${current === undefined ? 'attribute_not_exists(submissionAttempt)' : 'submissionAttempt = :current'}`,
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':next': next,
          ':submission': submission,
          ':sweepPk': sweep.gsi3pk,
          ':sweepSk': sweep.gsi3sk,
          ':resolved': 'resolved',
          ...(current === undefined ? {} : { ':current': current }),
        },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

export interface SubmissionPatch {
  state?: SubmissionState;
  recipient?: string;
  contactSource?: string;
  messageId?: string;
  recheckAt?: string;
  error?: string;
}

/**
 * Updates the submission of attempt `attempt` (and, when given, the case's escalation or baseline). Does
 * nothing and returns false when a newer attempt has started since, so a late task of an old execution can
 * never overwrite the state of the current one.
 */
export async function updateSubmission(
  id: string,
  attempt: number,
  patch: SubmissionPatch,
  extra: { escalation?: Escalation; baseline?: PageSnapshot[] } = {},
  at = new Date().toISOString(),
): Promise<boolean> {
  const names: Record<string, string> = {};
  const values: Item = { ':attempt': attempt, ':at': at };
  const sets = ['submission.updatedAt = :at'];
  Object.entries(patch)
    .filter(([, v]) => v !== undefined)
    .forEach(([k, v], i) => {
      names[`#p${i}`] = k;
      values[`:p${i}`] = v;
      sets.push(`submission.#p${i} = :p${i}`);
    });
  if (extra.escalation) {
    values[':escalation'] = extra.escalation;
    sets.push('escalation = :escalation');
  }
  if (extra.baseline) {
    values[':baseline'] = extra.baseline;
    sets.push('baseline = :baseline');
  }
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.entity(CASE, id),
        UpdateExpression: `SET ${sets.join(', ')}${patch.state && !ACTIVE_SUBMISSION_STATES.includes(patch.state) ? ' REMOVE gsi3pk, gsi3sk' : ''}`,
        ConditionExpression: 'submissionAttempt = :attempt',
        ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
        ExpressionAttributeValues: values,
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/** Records where the latest notice PDF of a case is stored (evidence). */
export async function recordNoticeKey(id: string, key: string): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.entity(CASE, id),
      UpdateExpression: 'SET lastNoticeKey = :key ADD noticeCount :one',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':key': key, ':one': 1 },
    }),
  );
}

/**
 * Claims the "taken down" mark on a search result for one case, so that of several cases about one result
 * only the first to be resolved lowers the owner's activeViolations. Returns true for that first case.
 */
export async function claimResultTakedown(resultId: string, caseId: string, at: string): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.entity(RESULT, resultId),
        UpdateExpression: 'SET takedownCaseId = :case, takedownAt = :at',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(takedownCaseId)',
        ExpressionAttributeValues: { ':case': caseId, ':at': at },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/** Records the creator's content confirmation on a case (the first time is kept); returns the updated case. */
export async function recordContentConfirmed(id: string, at: string): Promise<CaseRecord> {
  const { Attributes } = await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.entity(CASE, id),
      UpdateExpression: 'SET contentConfirmedAt = if_not_exists(contentConfirmedAt, :at)',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':at': at },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return toRecord(Attributes!);
}

/**
 * The reconciler's sweep (functions/workflows/recovery/sweep.ts): ends attempt `attempt` of a case's automated
 * submission `failed` with `error` if it is still in progress and still the sweep entry `sweepSk` (so an attempt
 * claimed since is never touched), and takes the case out of the sweep index. Returns whether it ended it.
 */
export async function endOverdueSubmission(id: string, attempt: number, sweepSk: string, error: string, at = new Date().toISOString()): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.entity(CASE, id),
        UpdateExpression: 'SET submission.#state = :failed, submission.#error = :error, submission.updatedAt = :at REMOVE gsi3pk, gsi3sk',
        ConditionExpression: `submissionAttempt = :attempt AND gsi3sk = :sk AND submission.#state IN (${ACTIVE_SUBMISSION_STATES.map((_, i) => `:a${i}`).join(', ')})`,
        ExpressionAttributeNames: { '#state': 'state', '#error': 'error' },
        ExpressionAttributeValues: {
          ':failed': 'failed',
          ':error': error,
          ':at': at,
          ':attempt': attempt,
          ':sk': sweepSk,
          ...Object.fromEntries(ACTIVE_SUBMISSION_STATES.map((s, i) => [`:a${i}`, s])),
        },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}
