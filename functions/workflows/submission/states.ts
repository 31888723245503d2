/**
 * State names of the submission workflow. The ASL (infra/workflows/submission-definition.ts) uses them, and
 * the local runner maps its task handlers by them (aws-local-stepfunctions overrides are keyed by state
 * name): renaming one is a contract change.
 */
export const SUBMISSION_STATE = {
  /** Issue 23: a case whose host notice went out in a bulk submission's grouped message starts at MarkSent. */
  Start: 'Start',
  FindContact: 'FindContact',
  HasContact: 'HasContact',
  SendNotice: 'SendNotice',
  MarkSent: 'MarkSent',
  WaitBeforeRecheck: 'WaitBeforeRecheck',
  Recheck: 'Recheck',
  StillOnline: 'StillOnline',
  Climb: 'Climb',
  NextStep: 'NextStep',
  QueueDelisting: 'QueueDelisting',
  WaitBeforeDelistingCheck: 'WaitBeforeDelistingCheck',
  CheckDelisting: 'CheckDelisting',
  DelistingSettled: 'DelistingSettled',
  Done: 'Done',
  RecordFailure: 'RecordFailure',
  /** After RecordFailure: a business outcome ends in success (Superseded), anything else in SubmissionFailed. */
  FailureKind: 'FailureKind',
  Superseded: 'Superseded',
  SubmissionFailed: 'SubmissionFailed',
} as const;

/** The Task states, in order; each has one handler (functions/workflows/submission/index.ts). */
export const SUBMISSION_TASKS = ['FindContact', 'SendNotice', 'MarkSent', 'Recheck', 'Climb', 'QueueDelisting', 'CheckDelisting', 'RecordFailure'] as const;
export type SubmissionTaskName = (typeof SUBMISSION_TASKS)[number];

/** Error names the tasks throw; Retry and Catch match on them. */
export const SUBMISSION_ERRORS = {
  /** The mail service may accept the notice later (throttling, a 5xx, a full disk): retried. */
  mailTemporary: 'MailTemporaryError',
  /** The mail service will never accept it (bad address, unverified sender): caught, recorded. */
  mailRejected: 'MailRejectedError',
  /** RDAP or DNS was unreachable and nothing was found: retried, then recorded. */
  rdapUnavailable: 'RdapUnavailableError',
  /** A newer submission of the case replaced this attempt (load-case.ts): a business outcome, not a failure. */
  superseded: 'SubmissionSupersededError',
} as const;

/**
 * Delisting checks the workflow makes (one per wait) before it stops a case whose requests the engines have not
 * decided: with the default day between checks, a week.
 */
export const DELISTING_CHECKS = 7;
/** The most waits one execution can make: one per e-mail rung (host, network, CDN, registrar) and the delisting checks. */
export const MAX_LADDER_WAITS = 4 + DELISTING_CHECKS;
/**
 * Caught errors that are outcomes of the notice rather than failures of the system: the execution records them
 * on the case (RecordFailure) and then SUCCEEDS, so a FAILED execution (and its alarm) means a real failure.
 * No contact and still online never throw: they end at NoContact and Done with the case's state recorded.
 */
export const SUBMISSION_OUTCOME_ERRORS: readonly string[] = [SUBMISSION_ERRORS.superseded];
