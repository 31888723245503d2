import { BatchWriteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../store/table';
import { isConditionFailure } from '../../store/table';
import { keys, type Key } from '../../store/keys';
import { logger } from '../../lib/logger';
import { BULK_SUBMISSION_TIMEOUT_SECONDS, sweepAfter } from '../../lib/workflow-timeouts';
import type { BulkSubmissionInput } from '../../../shared/workflows/bulk-submission';

/**
 * The record of one bulk submission execution (ARCHITECTURE.md, "Bulk submission", "Crash safety"): a small head
 * (status, counts, while running a `BULK_SUBMISSION_SWEEP_DUE` entry on gsi3 = start + workflow timeout + one
 * reconciler period), its input, and one marker per *settled* item (its notice started, or its allowance unit
 * given back). Every item is settled exactly once, by a conditional Put of its marker: by its Map iteration
 * (BulkSubmitItem, BulkItemFailed), or by recovery when the execution stopped before reaching it. So no unit is
 * ever given back twice. The markers are small items beside the input, so settling costs one small write
 * whatever the size of the batch.
 */
const BULK = 'BULK';
/** Kept a month after the start (TTL): long enough for any recovery, then of no use. */
const KEEP_SECONDS = 30 * 86_400;

export type BulkExecutionStatus = 'running' | 'succeeded' | 'stopped';

/** The head, the input and the settled items' result ids, as recovery reads them. */
export interface BulkExecutionRecord extends BulkSubmissionInput {
  startedAt: string;
  status: BulkExecutionStatus;
  itemCount: number;
  settled: Set<string>;
  /** Those of `settled` that recovery settled (the execution had stopped before reaching them). */
  recovered: Set<string>;
}

/** Written before the execution starts (the endpoint): the input, then the head with its sweep entry. */
export async function recordBulkStarted(input: BulkSubmissionInput, now = new Date()): Promise<void> {
  const startedAt = now.toISOString();
  const expiresAt = Math.floor(now.getTime() / 1000) + KEEP_SECONDS;
  await db().send(new PutCommand({ TableName: tableName(), Item: { ...keys.bulkInput(input.bulkId), input, expiresAt }, ConditionExpression: 'attribute_not_exists(pk)' }));
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.entity(BULK, input.bulkId),
        ...keys.due('BULK_SUBMISSION_SWEEP', sweepAfter(startedAt, BULK_SUBMISSION_TIMEOUT_SECONDS), input.bulkId),
        id: input.bulkId,
        userId: input.userId,
        startedAt,
        status: 'running',
        itemCount: input.items.length,
        settledCount: 0,
        expiresAt,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/** The execution never started: nothing of it is kept (no item was settled). */
export async function forgetBulk(bulkId: string): Promise<void> {
  await db().send(
    new BatchWriteCommand({
      RequestItems: { [tableName()]: [keys.entity(BULK, bulkId), keys.bulkInput(bulkId)].map((Key) => ({ DeleteRequest: { Key } })) },
    }),
  );
}

async function settledOf(bulkId: string): Promise<Pick<BulkExecutionRecord, 'settled' | 'recovered'>> {
  const settled = new Set<string>();
  const recovered = new Set<string>();
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :item)',
        ExpressionAttributeValues: { ':pk': keys.entity(BULK, bulkId).pk, ':item': keys.bulkItemPrefix },
        ProjectionExpression: 'sk, byRecovery',
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) {
      const resultId = (item.sk as string).slice(keys.bulkItemPrefix.length);
      settled.add(resultId);
      if (item.byRecovery) recovered.add(resultId);
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return { settled, recovered };
}

/** The execution's record, or undefined when it has none (started before records existed, or expired). */
export async function getBulk(bulkId: string): Promise<BulkExecutionRecord | undefined> {
  const get = (Key: Key) => db().send(new GetCommand({ TableName: tableName(), Key, ConsistentRead: true }));
  const [head, input] = await Promise.all([get(keys.entity(BULK, bulkId)), get(keys.bulkInput(bulkId))]);
  if (!head.Item || !input.Item) return undefined;
  return {
    ...(input.Item.input as BulkSubmissionInput),
    startedAt: head.Item.startedAt as string,
    status: head.Item.status as BulkExecutionStatus,
    itemCount: Number(head.Item.itemCount),
    ...(await settledOf(bulkId)),
  };
}

/**
 * `settled`: this call settled the item (its caller acts on the unit); `already`: someone settled it before
 * (do nothing with the unit); `untracked`: no record (an execution started before records existed: the caller
 * acts as it always did).
 */
export type SettleClaim = 'settled' | 'already' | 'untracked';

/**
 * Settles one item of a bulk execution, once: a conditional Put of its marker. A Map iteration then counts it on
 * the head, and the one that counts the last item ends the record (`succeeded`, out of the sweep), best-effort:
 * a failure there leaves the record to the sweep, which finds nothing left to settle. Recovery (`byRecovery`)
 * ends the record itself, `stopped`.
 */
export async function settleBulkItem(bulkId: string, resultId: string, opts: { byRecovery?: boolean; now?: Date } = {}): Promise<SettleClaim> {
  const now = opts.now ?? new Date();
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.bulkItem(bulkId, resultId), settledAt: now.toISOString(), ...(opts.byRecovery ? { byRecovery: true } : {}), expiresAt: Math.floor(now.getTime() / 1000) + KEEP_SECONDS },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
    return 'already';
  }
  if (opts.byRecovery) return 'settled';
  let head: Record<string, unknown> | undefined;
  try {
    head = (
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.entity(BULK, bulkId),
          UpdateExpression: 'ADD settledCount :one',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':one': 1 },
          ReturnValues: 'ALL_NEW',
        }),
      )
    ).Attributes;
  } catch (err) {
    if (isConditionFailure(err)) return 'untracked'; // its marker alone, which expires
    // The item is settled (its marker is written): a count that lags only leaves the record to the sweep.
    logger.warn('bulk item settled but not counted; the sweep will end the record', { bulkId, resultId, error: err as Error });
    return 'settled';
  }
  if (head && Number(head.settledCount) >= Number(head.itemCount)) {
    await endBulk(bulkId, 'succeeded', now).catch((error: Error) => logger.warn('bulk record not ended; the sweep will', { bulkId, error }));
  }
  return 'settled';
}

/** Ends a running record (out of the sweep). False when it had already ended, or has no record. */
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
