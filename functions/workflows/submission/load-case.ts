import { getCase, type CaseRecord } from '../../services/cases/case-store';
import type { SubmissionWorkflowInput } from '../../../shared/workflows/submission';
import { isOwnedBy } from '../../lib/ownership';
import { SUBMISSION_ERRORS } from './states';

/** A newer attempt of the same case has started: this execution stops without touching the case. */
export class SubmissionSupersededError extends Error {
  override name = SUBMISSION_ERRORS.superseded;
}

/** The case an execution works on; throws when it is gone, belongs to someone else, or moved on to a newer attempt. */
export async function loadCase(input: SubmissionWorkflowInput): Promise<CaseRecord> {
  const c = await getCase(input.caseId);
  if (!isOwnedBy(c, input.userId)) throw new Error(`case ${input.caseId} not found for user ${input.userId}`);
  if (c.submissionAttempt !== input.attempt) throw new SubmissionSupersededError(`case ${c.id} is at attempt ${c.submissionAttempt}, not ${input.attempt}`);
  return c;
}
