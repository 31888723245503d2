import { Duration } from 'aws-cdk-lib';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import * as tasks from 'aws-cdk-lib/aws-stepfunctions-tasks';
import type { Construct } from 'constructs';
import {
  SUBMISSION_ERRORS,
  SUBMISSION_OUTCOME_ERRORS,
  SUBMISSION_STATE,
  SUBMISSION_TASKS,
  type SubmissionTaskName,
} from '../../functions/workflows/submission/states';
import { lambdaTask } from './lambda-task';
import { renderAsl, type Asl } from './render-asl';

export { SUBMISSION_ERRORS, SUBMISSION_STATE, SUBMISSION_TASKS, type SubmissionTaskName };
export type SubmissionTaskFunctions = Partial<Record<SubmissionTaskName, lambda.IFunction>>;

/**
 * Builds the automated takedown submission workflow (ARCHITECTURE.md, "Takedown flow"):
 *
 *     FindContact -> HasContact? --no--> NoContact (succeed; the case is flagged for escalation)
 *                         |yes
 *     SendNotice -> MarkSent -> WaitBeforeRecheck ($.recheckAfterSeconds) -> Recheck -> Done
 *
 * FindContact retries RdapUnavailableError; SendNotice retries MailTemporaryError with backoff; MarkSent and
 * Recheck (both safe to repeat) retry any task failure twice; every task first retries the Lambda service's
 * own errors, throttling included (lambda-task.ts). Any failure that is left goes to RecordFailure with the
 * error under `$.failure`, which records it on the case, then FailureKind: a business outcome
 * (SUBMISSION_OUTCOME_ERRORS: a newer attempt superseded this one) ends in Superseded (succeed), anything else
 * in SubmissionFailed (Fail). No contact (NoContact) and still online (Recheck's outcome, then Done) end in
 * success with the case's state recorded, so a FAILED execution is a real failure.
 *
 * Input: `{caseId, userId, attempt, recheckAfterSeconds}` (functions/workflows/submission/types.ts). Each task
 * gets the whole state (payload only) and its result lands under its own key: `$.contact`, `$.notice`,
 * `$.marked`, `$.recheck`. A task without a function is a Pass state of the same name, so the graph is real
 * before every task is deployed. Called by the workflows stack with real functions and by
 * `renderSubmissionAsl()` for the local runner.
 */
export function buildSubmissionDefinition(scope: Construct, fns: SubmissionTaskFunctions): sfn.IChainable {
  const S = SUBMISSION_STATE;
  const step = (name: SubmissionTaskName, resultPath: string, timeout: Duration, passResult: Record<string, unknown> = { skipped: true }) => {
    const fn = fns[name];
    if (!fn) return new sfn.Pass(scope, name, { resultPath, result: sfn.Result.fromObject(passResult) });
    return lambdaTask(scope, name, fn, { resultPath, timeout });
  };
  const isTask = (s: sfn.Pass | tasks.LambdaInvoke): s is tasks.LambdaInvoke => s instanceof tasks.LambdaInvoke;

  const recordFailure = step('RecordFailure', '$.recorded', Duration.minutes(1));
  const failed = new sfn.Fail(scope, S.SubmissionFailed, {
    error: 'SubmissionFailed',
    cause: 'The automated submission failed; the reason is recorded on the case.',
  });
  // Failed executions mean real failures: a business outcome that was caught (a newer attempt replaced this
  // one) is recorded like any other, then ends the execution in success (issue 27).
  const superseded = new sfn.Succeed(scope, S.Superseded, { comment: 'A newer submission of the case replaced this attempt.' });
  recordFailure.next(
    new sfn.Choice(scope, S.FailureKind)
      .when(sfn.Condition.or(...SUBMISSION_OUTCOME_ERRORS.map((e) => sfn.Condition.stringEquals('$.failure.Error', e))), superseded)
      .otherwise(failed),
  );
  const onFailure = (s: sfn.Pass | tasks.LambdaInvoke) => (isTask(s) ? s.addCatch(recordFailure, { errors: [sfn.Errors.ALL], resultPath: '$.failure' }) : s);

  const findContact = step('FindContact', '$.contact', Duration.minutes(2), { found: false, reason: 'skipped' });
  if (isTask(findContact)) {
    findContact.addRetry({ errors: [SUBMISSION_ERRORS.rdapUnavailable], interval: Duration.seconds(30), backoffRate: 2, maxAttempts: 3 });
  }
  onFailure(findContact);

  const sendNotice = step('SendNotice', '$.notice', Duration.minutes(3));
  if (isTask(sendNotice)) {
    sendNotice.addRetry({
      errors: [SUBMISSION_ERRORS.mailTemporary],
      interval: Duration.seconds(60),
      backoffRate: 2,
      maxAttempts: 4,
      jitterStrategy: sfn.JitterType.FULL,
    });
  }
  onFailure(sendNotice);

  const markSent = step('MarkSent', '$.marked', Duration.minutes(1));
  const recheck = step('Recheck', '$.recheck', Duration.minutes(5));
  for (const s of [markSent, recheck]) {
    if (isTask(s)) s.addRetry({ errors: [sfn.Errors.TASKS_FAILED], interval: Duration.seconds(20), backoffRate: 2, maxAttempts: 2 });
    onFailure(s);
  }

  const wait = new sfn.Wait(scope, S.WaitBeforeRecheck, { time: sfn.WaitTime.secondsPath('$.recheckAfterSeconds') });
  const noContact = new sfn.Succeed(scope, S.NoContact, { comment: 'No abuse contact: the case is flagged for escalation.' });
  const done = new sfn.Succeed(scope, S.Done);

  const deliver = sfn.Chain.start(sendNotice).next(markSent).next(wait).next(recheck).next(done);
  const hasContact = new sfn.Choice(scope, S.HasContact)
    .when(sfn.Condition.booleanEquals('$.contact.found', true), deliver)
    .otherwise(noContact);
  return sfn.Chain.start(findContact).next(hasContact);
}

/** The submission workflow's ASL with every task as a Lambda Task state (fake ARNs), for the local runner. */
export function renderSubmissionAsl(): Asl {
  return renderAsl(buildSubmissionDefinition, SUBMISSION_TASKS);
}
