import { logger } from '../../lib/logger';
import { BULK_SUBMISSION_TIMEOUT_SECONDS, sweepAfter } from '../../lib/workflow-timeouts';
import * as executions from '../../store/entities/bulk-execution';
import type { BulkExecutionStatus } from '../../store/entities/bulk-execution';
import type { BulkSubmissionInput } from '../../../shared/workflows/bulk-submission';

export type { BulkExecutionStatus };

/**
 * The record of one bulk submission execution (ARCHITECTURE.md, "Bulk submission", "Crash safety"): a small head
 * (status, counts, while running a `BULK_SUBMISSION_SWEEP_DUE` entry on gsi3 = start + workflow timeout + one
 * reconciler period), its input, and one marker per *settled* item (its notice started, or its allowance unit
 * given back). Every item is settled exactly once, by a conditional Put of its marker: by its Map iteration
 * (BulkSubmitItem, BulkItemFailed), or by recovery when the execution stopped before reaching it. So no unit is
 * ever given back twice. The markers are small items beside the input, so settling costs one small write
 * whatever the size of the batch. The items are the bulk execution entity's (store/entities/bulk-execution.ts);
 * this module keeps the order of the writes and what each outcome means.
 */

/** The head, the input and the settled items' result ids, as recovery reads them. */
export interface BulkExecutionRecord extends BulkSubmissionInput {
  startedAt: string;
  status: BulkExecutionStatus;
  itemCount: number;
  settled: Set<string>;
  /** Those of `settled` that recovery settled (the execution had stopped before reaching them). */
  recovered: Set<string>;
}

/**
 * Written before the execution starts (the endpoint): the input, then the head with its sweep entry, due after the
 * bulk workflow's timeout and one reconciler period.
 */
export async function recordBulkStarted(input: BulkSubmissionInput, now = new Date()): Promise<void> {
  const sweepAt = sweepAfter(now.toISOString(), BULK_SUBMISSION_TIMEOUT_SECONDS);
  if (!(await executions.create(input, now, sweepAt))) throw new Error(`bulk execution ${input.bulkId} is already recorded`);
}

/** The execution never started: nothing of it is kept (no item was settled). */
export function forgetBulk(bulkId: string): Promise<void> {
  return executions.forget(bulkId);
}

/** The execution's record, or undefined when it has none (started before records existed, or expired). */
export async function getBulk(bulkId: string): Promise<BulkExecutionRecord | undefined> {
  const [head, input] = await Promise.all([executions.getHead(bulkId), executions.getInput(bulkId)]);
  if (!head || !input) return undefined;
  const settled = await executions.listSettled(bulkId);
  return {
    ...input,
    startedAt: head.startedAt,
    status: head.status,
    itemCount: head.itemCount,
    settled: new Set(settled.map((s) => s.resultId)),
    recovered: new Set(settled.filter((s) => s.byRecovery).map((s) => s.resultId)),
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
  if (!(await executions.settle(bulkId, resultId, { byRecovery: opts.byRecovery, at: now }))) return 'already';
  if (opts.byRecovery) return 'settled';
  let head: executions.BulkHead | undefined;
  try {
    head = await executions.countSettled(bulkId);
  } catch (err) {
    // The item is settled (its marker is written): a count that lags only leaves the record to the sweep.
    logger.warn('bulk item settled but not counted; the sweep will end the record', { bulkId, resultId, error: err as Error });
    return 'settled';
  }
  if (!head) return 'untracked'; // its marker alone, which expires
  if (head.settledCount >= head.itemCount) {
    await endBulk(bulkId, 'succeeded', now).catch((error: Error) => logger.warn('bulk record not ended; the sweep will', { bulkId, error }));
  }
  return 'settled';
}

/** Ends a running record (out of the sweep). False when it had already ended, or has no record. */
export function endBulk(bulkId: string, status: Exclude<BulkExecutionStatus, 'running'>, now = new Date(), reason?: string): Promise<boolean> {
  return executions.end(bulkId, status, now, reason);
}
