/**
 * State names of the account erasure workflow (docs/ARCHITECTURE.md, "Data the creator controls"). The ASL
 * (infra/workflows/account-erasure-definition.ts) uses them and the local runner maps its task handlers by them.
 */
export const ERASURE_STATE = {
  Begin: 'EraseBegin',
  ScanRunning: 'EraseScanRunning',
  WaitForScan: 'EraseWaitForScan',
  Files: 'EraseFiles',
  Items: 'EraseItems',
  MoreItems: 'EraseMoreItems',
  Identity: 'EraseIdentity',
  Report: 'EraseReport',
  Done: 'EraseDone',
} as const;

/** The Task states; each has one handler (functions/workflows/account-erasure/index.ts). */
export const ERASURE_TASKS = ['EraseBegin', 'EraseFiles', 'EraseItems', 'EraseIdentity', 'EraseReport'] as const;
export type ErasureTaskName = (typeof ERASURE_TASKS)[number];

/** How long the workflow waits before asking again whether the user's running scan has ended. */
export const ERASURE_SCAN_WAIT_SECONDS = 60;
