import { ACTIVE_SUBMISSION_STATES } from '../../../shared/schemas/cases';
import { isOwnedBy } from '../../lib/ownership';
import { logger } from '../../lib/logger';
import { claimSubmissionAttempt, getCase, updateSubmission, type CaseRecord } from '../../services/cases/case-store';
import { settleItem } from './submit-item';
import type { BulkItemInput, BulkItemOutcome } from './types';
import { traced } from '../../lib/tracer';

export const BULK_ITEM_FAILED = 'The bulk submission could not start this notice. Please try again, or download the PDF and send it by hand.';

/**
 * Records on a case that the bulk submission did not start its notice, as a failed attempt the creator can retry
 * from the case (its progress ends with `reason`). A case whose attempt is under way (another request's), that
 * already says `failed`, or is resolved, is left as it is (false). Also used by recovery (../recovery/bulk.ts).
 */
export async function recordItemFailure(c: CaseRecord, reason: string, now = new Date()): Promise<boolean> {
  const state = c.submission?.state;
  if (c.status === 'resolved' || state === 'failed' || (state && ACTIVE_SUBMISSION_STATES.includes(state))) return false;
  const attempt = (c.submissionAttempt ?? 0) + 1;
  const at = now.toISOString();
  return (await claimSubmissionAttempt(c, attempt, at)) && (await updateSubmission(c.id, attempt, { state: 'failed', error: reason }, {}, at));
}

/**
 * Task BulkItemFailed (the Catch of BulkSubmitItem): the item's allowance unit is given back and the failure is
 * recorded on its case when there is one (recordItemFailure). Without a case (its creation failed), the failure
 * is logged; the result stays offered for bulk submission. An item recovery already settled (the execution was
 * stopped meanwhile) is left as recovery left it.
 */
export async function itemFailed(input: BulkItemInput, now = new Date()): Promise<BulkItemOutcome> {
  const { item } = input;
  logger.warn('bulk item failed', { bulkId: input.bulkId, resultId: item.resultId, caseId: item.caseId, error: input.failure?.Error, cause: input.failure?.Cause });
  if (!(await settleItem(input, true))) return { resultId: item.resultId, outcome: 'failed', reason: BULK_ITEM_FAILED };
  const c = await getCase(item.caseId);
  if (!isOwnedBy(c, input.userId)) return { resultId: item.resultId, outcome: 'failed', reason: BULK_ITEM_FAILED };
  await recordItemFailure(c, BULK_ITEM_FAILED, now);
  return { resultId: item.resultId, caseId: c.id, outcome: 'failed', reason: BULK_ITEM_FAILED };
}

export const handler = traced((input: BulkItemInput) => itemFailed(input));
