import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../adapters/dynamo/client';
import { isConditionFailure } from '../../adapters/dynamo/io';
import { keys } from '../../adapters/dynamo/keys';
import { logger } from '../../lib/logger';
import { BULK_SUBMISSION_TIMEOUT_SECONDS, sweepAfter } from '../../lib/workflow-timeouts';
import type { BulkSubmissionInput } from '../../workflows/bulk-submission/types';

/**
 * The record of one bulk submission execution (ARCHITECTURE.md, "Bulk submission", "Crash safety"): its input
 * and the items whose allowance unit is *settled* (its notice started, or the unit given back). Every item is
 * settled exactly once, by a conditional update: by its Map iteration (BulkSubmitItem, BulkItemFailed), or by
 * recovery when the execution stopped before reaching it. So no unit is ever given back twice. While running
 * it carries a `BULK_SUBMISSION_SWEEP_DUE` entry on gsi3 (start + workflow timeout + one reconciler period),
 * removed when its last item is settled or recovery ends it.
 */
const BULK = 'BULK';
/** Kept a month after the start (TTL): long enough for any recovery, then of no use. */
const KEEP_SECONDS = 30 * 86_400;

export type BulkExecutionStatus = 'running' | 'succeeded' | 'stopped';

export interface BulkExecutionRecord extends BulkSubmissionInput {
  id: string;
  startedAt: string;
  status: BulkExecutionStatus;
  itemCount: number;
  /** The result ids of the settled items (a string set; absent while none is). */
  settled?: Set<string>;
  endedAt?: string;
  reason?: string;
  gsi3sk?: string;
}

/** Written before the execution starts (the endpoint), with its sweep entry. */
export async function recordBulkStarted(input: BulkSubmissionInput, now = new Date()): Promise<void> {
  const startedAt = now.toISOString();
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.entity(BULK, input.bulkId),
        ...keys.due('BULK_SUBMISSION_SWEEP', sweepAfter(startedAt, BULK_SUBMISSION_TIMEOUT_SECONDS), input.bulkId),
        ...input,
        id: input.bulkId,
        startedAt,
        status: 'running',
        itemCount: input.items.length,
        expiresAt: Math.floor(now.getTime() / 1000) + KEEP_SECONDS,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/** The execution never started: nothing of it is kept. */
export async function forgetBulk(bulkId: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.entity(BULK, bulkId) }));
}

export async function getBulk(bulkId: string): Promise<BulkExecutionRecord | undefined> {
  const res = await db().send(new GetCommand({ TableName: tableName(), Key: keys.entity(BULK, bulkId), ConsistentRead: true }));
  return res.Item as BulkExecutionRecord | undefined;
}

/**
 * `settled`: this call settled the item (its caller acts on the unit); `already`: someone settled it before
 * (do nothing with the unit); `untracked`: no record (an execution started before records existed: the caller
 * acts as it always did).
 */
export type SettleClaim = 'settled' | 'already' | 'untracked';

/**
 * Settles one item of a bulk execution, once: a conditional ADD to the record's `settled` set. A Map iteration
 * that settles the last one ends the record (status `succeeded`, out of the sweep), best-effort: a failure there
 * leaves the record for the sweep, which then finds nothing left to settle. Recovery (`byRecovery`) ends the
 * record itself, `stopped`.
 */
export async function settleBulkItem(bulkId: string, resultId: string, opts: { byRecovery?: boolean; now?: Date } = {}): Promise<SettleClaim> {
  let settledCount: number;
  let itemCount: number;
  try {
    const res = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.entity(BULK, bulkId),
        UpdateExpression: 'ADD settled :one',
        ConditionExpression: 'attribute_exists(pk) AND NOT contains(settled, :rid)',
        ExpressionAttributeValues: { ':one': new Set([resultId]), ':rid': resultId },
        ReturnValues: 'ALL_NEW',
      }),
    );
    settledCount = (res.Attributes?.settled as Set<string> | undefined)?.size ?? 0;
    itemCount = Number(res.Attributes?.itemCount);
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
    return (await getBulk(bulkId)) ? 'already' : 'untracked';
  }
  if (!opts.byRecovery && settledCount >= itemCount) {
    await endBulk(bulkId, 'succeeded', opts.now).catch((error: Error) => logger.warn('bulk record not ended; the sweep will', { bulkId, error }));
  }
  return 'settled';
}

/** Ends a running record (out of the sweep). False when it had already ended. */
export async function endBulk(bulkId: string, status: Exclude<BulkExecutionStatus, 'running'>, now = new Date(), reason?: string): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.entity(BULK, bulkId),
        UpdateExpression: `SET #status = :status, endedAt = :at${reason ? ', reason = :reason' : ''} REMOVE gsi3pk, gsi3sk`,
        ConditionExpression: '#status = :running',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':status': status, ':at': now.toISOString(), ':running': 'running', ...(reason ? { ':reason': reason } : {}) },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}
