import type { RecipientGroup } from '../../services/submissions/batch-claims';
import type { AllowanceTaken, BulkCaseOptions, BulkItem } from '../../../shared/workflows/bulk-submission';

/* The workflow's input (BulkSubmissionInput, BulkItem, ...) is in shared/workflows/bulk-submission.ts: the endpoint starts it. */

/** What each Map iteration receives (the Map's ItemSelector). */
export interface BulkItemInput {
  bulkId: string;
  userId: string;
  options: BulkCaseOptions;
  allowance: AllowanceTaken;
  item: BulkItem;
  /** Set by the Catch on BulkSubmitItem: the error that was left after its retries. */
  failure?: { Error: string; Cause?: string };
}

/** How one item ended (the Map's per-item output). */
export interface BulkItemOutcome {
  resultId: string;
  caseId?: string;
  /** started: a notice attempt began; under-way: one was already running; resolved: nothing to send; failed. */
  outcome: 'started' | 'under-way' | 'resolved' | 'failed';
  reason?: string;
}

/** BulkGroup's input: the execution's state (its items name every case of the batch). */
export interface BulkGroupInput {
  bulkId: string;
  userId: string;
  items: { resultId: string; caseId: string }[];
}

/** What each SendEachGroup iteration receives. */
export interface BulkSendGroupInput {
  bulkId: string;
  userId: string;
  group: RecipientGroup;
}
