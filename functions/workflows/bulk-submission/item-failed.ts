import { ACTIVE_SUBMISSION_STATES } from '../../../shared/schemas/dmca';
import { isOwnedBy } from '../../lib/ownership';
import { logger } from '../../lib/logger';
import { claimSubmissionAttempt, getCase, updateSubmission } from '../../services/cases/case-store';
import { giveBackUnit } from './submit-item';
import type { BulkItemInput, BulkItemOutcome } from './types';

export const BULK_ITEM_FAILED = 'The bulk submission could not start this notice. Please try again, or download the PDF and send it by hand.';

/**
 * Task BulkItemFailed (the Catch of BulkSubmitItem): the item's allowance unit is given back and the failure is
 * recorded on its case when there is one, as a failed attempt the creator can retry from the case. A case whose
 * attempt is under way (another request's) or that already says `failed` is left as it is. Without a case (its
 * creation failed), the failure is logged; the result stays offered for bulk submission.
 */
export async function itemFailed(input: BulkItemInput, now = new Date()): Promise<BulkItemOutcome> {
  await giveBackUnit(input);
  const { item } = input;
  logger.warn('bulk item failed', { bulkId: input.bulkId, resultId: item.resultId, caseId: item.caseId, error: input.failure?.Error, cause: input.failure?.Cause });
  const c = await getCase(item.caseId);
  if (!isOwnedBy(c, input.userId)) return { resultId: item.resultId, outcome: 'failed', reason: BULK_ITEM_FAILED };
  const state = c.submission?.state;
  if (c.status !== 'resolved' && state !== 'failed' && !(state && ACTIVE_SUBMISSION_STATES.includes(state))) {
    const attempt = (c.submissionAttempt ?? 0) + 1;
    const at = now.toISOString();
    if (await claimSubmissionAttempt(c, attempt, at)) await updateSubmission(c.id, attempt, { state: 'failed', error: BULK_ITEM_FAILED }, {}, at);
  }
  return { resultId: item.resultId, caseId: c.id, outcome: 'failed', reason: BULK_ITEM_FAILED };
}

export const handler = (input: BulkItemInput) => itemFailed(input);
