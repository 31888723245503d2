import { LIKENESS_NOT_REVIEWED, PLANS, creatorCheckNeeded } from '../../../shared/plans';
import { ACTIVE_SUBMISSION_STATES, splitInfringingUrls, type SubmissionState } from '../../../shared/schemas/cases';
import { loadNoticeRefusal } from '../allowlist';
import { startWorkflow } from '../../adapters/workflows';
import { config, recheckAfterSeconds } from '../../lib/config';
import { ConflictError, HttpError, PaymentRequiredError, WorkflowUnavailableError } from '../../lib/errors';
import { logger } from '../../lib/logger';
import type { PreSentNotice, SubmissionWorkflowInput } from '../../../shared/workflows/submission';
import { takeSubmission } from '../allowances/submissions';
import { planOf } from '../billing/plan-store';
import { getResult } from '../search/results';
import { claimSubmissionAttempt, getCase, updateSubmission, type CaseRecord } from '../cases/case-store';
import { requireOwned } from '../../lib/ownership';

export const AUTOMATED_PAID_ONLY =
  'Automated submission is available on paid plans. Upgrade to Basic, Pro or Enterprise to use it.';

export interface SubmissionStart {
  /** True when this call started a new attempt; false when one was already under way (a repeated click). */
  started: boolean;
  attempt: number;
  state: SubmissionState;
}

/** The execution name: the case and the attempt, so a retried start of one attempt cannot run it twice. */
export const executionName = (caseId: string, attempt: number) => `${caseId}-${attempt}`;

const isActive = (c: CaseRecord) => !!c.submission && ACTIVE_SUBMISSION_STATES.includes(c.submission.state);

/**
 * Starts the submission workflow for a case, at most once per click burst: an attempt under way is answered
 * as is (no second run); otherwise the next attempt is claimed with a conditional update (of two concurrent
 * clicks one claims it, the other finds it under way) and the execution is started under the name
 * `<caseId>-<attempt>` (Step Functions refuses a second start of that name). A resolved case is refused (409).
 * Attempts that ended with no contact, a failure or an escalation may be retried.
 */
export async function startCaseSubmission(c: CaseRecord, opts: { recheckAfterSeconds?: number; now?: Date } = {}): Promise<SubmissionStart> {
  const claimed = await claimCaseSubmission(c, opts);
  if (claimed.started) await launchCaseSubmission(c, claimed.attempt, { recheckAfterSeconds: opts.recheckAfterSeconds });
  return claimed;
}

/**
 * The first half of startCaseSubmission: the checks and the conditional claim of the next attempt, without
 * starting the workflow. Bulk submission claims every item's attempt first, then sends one message per
 * recipient and launches each case's workflow after it (issue 23: one message per recipient per batch).
 */
export async function claimCaseSubmission(c: CaseRecord, opts: { now?: Date } = {}): Promise<SubmissionStart> {
  // Every notice, a follow-up too, leaves out the creator's own sites and allowlisted domains (issue 23): a
  // site declared or allowlisted after the case was opened stops its next notice.
  const refusal = await loadNoticeRefusal(c.userId);
  const why = splitInfringingUrls(c.infringingUrl).map(refusal).find(Boolean);
  if (why) throw new HttpError(422, 'PROTECTED_URL', why);
  let current: CaseRecord | undefined = c;
  for (let round = 0; round < 3 && current; round++) {
    if (current.status === 'resolved') throw new ConflictError('This case is already resolved: the copy was taken down.', 'CASE_RESOLVED');
    // A counter-notice stops the ladder for the URL (17 U.S.C. 512(g); issue 23).
    if (current.counterNotice) throw new ConflictError('A counter-notice was filed for this case: it cannot be escalated again.', 'CASE_COUNTER_NOTICED');
    if (isActive(current)) return { started: false, attempt: current.submission!.attempt, state: current.submission!.state };
    const attempt = (current.submissionAttempt ?? 0) + 1;
    const at = (opts.now ?? new Date()).toISOString();
    if (await claimSubmissionAttempt(current, attempt, at)) return { started: true, attempt, state: 'queued' };
    current = await getCase(c.id);
  }
  throw new ConflictError('This case was changed at the same time. Please try again.', 'CASE_CONFLICT');
}

/**
 * Starts the workflow of a claimed attempt (named `<caseId>-<attempt>`, so a repeated launch is a no-op).
 * `preSent`: the host rung's notice already went out in a grouped message (bulk submission); the workflow
 * records it and goes on to its wait (submission-definition.ts, `Start`).
 */
export async function launchCaseSubmission(
  c: Pick<CaseRecord, 'id' | 'userId'>,
  attempt: number,
  opts: { recheckAfterSeconds?: number; preSent?: PreSentNotice } = {},
): Promise<void> {
  const input: SubmissionWorkflowInput = {
    caseId: c.id,
    userId: c.userId,
    attempt,
    recheckAfterSeconds: opts.recheckAfterSeconds ?? recheckAfterSeconds(),
    ...(opts.preSent ? { preSent: opts.preSent } : {}),
  };
  try {
    const arn = config().submissionStateMachineArn;
    if (!arn) throw new Error('SUBMISSION_STATE_MACHINE_ARN is not configured');
    await startWorkflow(arn, executionName(c.id, attempt), input);
  } catch (err) {
    if ((err as Error).name === 'ExecutionAlreadyExists') return; // this very attempt is already running
    logger.error('submission workflow did not start', { caseId: c.id, attempt, error: err as Error });
    await updateSubmission(c.id, attempt, { state: 'failed', error: 'The automated submission could not be started.' });
    throw new WorkflowUnavailableError('The automated submission could not be started. Please try again in a minute.');
  }
}

export const CONTENT_NOT_CONFIRMED =
  'This copy was found by name only. Open the page, then tick "I have checked this page shows my content" on ' +
  'the case (POST /api/dmca/{id}/confirm-content) before submitting it automatically.';

/**
 * A name-only match (no fingerprint or verified match) or a likeness match (issue 24) is sent automatically only
 * once the creator confirmed it.
 */
async function checkContentConfirmed(c: CaseRecord): Promise<void> {
  if (c.contentConfirmedAt) return;
  const result = await getResult(c.searchResultId);
  const check = result && !result.contentConfirmedAt ? creatorCheckNeeded(result.evidence) : undefined;
  if (check === 'name') throw new ConflictError(CONTENT_NOT_CONFIRMED, 'CONTENT_NOT_CONFIRMED');
  if (check === 'likeness') throw new ConflictError(`${LIKENESS_NOT_REVIEWED} (tick "I have checked this page shows my content" on the case).`, 'LIKENESS_NOT_REVIEWED');
}

/**
 * `POST /api/dmca/{id}/submit-automated`: owner only (others, admins included, get 404), paid plans only
 * (the stored plan; trial gets 402 with AUTOMATED_PAID_ONLY).
 */
export async function submitAutomated(userId: string, caseId: string): Promise<SubmissionStart> {
  const c = requireOwned(await getCase(caseId), userId, 'Case');
  if (!PLANS[await planOf(userId)].automatedSubmission) throw new PaymentRequiredError(AUTOMATED_PAID_ONLY);
  await checkContentConfirmed(c);
  return takeSubmission(userId, () => startCaseSubmission(c));
}
