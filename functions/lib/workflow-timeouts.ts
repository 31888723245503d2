/**
 * The workflows' own time limits (the state machines' `timeout`), in one place for the CDK stack and the
 * functions (which cannot import aws-cdk-lib): the reconciler ends anything still open past them.
 */
/** The search workflow: a scan still running after this is ended by Step Functions (TIMED_OUT). */
export const SEARCH_TIMEOUT_SECONDS = 30 * 60;
/**
 * The submission workflow climbs the escalation ladder (issue 23): it waits RECHECK_AFTER_SECONDS (a day by
 * default) on each rung and between delisting checks, eleven waits at most: sixty days leaves room for a week's wait.
 */
export const SUBMISSION_TIMEOUT_SECONDS = 60 * 86_400;
/** The bulk submission workflow works 5 items at a time, a few seconds each: its 500 ids fit well within an hour. */
export const BULK_SUBMISSION_TIMEOUT_SECONDS = 3600;
/**
 * How long after its workflow's timeout an open scan or submission is swept: one reconciler period, so the
 * EventBridge status rule (which carries the execution's own status) ends it first when it can.
 */
export const SWEEP_GRACE_SECONDS = 15 * 60;

/** When the reconciler may end work started at `startedAt` that is still open (ISO). */
export function sweepAfter(startedAt: string, timeoutSeconds: number): string {
  return new Date(Date.parse(startedAt) + (timeoutSeconds + SWEEP_GRACE_SECONDS) * 1000).toISOString();
}

/**
 * How often the re-emergence job runs (issue 25): the Reemergence EventBridge rate rule (infra/stacks/workflows-stack.ts)
 * and the local runtime's timer (local/daily-jobs.ts). Kept here, beside the workflows' limits, for both.
 */
export const REEMERGENCE_RATE_HOURS = 4;
