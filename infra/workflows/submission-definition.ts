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
 * Builds the automated takedown submission workflow, the escalation ladder of issue 23 (ARCHITECTURE.md,
 * "Takedown flow" and "The escalation ladder"):
 *
 *     Start: $.preSent (the host notice went out in a bulk submission's grouped message) -> MarkSent; else
 *     FindContact (rung of $.climb.next, host first) -> HasContact?
 *        found     -> SendNotice -> MarkSent -> WaitBeforeRecheck ($.recheckAfterSeconds) -> Recheck -> StillOnline?
 *        agentTask -> WaitBeforeRecheck (the agent files the CDN's web form)                            |
 *        otherwise -> Climb                                                  still-online -> Climb   else -> Done
 *     Climb -> NextStep?  network | cdn | registrar -> FindContact;  delisting -> QueueDelisting;  end -> Done
 *     QueueDelisting -> WaitBeforeDelistingCheck ($.recheckAfterSeconds) -> CheckDelisting -> DelistingSettled?
 *        settled -> Done;  otherwise -> WaitBeforeDelistingCheck
 *
 * Every rung waits the same configured time (RECHECK_AFTER_SECONDS, shortened for tests and the benchmark) before
 * its re-check; removal at any rung ends the climb (Recheck, CheckDelisting), as does a counter-notice recorded
 * meanwhile (every task sees the case's outcome). CheckDelisting ends the case after DELISTING_CHECKS checks.
 *
 * FindContact retries RdapUnavailableError; SendNotice retries MailTemporaryError with backoff; the other tasks
 * (safe to repeat) retry any task failure twice; every task first retries the Lambda service's own errors,
 * throttling included (lambda-task.ts). Any failure that is left goes to RecordFailure with the error under
 * `$.failure`, which records it on the case, then FailureKind: a business outcome (SUBMISSION_OUTCOME_ERRORS: a
 * newer attempt superseded this one) ends in Superseded (succeed), anything else in SubmissionFailed (Fail). No
 * contact and still online are rungs of the ladder, never failures, and every case ends in Done with its outcome
 * recorded, so a FAILED execution is a real failure.
 *
 * Input: `{caseId, userId, attempt, recheckAfterSeconds}` (functions/workflows/submission/types.ts). Each task
 * gets the whole state (payload only) and its result lands under its own key: `$.contact`, `$.notice`,
 * `$.marked`, `$.recheck`, `$.climb`, `$.delisting`. A task without a function is a Pass state of the same name,
 * so the graph is real before every task is deployed. Called by the workflows stack with real functions and by
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

  const findContact = step('FindContact', '$.contact', Duration.minutes(2), { found: false, step: 'host', reason: 'skipped' });
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
  const recheck = step('Recheck', '$.recheck', Duration.minutes(5), { outcome: 'removed', reason: 'skipped', urls: [] });
  const climb = step('Climb', '$.climb', Duration.minutes(1), { next: 'end' });
  const queueDelisting = step('QueueDelisting', '$.delisting', Duration.minutes(1), { settled: true, checksLeft: 0 });
  const checkDelisting = step('CheckDelisting', '$.delisting', Duration.minutes(5), { settled: true, checksLeft: 0 });
  for (const s of [markSent, recheck, climb, queueDelisting, checkDelisting]) {
    if (isTask(s)) s.addRetry({ errors: [sfn.Errors.TASKS_FAILED], interval: Duration.seconds(20), backoffRate: 2, maxAttempts: 2 });
    onFailure(s);
  }

  const done = new sfn.Succeed(scope, S.Done);
  const wait = new sfn.Wait(scope, S.WaitBeforeRecheck, { time: sfn.WaitTime.secondsPath('$.recheckAfterSeconds') });
  const waitDelisting = new sfn.Wait(scope, S.WaitBeforeDelistingCheck, { time: sfn.WaitTime.secondsPath('$.recheckAfterSeconds') });

  const nextStep = new sfn.Choice(scope, S.NextStep)
    .when(sfn.Condition.stringEquals('$.climb.next', 'end'), done)
    .when(sfn.Condition.stringEquals('$.climb.next', 'delisting'), queueDelisting)
    .otherwise(findContact);
  climb.next(nextStep);

  const stillOnline = new sfn.Choice(scope, S.StillOnline).when(sfn.Condition.stringEquals('$.recheck.outcome', 'still-online'), climb).otherwise(done);
  wait.next(recheck);
  recheck.next(stillOnline);
  sendNotice.next(markSent);
  markSent.next(wait);

  const hasContact = new sfn.Choice(scope, S.HasContact)
    .when(sfn.Condition.booleanEquals('$.contact.found', true), sendNotice)
    .when(sfn.Condition.and(sfn.Condition.isPresent('$.contact.agentTask'), sfn.Condition.booleanEquals('$.contact.agentTask', true)), wait)
    .otherwise(climb);
  findContact.next(hasContact);

  const settled = new sfn.Choice(scope, S.DelistingSettled).when(sfn.Condition.booleanEquals('$.delisting.settled', true), done).otherwise(waitDelisting);
  queueDelisting.next(settled);
  waitDelisting.next(checkDelisting);
  checkDelisting.next(settled);

  // A bulk submission sent the host's notice in one message per recipient (issue 23): record it, then wait.
  return new sfn.Choice(scope, S.Start).when(sfn.Condition.isPresent('$.preSent'), markSent).otherwise(findContact);
}

/** The submission workflow's ASL with every task as a Lambda Task state (fake ARNs), for the local runner. */
export function renderSubmissionAsl(): Asl {
  return renderAsl(buildSubmissionDefinition, SUBMISSION_TASKS);
}
