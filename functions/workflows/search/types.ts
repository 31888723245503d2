import type { SearchWorkflowInput } from '../../../shared/workflows/search';
import type { SkippedReference } from '../../services/search/searches';

/** Output of the Fingerprint task: where the reference hash set was stored. */
export interface FingerprintOutput {
  /** S3 key (uploads bucket) of the serialised hash sets; absent when no reference could be hashed. */
  fingerprintsKey?: string;
  hashed: number;
  /** Image references usable for reverse image search. */
  reverseImageReferences: { id: string; key: string }[];
  /**
   * Video references that were fingerprinted. Only the sandbox web is asked about them (it plants edited copies
   * of each, issue 24); no real engine searches by video. Absent in outputs written before it existed.
   */
  videoReferences?: { id: string; key: string }[];
  /** Reference files that could not be hashed (for example too flat to fingerprint), with the reason. */
  skipped: SkippedReference[];
}

/** What one QueryEngine branch returns: candidates go to S3 because Step Functions payloads cap at 256 KB. */
export interface EngineOutcome {
  candidatesKey: string;
  candidates: number;
  /** Kinds of search that failed inside an engine that otherwise answered. */
  failedKinds: string[];
  sandbox: boolean;
}

/** One Map item's result, as the definition's EngineDone / EngineFailed Pass states shape it. */
export type EngineResult =
  | { engine: string; ok: true; result: EngineOutcome }
  | { engine: string; ok: false; error: string };

export interface TriageOutput {
  triagedKey: string;
  kept: number;
  matched: number;
  droppedAllowlisted: number;
}

/** The execution state as it grows: each task's result lands under its own key (see search-definition.ts). */
export interface SearchState extends SearchWorkflowInput {
  fingerprint?: FingerprintOutput;
  engineResults?: EngineResult[];
  triage?: TriageOutput;
  persisted?: { persisted: number };
  failure?: { Error?: string; Cause?: string };
}

/** Item given to QueryEngine by the Map state's itemSelector. */
export interface QueryEngineInput {
  engine: string;
  searchId: string;
  userId: string;
  fingerprint?: FingerprintOutput;
}
