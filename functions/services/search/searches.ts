import { monotonicFactory } from 'ulid';
import { MAX_LIST_LIMIT, type FinalSearchStatus, type Search, type SearchMetadata } from '../../../shared/schemas/search';
import type { ScanOrigin } from '../../../shared/schemas/monitor';
import type { SourceSpec } from '../../../shared/schemas/sources';
import * as searches from '../../store/entities/search';
import type { ProgressUpdate, ReferenceFile, SearchRecord, SkippedReference } from '../../store/entities/search';
import { logger } from '../../lib/logger';
import { SEARCH_TIMEOUT_SECONDS, sweepAfter } from '../../lib/workflow-timeouts';
import { releaseScanSlot } from '../allowances/scan-slot';

export type { ReferenceFile, SearchRecord, SkippedReference };

/** Ids sort by creation time, also within one millisecond (newest-first lists rely on it). */
const ulid = monotonicFactory();

export interface NewSearch {
  userId: string;
  query: string;
  searchEngines: string[];
  contentType: string;
  /** Lets the caller choose the id (for example to store reference files under it first); a ULID otherwise. */
  id?: string;
  /** `running` (default) or `pending` (accepted, not started yet). */
  status?: 'running' | 'pending';
  references?: ReferenceFile[];
  /** Where the scan came from (default `manual`). */
  origin?: ScanOrigin;
  /** A monitor run: tagged with its monitor and listed as the monitor's child (gsi2 `MONITOR#id#SEARCH`). */
  monitorId?: string;
  /** Issue 25: sources read directly, next to the engines. */
  sources?: SourceSpec[];
}

/**
 * Writes a new search, `running` unless told `pending`, with zero progress and `enginesTotal` set to the
 * number of engines. Conditional on the id being new, so a retried start never resets a search in progress.
 */
export async function createSearch(input: NewSearch): Promise<SearchRecord> {
  const id = input.id ?? ulid();
  const createdAt = new Date().toISOString();
  const search: SearchRecord = {
    id,
    userId: input.userId,
    status: input.status ?? 'running',
    query: input.query,
    searchEngines: input.searchEngines,
    contentType: input.contentType,
    createdAt,
    progress: { stage: 'queued', enginesDone: 0, enginesTotal: input.searchEngines.length, candidatesFound: 0, candidatesMatched: 0 },
    resultCount: 0,
    references: input.references ?? [],
    origin: input.origin ?? 'manual',
    ...(input.monitorId ? { monitorId: input.monitorId } : {}),
    ...(input.sources?.length ? { sources: input.sources.map(({ kind, target }) => ({ kind, target })) } : {}),
  };
  // In the reconciler's sweep until it ends (finishSearch takes it out).
  if (!(await searches.create(search, { sweepAt: sweepAfter(createdAt, SEARCH_TIMEOUT_SECONDS) }))) throw new Error(`createSearch: search ${id} exists`);
  return search;
}

/** Reads a search by id (strongly consistent: the page polls it while the workflow writes). */
export function getSearch(id: string): Promise<SearchRecord | undefined> {
  return searches.get(id);
}

/** A user's searches, newest first, at most `limit` (capped at 500). */
export function listSearchesByUser(userId: string, limit = MAX_LIST_LIMIT): Promise<SearchRecord[]> {
  return searches.listByOwner(userId, Math.min(limit, MAX_LIST_LIMIT));
}

/**
 * Records workflow progress (the stage, the counters added atomically). Applies only while the search is open
 * (running or pending); returns false (and changes nothing) once it is final, so a late branch cannot touch a
 * finished search.
 */
export function updateSearchProgress(searchId: string, update: ProgressUpdate): Promise<boolean> {
  return searches.recordProgress(searchId, update);
}

export interface FinishSearch {
  status: FinalSearchStatus;
  successfulEngines: string[];
  failedEngines: string[];
  /** For `failed`: a message a person can act on (never internals). */
  error?: string;
  /** Issue 25: each source's branch (a failed one makes the scan `partial`). */
  sources?: SearchMetadata['sources'];
}

/**
 * Moves an open search to its final status with `metadata {completedAt, totalDuration, successfulEngines,
 * failedEngines}` and stage `done`. Conditional on the search still being open, so a retried or duplicate
 * finish cannot overwrite the first one: `finished` is false then and `search` is what is stored.
 * Throws when the search does not exist.
 */
export async function finishSearch(
  searchId: string,
  outcome: FinishSearch,
): Promise<{ finished: boolean; search: SearchRecord }> {
  const current = await getSearch(searchId);
  if (!current) throw new Error(`finishSearch: search ${searchId} does not exist`);
  const completedAt = new Date();
  const metadata: SearchMetadata = {
    completedAt: completedAt.toISOString(),
    totalDuration: Math.max(0, completedAt.getTime() - Date.parse(current.createdAt)),
    successfulEngines: outcome.successfulEngines,
    failedEngines: outcome.failedEngines,
    ...(outcome.error ? { error: outcome.error } : {}),
    ...(outcome.sources?.length ? { sources: outcome.sources } : {}),
  };
  const written = await searches.finish(searchId, outcome.status, metadata);
  if (!written) return { finished: false, search: (await getSearch(searchId))! };
  await freeSlotOf(written);
  return { finished: true, search: written };
}

/**
 * The scan that ended gives its user's one-scan slot back (scheduled monitor runs never take it). A failed
 * release is only logged: the slot's lease frees it a few minutes later, since its search is no longer running.
 */
async function freeSlotOf(search: SearchRecord): Promise<void> {
  if (search.origin === 'monitor-scheduled') return;
  try {
    await releaseScanSlot(search.userId, search.id);
  } catch (err) {
    logger.warn('scan slot not released; its lease will free it', { searchId: search.id, error: err as Error });
  }
}

/** The API shape of a search (drops backend-only fields such as the reference file keys). */
export function toSearchDto(record: SearchRecord): Search {
  const { references, origin: _origin, skippedReferences, hashedVideos, ...search } = record;
  return { ...search, ...namedSkippedReferences(references, skippedReferences), ...namedVideoReferences(references, hashedVideos) };
}

/** The API's `videoReferences` (a search's or a monitor's): the fingerprinted videos by name, with their frames hashed. */
export function namedVideoReferences(
  references: readonly { id: string; filename: string }[],
  hashed: readonly { id: string; frames: number; durationSeconds: number }[] = [],
): { videoReferences?: { filename: string; frames: number; durationSeconds: number }[] } {
  if (hashed.length === 0) return {};
  return { videoReferences: hashed.map(({ id, frames, durationSeconds }) => ({ filename: references.find((r) => r.id === id)?.filename ?? 'a reference video', frames, durationSeconds })) };
}

/**
 * The API's `skippedReferences` (a search's or a monitor's): the skipped files by name, with their reason;
 * nothing when none was skipped.
 */
export function namedSkippedReferences(
  references: readonly { id: string; filename: string }[],
  skipped: readonly SkippedReference[] = [],
): { skippedReferences?: { filename: string; reason: string }[] } {
  if (skipped.length === 0) return {};
  return { skippedReferences: skipped.map(({ id, reason }) => ({ filename: references.find((r) => r.id === id)?.filename ?? 'a reference file', reason })) };
}

/** A monitor's runs (its searches), newest first. */
export function listSearchesByMonitor(monitorId: string, limit: number): Promise<SearchRecord[]> {
  return searches.listByMonitor(monitorId, limit);
}

/** Records how many results a monitor run found first (set by its persist step; a retry sets the same figure). */
export async function setSearchNewCount(searchId: string, newCount: number): Promise<void> {
  if (!(await searches.setNewCount(searchId, newCount))) throw new Error(`setSearchNewCount: search ${searchId} does not exist`);
}
