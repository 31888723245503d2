/**
 * State names of the bulk submission workflow (ARCHITECTURE.md, "Bulk submission"). The ASL
 * (infra/workflows/bulk-submission-definition.ts) uses them and the local runner maps its task handlers by
 * them (aws-local-stepfunctions overrides are keyed by state name): renaming one is a contract change.
 */
export const BULK_STATE = {
  /** Issue 23: recovery's resend of a stopped batch (`$.resend`) starts at the grouping; a new batch at SubmitEach. */
  Start: 'BulkStart',
  SubmitEach: 'SubmitEach',
  SubmitItem: 'BulkSubmitItem',
  ItemFailed: 'BulkItemFailed',
  ItemDone: 'BulkItemDone',
  /** Issue 23: the batch's claimed cases grouped by recipient, then one message per group. */
  Group: 'BulkGroup',
  SendEachGroup: 'SendEachGroup',
  SendGroup: 'BulkSendGroup',
  GroupDone: 'BulkGroupDone',
  Done: 'BulkDone',
} as const;

/** The Task states; each has one handler (functions/workflows/bulk-submission/index.ts). */
export const BULK_TASKS = ['BulkSubmitItem', 'BulkItemFailed', 'BulkGroup', 'BulkSendGroup'] as const;
export type BulkTaskName = (typeof BULK_TASKS)[number];

/** How many cases of one bulk submission are worked on at once (the Map's MaxConcurrency). */
export const BULK_MAX_CONCURRENCY = 5;
