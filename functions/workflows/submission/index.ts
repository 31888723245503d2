import { checkDelistingTask, queueDelistingTask } from './delisting';
import { climb } from './climb';
import { findContact } from './find-contact';
import { markSent } from './mark-sent';
import { recheck } from './recheck';
import { recordFailure } from './record-failure';
import { sendNotice } from './send-notice';
import type { SubmissionTaskName } from './states';
import type { SubmissionState } from './types';

/**
 * The submission workflow's task handlers, one per Task state, as named functions. On AWS each file's
 * `handler` is its Lambda entry (functions/workflows/submission/<kebab-name>.ts); locally the runner maps
 * them by state name with SUBMISSION_TASK_HANDLERS.
 */
export { checkDelistingTask, climb, findContact, markSent, queueDelistingTask, recheck, recordFailure, sendNotice };
export { DELISTING_CHECKS, MAX_LADDER_WAITS, SUBMISSION_ERRORS, SUBMISSION_STATE, SUBMISSION_TASKS, type SubmissionTaskName } from './states';
export type * from './types';

/** Task handlers keyed by state name, for aws-local-stepfunctions' `taskResourceLocalHandlers`. */
export const SUBMISSION_TASK_HANDLERS: Record<SubmissionTaskName, (input: SubmissionState) => Promise<unknown>> = {
  FindContact: (input) => findContact(input),
  SendNotice: (input) => sendNotice(input),
  MarkSent: (input) => markSent(input),
  Recheck: (input) => recheck(input),
  Climb: (input) => climb(input),
  QueueDelisting: (input) => queueDelistingTask(input),
  CheckDelisting: (input) => checkDelistingTask(input),
  RecordFailure: (input) => recordFailure(input),
};

/** Lambda entry file of each Task state, relative to the repository root (for the workflows stack). */
export const SUBMISSION_TASK_ENTRIES: Record<SubmissionTaskName, string> = {
  FindContact: 'functions/workflows/submission/find-contact.ts',
  SendNotice: 'functions/workflows/submission/send-notice.ts',
  MarkSent: 'functions/workflows/submission/mark-sent.ts',
  Recheck: 'functions/workflows/submission/recheck.ts',
  Climb: 'functions/workflows/submission/climb.ts',
  QueueDelisting: 'functions/workflows/submission/queue-delisting.ts',
  CheckDelisting: 'functions/workflows/submission/check-delisting.ts',
  RecordFailure: 'functions/workflows/submission/record-failure.ts',
};
