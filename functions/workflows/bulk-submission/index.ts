import { itemFailed } from './item-failed';
import type { BulkTaskName } from './states';
import { submitItem } from './submit-item';
import type { BulkItemInput } from './types';

/**
 * The bulk submission workflow's task handlers. On AWS each file's `handler` is its Lambda entry; locally the
 * runner maps them by state name with BULK_TASK_HANDLERS.
 */
export { BULK_MAX_CONCURRENCY, BULK_STATE, BULK_TASKS, type BulkTaskName } from './states';
export type * from './types';

/** Task handlers keyed by state name, for aws-local-stepfunctions' `taskResourceLocalHandlers`. */
export const BULK_TASK_HANDLERS: Record<BulkTaskName, (input: BulkItemInput) => Promise<unknown>> = {
  BulkSubmitItem: (input) => submitItem(input),
  BulkItemFailed: (input) => itemFailed(input),
};

/** Lambda entry file of each Task state, relative to the repository root (for the workflows stack). */
export const BULK_TASK_ENTRIES: Record<BulkTaskName, string> = {
  BulkSubmitItem: 'functions/workflows/bulk-submission/submit-item.ts',
  BulkItemFailed: 'functions/workflows/bulk-submission/item-failed.ts',
};
