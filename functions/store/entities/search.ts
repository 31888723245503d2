import * as z from 'zod';
import { SCAN_ORIGINS, type ScanOrigin } from '../../../shared/schemas/monitor';
import {
  searchMetadataSchema,
  searchStageSchema,
  searchStatusSchema,
  type FinalSearchStatus,
  type Search,
  type SearchMetadata,
  type SearchStage,
} from '../../../shared/schemas/search';
import { SOURCE_KINDS } from '../../../shared/schemas/sources';
import { keys } from '../keys';
import { Cond, GSI1, GSI2, GSI3, deleteItemIf, getItem, putItemIf, query, queryNewest, updateItemIf, type Item } from '../table';

/**
 * A search (scan): `SEARCH#id`, listed newest first under its owner on gsi1 and, for a monitor run, under its
 * monitor on gsi2; in the reconciler's sweep (gsi3 `SEARCH_SWEEP_DUE`) while it is open. Its progress counters are
 * top-level attributes so concurrent workflow branches can ADD to them atomically (ADD on nested map paths is
 * not relied on); they are gathered into `progress` on read. `persistedBatches` (a string set) stays inside
 * this module: it is what makes a retried persist count nothing twice.
 */
export const SEARCH = 'SEARCH';

/** The statuses in which a search still takes progress, results and its one finish. */
const OPEN = ['running', 'pending'] as const;

/** A reference file of a search as stored in S3 by the start call (the workflow fingerprints these). */
const referenceSchema = z.looseObject({
  id: z.string(),
  /** Object key in the uploads bucket. */
  key: z.string(),
  filename: z.string(),
  mediaType: z.string(),
});
export type ReferenceFile = z.infer<typeof referenceSchema>;

/** A reference file the scan could not fingerprint, and why (`too little detail to fingerprint`, ...). */
const skippedSchema = z.object({ id: z.string(), reason: z.string() });
export type SkippedReference = z.infer<typeof skippedSchema>;

/** A reference video the scan fingerprinted: distinct frames hashed, and its length (issue 24). */
const hashedVideoSchema = z.object({ id: z.string(), frames: z.number().int().nonnegative(), durationSeconds: z.number().nonnegative() });
export type HashedVideoReference = z.infer<typeof hashedVideoSchema>;

/** A search as the services see it: the API shape plus what only the backend reads. */
export interface SearchRecord extends Omit<Search, 'skippedReferences' | 'videoReferences'> {
  references: ReferenceFile[];
  /** Reference files the Fingerprint task could not hash, by id (the DTO names them by file name). */
  skippedReferences?: SkippedReference[];
  /** Reference videos the Fingerprint task hashed, by id. */
  hashedVideos?: HashedVideoReference[];
  /** Searches written before origins were stored read as `manual`. */
  origin: ScanOrigin;
}

const count = z.coerce.number().default(0);

/**
 * Version 1 (items written before versions were stored have none and read as 1). The fields the code reads;
 * anything else on the item (keys, `entity`, `persistedBatches`) is dropped on read.
 */
const itemSchema = z.object({
  v: z.literal(1).default(1),
  id: z.string(),
  userId: z.string(),
  status: searchStatusSchema,
  query: z.string(),
  searchEngines: z.array(z.string()).nullish(),
  contentType: z.string(),
  createdAt: z.string(),
  stage: searchStageSchema.nullish(),
  enginesDone: count,
  enginesTotal: count,
  candidatesFound: count,
  candidatesMatched: count,
  resultCount: count,
  origin: z.enum(SCAN_ORIGINS).nullish(),
  monitorId: z.string().nullish(),
  newCount: z.coerce.number().optional(),
  metadata: searchMetadataSchema.nullish(),
  references: z.array(referenceSchema).nullish(),
  skippedReferences: z.array(skippedSchema).nullish(),
  /** Issue 25: sources read directly; searches written before read as none. */
  sources: z.array(z.object({ kind: z.enum(SOURCE_KINDS), target: z.string() })).nullish(),
  /** Issue 25: Telegram channels a manual scan's results and posts linked to (written once, by Finalize). */
  discoveredChannels: z.array(z.string()).nullish(),
  hashedVideos: z.array(hashedVideoSchema).nullish(),
});

export function fromItem(item: Item): SearchRecord {
  const s = itemSchema.parse(item);
  return {
    id: s.id,
    userId: s.userId,
    status: s.status,
    query: s.query,
    searchEngines: s.searchEngines ?? [],
    contentType: s.contentType,
    createdAt: s.createdAt,
    progress: {
      enginesDone: s.enginesDone,
      enginesTotal: s.enginesTotal,
      candidatesFound: s.candidatesFound,
      candidatesMatched: s.candidatesMatched,
      stage: s.stage ?? 'queued',
    },
    resultCount: s.resultCount,
    origin: s.origin ?? 'manual',
    ...(s.monitorId ? { monitorId: s.monitorId } : {}),
    ...(s.newCount !== undefined ? { newCount: s.newCount } : {}),
    ...(s.metadata ? { metadata: s.metadata } : {}),
    references: s.references ?? [],
    ...(s.skippedReferences ? { skippedReferences: s.skippedReferences } : {}),
    ...(s.sources?.length ? { sources: s.sources } : {}),
    ...(s.discoveredChannels?.length ? { discoveredChannels: s.discoveredChannels } : {}),
    ...(s.hashedVideos ? { hashedVideos: s.hashedVideos } : {}),
  };
}

/**
 * The stored item of `search`. `sweepAt` (an ISO time) puts an open search in the reconciler's sweep, which
 * `finish` takes it out of.
 */
export function toItem(search: SearchRecord, opts: { sweepAt?: string } = {}): Item {
  const { progress, ...rest } = search;
  return {
    ...keys.entity(SEARCH, search.id),
    ...keys.ownedBy(search.userId, SEARCH, search.id),
    ...(opts.sweepAt ? keys.due('SEARCH_SWEEP', opts.sweepAt, search.id) : {}),
    ...(search.monitorId ? keys.childOf('MONITOR', search.monitorId, SEARCH, search.id) : {}),
    entity: SEARCH,
    v: 1,
    ...rest,
    stage: progress.stage,
    enginesDone: progress.enginesDone,
    enginesTotal: progress.enginesTotal,
    candidatesFound: progress.candidatesFound,
    candidatesMatched: progress.candidatesMatched,
  };
}

const key = (id: string) => keys.entity(SEARCH, id);
const isOpen = () => Cond.in('status', OPEN);

/** Writes a new search; false when the id is taken (a retried start never resets a search in progress). */
export function create(search: SearchRecord, opts: { sweepAt?: string } = {}): Promise<boolean> {
  return putItemIf(toItem(search, opts), Cond.notExists());
}

/** A search by id (consistent: the page polls it while the workflow writes). */
export async function get(id: string): Promise<SearchRecord | undefined> {
  const item = await getItem(key(id));
  return item && fromItem(item);
}

/** Only the search's status (consistent), for the scan slot's "is its holder still running". */
export async function statusOf(id: string): Promise<string | undefined> {
  const item = await getItem(key(id), { attributes: ['status'] });
  return item?.status as string | undefined;
}

/** A user's searches, newest first. */
export async function listByOwner(userId: string, limit: number): Promise<SearchRecord[]> {
  const items = await queryNewest({ index: GSI1.indexName, partition: keys.ownedByPartition(userId, SEARCH), limit });
  return items.map(fromItem);
}

/** Whether the user ever started a scan (one key-only item read). */
export async function ownerHasSearches(userId: string): Promise<boolean> {
  const items = await query({ index: GSI1.indexName, partition: keys.ownedByPartition(userId, SEARCH), limit: 1, descending: true, attributes: ['id'] });
  return items.length > 0;
}

/**
 * Deletes a finished search of `userId` (the creator's "delete this scan", issue 27); false when it is gone,
 * someone else's, or still open (a running workflow would write to it).
 */
export function remove(id: string, userId: string): Promise<boolean> {
  return deleteItemIf(key(id), Cond.and(Cond.eq('userId', userId), Cond.not(isOpen())));
}

/** A monitor's runs (its searches), newest first. */
export async function listByMonitor(monitorId: string, limit: number): Promise<SearchRecord[]> {
  const items = await queryNewest({ index: GSI2.indexName, partition: keys.childOfPartition('MONITOR', monitorId, SEARCH), limit });
  return items.map(fromItem);
}

export interface ProgressUpdate {
  stage?: SearchStage;
  /** Replaces the number of engines queried (when the plan narrows the engines requested). */
  enginesTotal?: number;
  /** Added to the current values; concurrent Map branches can report at once without losing counts. */
  increment?: { enginesDone?: number; candidatesFound?: number; candidatesMatched?: number };
  /** Replaces the reference files the scan could not fingerprint (the Fingerprint task's `skipped`). */
  skippedReferences?: SkippedReference[];
  /** Replaces the reference videos the scan fingerprinted (the Fingerprint task's `videos`). */
  hashedVideos?: HashedVideoReference[];
}

/**
 * Records workflow progress in one UpdateItem (SET the stage, ADD the counters) while the search exists and is
 * open; false (nothing changed) once it is final, so a late branch cannot touch a finished search. An update
 * with nothing in it sends nothing.
 */
export async function recordProgress(id: string, update: ProgressUpdate): Promise<boolean> {
  const set: Item = {
    stage: update.stage,
    enginesTotal: update.enginesTotal,
    skippedReferences: update.skippedReferences?.map(({ id: refId, reason }) => ({ id: refId, reason })),
    hashedVideos: update.hashedVideos?.map(({ id: refId, frames, durationSeconds }) => ({ id: refId, frames, durationSeconds })),
  };
  const add = Object.fromEntries(Object.entries(update.increment ?? {}).filter(([, n]) => n)) as Record<string, number>;
  if (Object.values(set).every((v) => v === undefined) && Object.keys(add).length === 0) return true;
  return (await updateItemIf(key(id), { set, add }, Cond.and(Cond.exists(), isOpen()))) !== undefined;
}

/**
 * Moves an open search to its final status with its metadata and stage `done`, out of the sweep: the search as
 * written, or `undefined` when it was not open (a retried or duplicate finish never overwrites the first).
 */
export async function finish(id: string, status: FinalSearchStatus, metadata: SearchMetadata): Promise<SearchRecord | undefined> {
  const written = await updateItemIf(
    key(id),
    { set: { status, metadata, stage: 'done' }, remove: [GSI3.partitionKey, GSI3.sortKey] },
    isOpen(),
  );
  return written && fromItem(written);
}

/**
 * Claims a persisted batch of results on its open search (`batchKey` into `persistedBatches`, `n` onto
 * `resultCount`): `claimed` the first time; `duplicate` when the batch was claimed before (a retried persist,
 * which counts nothing again); `closed` when the search is final or absent.
 */
export async function claimBatch(id: string, batchKey: string, n: number): Promise<'claimed' | 'duplicate' | 'closed'> {
  const notYet = Cond.not(Cond.contains('persistedBatches', batchKey));
  if (await updateItemIf(key(id), { add: { persistedBatches: new Set([batchKey]), resultCount: n } }, Cond.and(isOpen(), notYet))) return 'claimed';
  const now = await getItem(key(id), { attributes: ['persistedBatches'] });
  return (now?.persistedBatches as Set<string> | undefined)?.has(batchKey) ? 'duplicate' : 'closed';
}

/**
 * Takes `n` results that were removed (result retention, issue 27) off a search's `resultCount`, so the scan says
 * what it still lists. Guarded: nothing when the search is gone or counts fewer than `n` (never below zero).
 */
export async function uncountResults(id: string, n: number): Promise<boolean> {
  if (n <= 0) return true;
  return (await updateItemIf(key(id), { add: { resultCount: -n } }, Cond.and(Cond.exists(), Cond.ge('resultCount', n)))) !== undefined;
}

/** Records how many results a monitor run found first; false when the search does not exist. */
export async function setNewCount(id: string, newCount: number): Promise<boolean> {
  return (await updateItemIf(key(id), { set: { newCount } }, Cond.exists())) !== undefined;
}

/** Records the Telegram channels a manual scan discovered (issue 25), on an existing search; none: nothing is sent. */
export async function setDiscoveredChannels(id: string, channels: readonly string[]): Promise<boolean> {
  if (channels.length === 0) return false;
  return (await updateItemIf(key(id), { set: { discoveredChannels: [...channels] } }, Cond.exists())) !== undefined;
}
