import { ConflictError } from '../../lib/errors';
import { isOwnedBy } from '../../lib/ownership';
import { returnAllowance } from '../../services/allowances/allowances';
import { caseForBulk } from '../../services/cases/create-case';
import { getResult } from '../../services/search/results';
import { startCaseSubmission } from '../../services/submissions/automated-submission';
import { ALREADY_RESOLVED } from './states';
import type { BulkItemInput, BulkItemOutcome } from './types';

/** Gives back the one allowance unit the endpoint took for this item: no notice starts for it. */
export const giveBackUnit = (input: BulkItemInput) => returnAllowance({ refs: input.allowance.refs, n: 1 });

export const RESULT_GONE = 'The result was deleted before its case could be created.';

/**
 * Task BulkSubmitItem (one Map iteration): creates or reuses the result's case and starts its automated
 * submission (the submission workflow, as for one case). When no notice starts (the result is gone, the case is
 * resolved, or an attempt is already under way) the item's allowance unit is given back. Anything thrown is
 * caught by the Map iteration's Catch (BulkItemFailed), so one bad item never fails the batch.
 */
export async function submitItem(input: BulkItemInput): Promise<BulkItemOutcome> {
  const { item, userId } = input;
  const result = await getResult(item.resultId);
  if (!isOwnedBy(result, userId)) {
    await giveBackUnit(input);
    return { resultId: item.resultId, outcome: 'failed', reason: RESULT_GONE };
  }
  const c = await caseForBulk(result, input.options);
  const resolved = async (): Promise<BulkItemOutcome> => {
    await giveBackUnit(input);
    return { resultId: item.resultId, caseId: c.id, outcome: 'resolved', reason: ALREADY_RESOLVED };
  };
  if (c.status === 'resolved') return resolved();
  let started: boolean;
  try {
    started = (await startCaseSubmission(c)).started;
  } catch (err) {
    if (err instanceof ConflictError && err.code === 'CASE_RESOLVED') return resolved();
    throw err;
  }
  if (!started) await giveBackUnit(input);
  return { resultId: item.resultId, caseId: c.id, outcome: started ? 'started' : 'under-way' };
}

export const handler = (input: BulkItemInput) => submitItem(input);
