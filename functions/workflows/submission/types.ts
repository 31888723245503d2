/**
 * The submission workflow's state (what each Task state receives, payload only, and where its result lands).
 * The case in DynamoDB is the record of truth; the execution state carries only ids and small results. The input
 * is in shared/workflows/submission.ts (its starters read it too).
 */
import type { SubmissionWorkflowInput } from '../../../shared/workflows/submission';

/** FindContact's result, at `$.contact`. */
export type ContactOutput =
  | { found: true; email: string; source: string; entityName?: string }
  | { found: false; reason: string };

/** SendNotice's result, at `$.notice`. */
export interface NoticeOutput {
  recipient: string;
  messageId: string;
  /** Where the message is when there is somewhere to look (the outbox file locally). */
  location?: string;
  /** The PDF sent, as stored in the notices bucket. */
  pdfKey: string;
}

/** MarkSent's result, at `$.marked`. */
export interface MarkedOutput {
  /** True when this attempt moved the case from pending to sent (dmcaSent counted). */
  transitioned: boolean;
  recheckAt: string;
}

/** Recheck's result, at `$.recheck`. */
export interface RecheckOutput {
  outcome: 'removed' | 'still-online' | 'superseded';
  reason: string;
  urls: { url: string; gone: boolean; reason: string }[];
}

/** The whole state after each step (each key is added by its step). */
export interface SubmissionState extends SubmissionWorkflowInput {
  contact?: ContactOutput;
  notice?: NoticeOutput;
  marked?: MarkedOutput;
  recheck?: RecheckOutput;
  /** Set by a Catch: the error name and cause of the step that failed. */
  failure?: { Error: string; Cause?: string };
}
