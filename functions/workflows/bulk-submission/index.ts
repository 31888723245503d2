import { groupItems } from './group';
import { itemFailed } from './item-failed';
import { sendRecipientGroup } from './send-group';
import type { BulkTaskName } from './states';
import { submitItem } from './submit-item';
import type { BulkGroupInput, BulkItemInput, BulkSendGroupInput } from './types';

/**
 * The bulk submission workflow's task handlers. On AWS each file's `handler` is its Lambda entry; locally the
 * runner maps them by state name with BULK_TASK_HANDLERS.
 */
export { BULK_MAX_CONCURRENCY, BULK_STATE, BULK_TASKS, type BulkTaskName } from './states';
export type * from './types';

/** Task handlers keyed by state name, for aws-local-stepfunctions' `taskResourceLocalHandlers`. */
export const BULK_TASK_HANDLERS = {
  BulkSubmitItem: (input: BulkItemInput) => submitItem(input),
  BulkItemFailed: (input: BulkItemInput) => itemFailed(input),
  BulkGroup: (input: BulkGroupInput) => groupItems(input),
  BulkSendGroup: (input: BulkSendGroupInput) => sendRecipientGroup(input),
} satisfies Record<BulkTaskName, (input: never) => Promise<unknown>>;

/** Lambda entry file of each Task state, relative to the repository root (for the workflows stack). */
export const BULK_TASK_ENTRIES: Record<BulkTaskName, string> = {
  BulkSubmitItem: 'functions/workflows/bulk-submission/submit-item.ts',
  BulkItemFailed: 'functions/workflows/bulk-submission/item-failed.ts',
  BulkGroup: 'functions/workflows/bulk-submission/group.ts',
  BulkSendGroup: 'functions/workflows/bulk-submission/send-group.ts',
};
