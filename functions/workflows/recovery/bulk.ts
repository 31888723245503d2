import { isOwnedBy } from '../../lib/ownership';
import { logger } from '../../lib/logger';
import { returnAllowance } from '../../services/allowances/allowances';
import { getCase, type CaseRecord } from '../../services/cases/case-store';
import { caseForBulk } from '../../services/cases/bulk-case';
import { getResult } from '../../services/search/results';
import { endBulk, getBulk, settleBulkItem, type BulkExecutionRecord } from '../../services/submissions/bulk-executions';
import { recordItemFailure } from '../bulk-submission/item-failed';
import type { BulkItem } from '../../../shared/workflows/bulk-submission';
import { config } from '../../lib/config';
import { startWorkflow } from '../../adapters/workflows';
import { claimedBy } from '../../services/submissions/batch-claims';

/** Items of one stopped execution worked on at once (each is a few reads and conditional writes). */
const AT_ONCE = 10;

/** What recovery did with a stopped bulk execution. */
export interface BulkRecovery {
  /** The record was running and is now ended `stopped`. */
  ended: boolean;
  /** Units given back (one per item the execution never reached). */
  givenBack: number;
  /** Items whose case now says `failed` with the reason (created for it when the item had none); a case with another request's attempt under way follows that one. */
  failed: number;
  /** Cases the execution claimed but never sent, handed to a resend execution (`<bulkId>-resend`, grouped as the batch would have). */
  resent: number;
}

/** The name of the execution that sends what a stopped bulk execution claimed: one per batch, so a repeat is refused. */
export const resendExecutionName = (bulkId: string) => `${bulkId}-resend`;

/**
 * An item whose case has a notice attempt started since the execution began was reached (its task was under
 * way when the execution stopped, between starting the notice and settling the item): its unit is spent.
 */
const reachedCase = (c: CaseRecord | undefined, rec: BulkExecutionRecord) =>
  !!c?.submission && c.submission.state !== 'failed' && c.submission.startedAt >= rec.startedAt;

/**
 * Ends a bulk submission execution that stopped part-way (FAILED outside its Catches, TIMED_OUT, ABORTED,
 * locally a killed runtime; or found running past its timeout by the sweep). Compares its input with what is
 * stored: each item not yet settled by its Map iteration (bulk-executions.ts) and whose case has no attempt
 * started since the execution began is settled here, its allowance unit given back, and its case (created now
 * if the execution never got to it) gets a failed attempt with `reason`, so the bulk card and the cases list
 * stop showing it in progress. Items that reached their case are left alone. Every item is settled by a
 * conditional update and the record is ended conditionally, so running this twice gives nothing back twice.
 */
export async function endStoppedBulk(bulkId: string, reason: string, now = new Date()): Promise<BulkRecovery> {
  const rec = await getBulk(bulkId);
  if (!rec) {
    logger.warn('no record of a stopped bulk execution', { bulkId });
    return { ended: false, givenBack: 0, failed: 0, resent: 0 };
  }
  const open = rec.items.filter((item) => !rec.settled.has(item.resultId));
  let givenBack = 0;
  let failed = 0;
  const claimed: BulkItem[] = [];
  const settle = async (item: BulkItem) => {
    const c = await getCase(item.caseId);
    if (reachedCase(c, rec)) {
      await settleBulkItem(bulkId, item.resultId, { byRecovery: true });
      return;
    }
    if ((await settleBulkItem(bulkId, item.resultId, { byRecovery: true })) !== 'settled') return;
    await returnAllowance({ refs: rec.allowance.refs, n: 1 });
    givenBack++;
    const result = c ? undefined : await getResult(item.resultId);
    const target = c ?? (isOwnedBy(result, rec.userId) ? await caseForBulk(result, rec.options, now) : undefined);
    if (!isOwnedBy(target, rec.userId)) {
      logger.warn('bulk item without a case or result; unit given back', { bulkId, resultId: item.resultId });
      return;
    }
    if (await recordItemFailure(target, reason, now)) failed++;
  };
  for (let i = 0; i < open.length; i += AT_ONCE) await Promise.all(open.slice(i, i + AT_ONCE).map(settle));
  // Issue 23: the cases the execution claimed for its grouped messages and never sent (it stopped between the
  // claim and the send). Every item is looked at, settled by its own iteration or not: claiming settles an item.
  const sendable = (c: Awaited<ReturnType<typeof getCase>>) => claimedBy(c, rec.userId, bulkId) && (c.submission!.state === 'queued' || !!c.submission!.messageId);
  for (let i = 0; i < rec.items.length; i += AT_ONCE) {
    const batch = rec.items.slice(i, i + AT_ONCE);
    const cases = await Promise.all(batch.map((item) => getCase(item.caseId)));
    batch.forEach((item, j) => sendable(cases[j]) && claimed.push(item));
  }
  const resent = claimed.length > 0 && (await resendClaimed(rec, claimed)) ? claimed.length : 0;
  // Every item settled by its own iteration (the head's count lagging): the batch ended as it should have.
  const ended = open.length === 0 && rec.recovered.size === 0 ? await endBulk(bulkId, 'succeeded', now) : await endBulk(bulkId, 'stopped', now, reason);
  if (givenBack || ended || resent) logger.warn('bulk execution ended after it stopped', { bulkId, open: open.length, givenBack, failed, ended, resent });
  return { ended, givenBack, failed, resent };
}

/**
 * Starts the bulk workflow at its grouping for the claimed cases (`resend: true`, named `<bulkId>-resend`): they go
 * out one message per recipient as the batch would have sent them. The sender moves each case from `queued` only
 * (grouped-submission.ts), so a task of the stopped execution still in flight and this resend never both send one
 * notice, and a case whose message went is only launched. A resend already started (a repeated event, the sweep
 * after the rule) is refused by its name. False when it did not start.
 */
async function resendClaimed(rec: BulkExecutionRecord, items: BulkItem[]): Promise<boolean> {
  const arn = config().bulkSubmissionStateMachineArn;
  if (!arn) return false;
  try {
    await startWorkflow(arn, resendExecutionName(rec.bulkId), { resend: true, bulkId: rec.bulkId, userId: rec.userId, items });
    return true;
  } catch (err) {
    if ((err as Error).name === 'ExecutionAlreadyExists') return false;
    // Left claimed: the reconciler's sweep ends each attempt as overdue and the creator may send again.
    logger.error('claimed cases of a stopped bulk execution not resent', { bulkId: rec.bulkId, error: err as Error });
    return false;
  }
}
