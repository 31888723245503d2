import { ConflictError } from '../../lib/errors';
import { isOwnedBy } from '../../lib/ownership';
import { returnAllowance } from '../../services/allowances/allowances';
import { caseForBulk } from '../../services/cases/bulk-case';
import { getResult } from '../../services/search/results';
import { claimCaseSubmission } from '../../services/submissions/automated-submission';
import { claimForBatch } from '../../services/submissions/batch-claims';
import { settleBulkItem } from '../../services/submissions/bulk-executions';
import { logger } from '../../lib/logger';
import { ALREADY_RESOLVED } from '../../../shared/workflows/bulk-submission';
import type { BulkItemInput, BulkItemOutcome } from './types';
import { traced } from '../../lib/tracer';

/** Gives back the one allowance unit the endpoint took for this item: no notice starts for it. */
const giveBackUnit = (input: BulkItemInput) => returnAllowance({ refs: input.allowance.refs, n: 1 });

/**
 * Settles the item on its execution's record (once: ../../services/submissions/bulk-executions.ts), giving its
 * unit back when no notice started. When recovery settled it first (the execution was stopped while this task
 * ran), the unit is left as recovery left it. Returns false then.
 */
export async function settleItem(input: BulkItemInput, giveBack: boolean): Promise<boolean> {
  const claim = await settleBulkItem(input.bulkId, input.item.resultId);
  if (claim === 'already') {
    logger.warn('bulk item already settled by recovery', { bulkId: input.bulkId, resultId: input.item.resultId, giveBack });
    return false;
  }
  if (giveBack) await giveBackUnit(input);
  return true;
}

export const RESULT_GONE = 'The result was deleted before its case could be created.';

/**
 * Task BulkSubmitItem (one Map iteration): creates or reuses the result's case, claims its automated submission's
 * next attempt for this batch and looks up its host's contact (issue 23: BulkGroup then groups the batch by
 * recipient and BulkSendGroup sends one message per recipient and starts each case's workflow). When no notice starts (the result is gone, the case is
 * resolved, or an attempt is already under way) the item's allowance unit is given back; either way the item is
 * settled on the execution's record, so recovery leaves it alone. Anything thrown is
 * caught by the Map iteration's Catch (BulkItemFailed), so one bad item never fails the batch.
 */
export async function submitItem(input: BulkItemInput): Promise<BulkItemOutcome> {
  const { item, userId } = input;
  const result = await getResult(item.resultId);
  if (!isOwnedBy(result, userId)) {
    await settleItem(input, true);
    return { resultId: item.resultId, outcome: 'failed', reason: RESULT_GONE };
  }
  const c = await caseForBulk(result, input.options);
  const resolved = async (): Promise<BulkItemOutcome> => {
    await settleItem(input, true);
    return { resultId: item.resultId, caseId: c.id, outcome: 'resolved', reason: ALREADY_RESOLVED };
  };
  if (c.status === 'resolved') return resolved();
  let started: boolean;
  try {
    const claim = await claimCaseSubmission(c);
    started = claim.started;
    // The workflow starts after the Map, once the batch's notices are grouped per recipient (BulkSendGroup).
    if (started) await claimForBatch(c, claim.attempt, input.bulkId);
  } catch (err) {
    if (err instanceof ConflictError && err.code === 'CASE_RESOLVED') return resolved();
    throw err;
  }
  await settleItem(input, !started);
  return { resultId: item.resultId, caseId: c.id, outcome: started ? 'started' : 'under-way' };
}

export const handler = traced((input: BulkItemInput) => submitItem(input));
