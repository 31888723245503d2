/**
 * The submission workflow's state (what each Task state receives, payload only, and where its result lands).
 * The case in DynamoDB is the record of truth; the execution state carries only ids and small results. The input
 * is in shared/workflows/submission.ts (its starters read it too).
 */
import type { LadderStep } from '../../../shared/schemas/cases';
import type { SubmissionWorkflowInput } from '../../../shared/workflows/submission';

/**
 * FindContact's result, at `$.contact`: a recipient for the step's notice, an agent task (the step's channel is a
 * web form: the agent files it, the workflow waits and re-checks), or nothing on this rung (the case climbs).
 */
export type ContactOutput =
  | { found: true; step: LadderStep; email: string; source: string; entityName?: string }
  | { found: false; step: LadderStep; agentTask?: boolean; reason: string };

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

/** Recheck's result, at `$.recheck`. `ended`: the case has an outcome (a counter-notice recorded meanwhile). */
export interface RecheckOutput {
  outcome: 'removed' | 'still-online' | 'superseded' | 'ended';
  reason: string;
  urls: { url: string; gone: boolean; reason: string }[];
}

/** Climb's result, at `$.climb`: the rung FindContact works on next, or `end` (the case has ended). */
export interface ClimbOutput {
  next: LadderStep | 'end';
}

/** QueueDelisting's and CheckDelisting's result, at `$.delisting`. */
export interface DelistingOutput {
  /** True when the case has its outcome (delisted, removed, stopped, counter-noticed). */
  settled: boolean;
  checksLeft: number;
  queued?: number;
}

/** The whole state after each step (each key is added by its step). */
export interface SubmissionState extends SubmissionWorkflowInput {
  contact?: ContactOutput;
  notice?: NoticeOutput;
  marked?: MarkedOutput;
  recheck?: RecheckOutput;
  climb?: ClimbOutput;
  delisting?: DelistingOutput;
  /** Set by a Catch: the error name and cause of the step that failed. */
  failure?: { Error: string; Cause?: string };
}
