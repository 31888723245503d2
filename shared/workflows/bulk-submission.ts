import type { SubmissionPlatform } from '../plans';
import type { DmcaSearchEngine } from '../schemas/cases';

/**
 * The bulk submission workflow's input and the wording both sides use, here because the endpoint
 * (services/submissions/bulk-submit.ts), the execution record and the workflow's tasks all read them: a service
 * does not import from the workflow it starts. Plain data, no Node or AWS.
 */

/** One accepted result of a bulk submission: its case is `caseId` (an existing case of the result, or the bulk id). */
export interface BulkItem {
  resultId: string;
  caseId: string;
}

/** What the cases every item creates are filled with (the request's fields, resolved). */
export interface BulkCaseOptions {
  /** On one of the creator's own sites, or absent: the notices then describe the work without one (issue 23). */
  originalUrl?: string;
  description?: string;
  searchEngine: DmcaSearchEngine;
  platforms: SubmissionPlatform[];
}

/**
 * The allowance taken for the items, as it travels in the execution's input: the counters it was taken on
 * (functions/store/counters.ts `CounterRef`, as JSON) and how many units. The allowances service's
 * `AllowanceUse` has this shape, so what the endpoint took is what each item gives back.
 */
export interface AllowanceTaken {
  refs: { key: { pk: string; sk: string }; attribute: string; set?: Record<string, unknown>; ttl?: number }[];
  n: number;
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
  allowance: AllowanceTaken;
  items: BulkItem[];
}

/** The reason a result whose case is resolved is not sent again (the endpoint's and the task's). */
export const ALREADY_RESOLVED = 'Already resolved: the copy was taken down.';
