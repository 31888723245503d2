import { reportErasure, type ErasureInput } from '../../services/account-data/erasure';
import { beginErasure, eraseFiles, eraseIdentity, eraseItems } from '../../services/account-data/erasure-steps';
import type { ErasureTaskName } from './states';

/**
 * The account erasure workflow's task handlers. On AWS each file's `handler` is its Lambda entry; locally the
 * runner maps them by state name with ERASURE_TASK_HANDLERS.
 */
export { ERASURE_STATE, ERASURE_TASKS, ERASURE_SCAN_WAIT_SECONDS, type ErasureTaskName } from './states';

/** Task handlers keyed by state name, for aws-local-stepfunctions' `taskResourceLocalHandlers`. */
export const ERASURE_TASK_HANDLERS: Record<ErasureTaskName, (input: ErasureInput) => Promise<unknown>> = {
  EraseBegin: (input) => beginErasure(input),
  EraseFiles: (input) => eraseFiles(input),
  EraseItems: (input) => eraseItems(input),
  EraseIdentity: (input) => eraseIdentity(input),
  EraseReport: (input) => reportErasure(input),
};

/** Lambda entry file of each Task state, relative to the repository root (for the workflows stack). */
export const ERASURE_TASK_ENTRIES: Record<ErasureTaskName, string> = {
  EraseBegin: 'functions/workflows/account-erasure/begin.ts',
  EraseFiles: 'functions/workflows/account-erasure/files.ts',
  EraseItems: 'functions/workflows/account-erasure/items.ts',
  EraseIdentity: 'functions/workflows/account-erasure/identity.ts',
  EraseReport: 'functions/workflows/account-erasure/report.ts',
};
