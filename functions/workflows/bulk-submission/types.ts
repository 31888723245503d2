import type { SubmissionPlatform } from '../../../shared/plans';
import type { DmcaSearchEngine } from '../../../shared/schemas/cases';
import type { AllowanceUse } from '../../services/allowances/allowances';

/** One accepted result of a bulk submission: its case is `caseId` (an existing case of the result, or the bulk id). */
export interface BulkItem {
  resultId: string;
  caseId: string;
}

/** What the cases every item creates are filled with (the request's fields, resolved). */
export interface BulkCaseOptions {
  originalUrl: string;
  description?: string;
  searchEngine: DmcaSearchEngine;
  platforms: SubmissionPlatform[];
}

/**
 * The bulk workflow's input. `allowance` is the submission allowance taken for ALL items at once by the
 * endpoint (`n` = items.length); each item that ends without starting a notice gives one unit back on the same
 * counters. The execution is named `bulkId`.
 */
export interface BulkSubmissionInput {
  bulkId: string;
  userId: string;
  options: BulkCaseOptions;
  allowance: AllowanceUse;
  items: BulkItem[];
}

/** What each Map iteration receives (the Map's ItemSelector). */
export interface BulkItemInput {
  bulkId: string;
  userId: string;
  options: BulkCaseOptions;
  allowance: AllowanceUse;
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
