import type { Candidate } from '../../adapters/providers';
import type { ResultVia, SourceKind } from '../../../shared/schemas/sources';
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

/**
 * What Triage reads: an engine's candidate, or a source's (issue 25), whose `engine` and `provider` name the
 * source's kind and whose `via` says which source and post it came from.
 */
export type FoundCandidate = Omit<Candidate, 'engine' | 'provider'> & {
  engine: string;
  provider: string;
  via?: ResultVia;
  /** A source's video medium (its poster is `imageUrl`): for frame sampling. */
  videoUrl?: string;
};

/** What one QuerySource branch returns: like EngineOutcome, its candidates in S3. */
export interface SourceOutcome {
  candidatesKey: string;
  /** Candidates (one per medium) for Triage. */
  candidates: number;
  /** Posts the source returned. */
  posts: number;
  requests: number;
  /** Wall time of the branch's read (rate-limit waits included), in seconds; absent in executions started before it. */
  seconds?: number;
  /** Set when the connector ended the run early, in words: the scan is `partial` and says why. */
  stoppedBecause?: string;
  /** Telegram channels seen in the posts' `t.me/` links (discovery). */
  telegramChannels: string[];
}

/** One QuerySources Map item's result, as the definition's SourceDone / SourceFailed Pass states shape it. */
export type SourceResult =
  | { source: { kind: SourceKind; target: string }; ok: true; result: SourceOutcome }
  | { source: { kind: SourceKind; target: string }; ok: false; error: string };

/** Item given to QuerySource by the Map state's itemSelector. */
export interface QuerySourceInput {
  source: { kind: SourceKind; target: string };
  searchId: string;
  userId: string;
  /** Monitor runs: posts older than the last run are not wanted (null on a first run or a manual scan). */
  since?: string | null;
}

export interface TriageOutput {
  triagedKey: string;
  kept: number;
  matched: number;
  droppedAllowlisted: number;
  /** Telegram channels the kept results link to (issue 25's discovery). */
  telegramChannels?: string[];
}

/** The execution state as it grows: each task's result lands under its own key (see search-definition.ts). */
export interface SearchState extends SearchWorkflowInput {
  fingerprint?: FingerprintOutput;
  engineResults?: EngineResult[];
  sourceResults?: SourceResult[];
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
