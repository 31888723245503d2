import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { monotonicFactory } from 'ulid';
import {
  MAX_LIST_LIMIT,
  type FinalSearchStatus,
  type Search,
  type SearchMetadata,
  type SearchStage,
  type SearchStatus,
} from '../../../shared/schemas/search';
import type { ScanOrigin } from '../../../shared/schemas/monitor';
import { db, tableName } from '../../store/table';
import { keys } from '../../store/keys';
import { isConditionFailure, queryNewest } from '../../store/table';
import { GSI1, GSI2 } from '../../store/table';
import { logger } from '../../lib/logger';
import { SEARCH_TIMEOUT_SECONDS, sweepAfter } from '../../lib/workflow-timeouts';
import { releaseScanSlot } from '../allowances/scan-slot';

export const SEARCH = 'SEARCH';

/** Ids sort by creation time, also within one millisecond (newest-first lists rely on it). */
const ulid = monotonicFactory();

/** A reference file of a search as stored in S3 by the start call (the workflow fingerprints these). */
export interface ReferenceFile {
  id: string;
  /** Object key in the uploads bucket. */
  key: string;
  filename: string;
  mediaType: string;
}


/** A reference file the scan could not fingerprint, and why (`too little detail to fingerprint`, ...). */
export interface SkippedReference {
  id: string;
  reason: string;
}

/** A search as the services see it: the API shape plus what only the backend reads. */
export interface SearchRecord extends Omit<Search, 'skippedReferences'> {
  references: ReferenceFile[];
  /** Reference files the Fingerprint task could not hash, by id (the DTO names them by file name). */
  skippedReferences?: SkippedReference[];
  /** Searches written before origins were stored read as `manual`. */
  origin: ScanOrigin;
}

/*
 * Item layout (see docs/ARCHITECTURE.md, "Access patterns: searches, results, allowlist"): progress counters
 * are top-level attributes so they can be ADDed atomically (ADD on nested map paths is not something to rely
 * on), and are gathered into `progress` on read.
 */
type SearchItem = Record<string, unknown>;

function toRecord(item: SearchItem): SearchRecord {
  return {
    id: item.id as string,
    userId: item.userId as string,
    status: item.status as SearchStatus,
    query: item.query as string,
    searchEngines: (item.searchEngines as string[]) ?? [],
    contentType: item.contentType as string,
    createdAt: item.createdAt as string,
    progress: {
      enginesDone: Number(item.enginesDone ?? 0),
      enginesTotal: Number(item.enginesTotal ?? 0),
      candidatesFound: Number(item.candidatesFound ?? 0),
      candidatesMatched: Number(item.candidatesMatched ?? 0),
      stage: (item.stage as SearchStage) ?? 'queued',
    },
    resultCount: Number(item.resultCount ?? 0),
    origin: (item.origin as ScanOrigin | undefined) ?? 'manual',
    ...(item.monitorId ? { monitorId: item.monitorId as string } : {}),
    ...(item.newCount !== undefined ? { newCount: Number(item.newCount) } : {}),
    ...(item.metadata ? { metadata: item.metadata as SearchMetadata } : {}),
    references: (item.references as ReferenceFile[]) ?? [],
    ...(item.skippedReferences ? { skippedReferences: item.skippedReferences as SkippedReference[] } : {}),
  };
}

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
}

/**
 * Writes a new search, `running` unless told `pending`, with zero progress and `enginesTotal` set to the
 * number of engines. Conditional on the id being new, so a retried start never resets a search in progress.
 */
export async function createSearch(input: NewSearch): Promise<SearchRecord> {
  const id = input.id ?? ulid();
  const createdAt = new Date().toISOString();
  const item: SearchItem = {
    ...keys.entity(SEARCH, id),
    ...keys.ownedBy(input.userId, SEARCH, id),
    entity: SEARCH,
    id,
    userId: input.userId,
    status: input.status ?? 'running',
    query: input.query,
    searchEngines: input.searchEngines,
    contentType: input.contentType,
    createdAt,
    stage: 'queued',
    enginesDone: 0,
    enginesTotal: input.searchEngines.length,
    candidatesFound: 0,
    candidatesMatched: 0,
    resultCount: 0,
    references: input.references ?? [],
    origin: input.origin ?? 'manual',
    // In the reconciler's sweep until it ends (finishSearch removes these keys).
    ...keys.due('SEARCH_SWEEP', sweepAfter(createdAt, SEARCH_TIMEOUT_SECONDS), id),
    ...(input.monitorId ? { monitorId: input.monitorId, ...keys.childOf('MONITOR', input.monitorId, SEARCH, id) } : {}),
  };
  await db().send(
    new PutCommand({ TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' }),
  );
  return toRecord(item);
}

/** Reads a search by id (strongly consistent: the page polls it while the workflow writes). */
export async function getSearch(id: string): Promise<SearchRecord | undefined> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.entity(SEARCH, id), ConsistentRead: true }),
  );
  return Item ? toRecord(Item) : undefined;
}

/** A user's searches, newest first, at most `limit` (capped at 500). */
export async function listSearchesByUser(userId: string, limit = MAX_LIST_LIMIT): Promise<SearchRecord[]> {
  const items = await queryNewest({
    index: GSI1.indexName,
    partition: keys.ownedByPartition(userId, SEARCH),
    limit: Math.min(limit, MAX_LIST_LIMIT),
  });
  return items.map(toRecord);
}

const PROGRESS_COUNTERS = ['enginesDone', 'candidatesFound', 'candidatesMatched'] as const;

export interface ProgressUpdate {
  stage?: SearchStage;
  /** Replaces the number of engines queried (when the plan narrows the engines requested). */
  enginesTotal?: number;
  /** Added to the current values; concurrent Map branches can report at once without losing counts. */
  increment?: { enginesDone?: number; candidatesFound?: number; candidatesMatched?: number };
  /** Replaces the reference files the scan could not fingerprint (the Fingerprint task's `skipped`). */
  skippedReferences?: SkippedReference[];
}

/**
 * Records workflow progress in one atomic UpdateItem: `SET` for the stage, `ADD` for the counters. Applies
 * only while the search is open (running or pending); returns false (and changes nothing) once it is final,
 * so a late branch cannot touch a finished search.
 */
export async function updateSearchProgress(searchId: string, update: ProgressUpdate): Promise<boolean> {
  const sets: string[] = [];
  const adds: string[] = [];
  const values: Record<string, unknown> = { ':running': 'running', ':pending': 'pending' };
  if (update.stage) {
    sets.push('stage = :stage');
    values[':stage'] = update.stage;
  }
  if (update.enginesTotal !== undefined) {
    sets.push('enginesTotal = :enginesTotal');
    values[':enginesTotal'] = update.enginesTotal;
  }
  if (update.skippedReferences !== undefined) {
    sets.push('skippedReferences = :skippedReferences');
    values[':skippedReferences'] = update.skippedReferences.map(({ id, reason }) => ({ id, reason }));
  }
  for (const name of PROGRESS_COUNTERS) {
    const n = update.increment?.[name];
    if (!n) continue;
    adds.push(`${name} :${name}`);
    values[`:${name}`] = n;
  }
  if (sets.length === 0 && adds.length === 0) return true;
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.entity(SEARCH, searchId),
        UpdateExpression: [sets.length ? `SET ${sets.join(', ')}` : '', adds.length ? `ADD ${adds.join(', ')}` : '']
          .join(' ')
          .trim(),
        ConditionExpression: 'attribute_exists(pk) AND #status IN (:running, :pending)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: values,
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

export interface FinishSearch {
  status: FinalSearchStatus;
  successfulEngines: string[];
  failedEngines: string[];
  /** For `failed`: a message a person can act on (never internals). */
  error?: string;
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
  };
  try {
    const res = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.entity(SEARCH, searchId),
        UpdateExpression: 'SET #status = :status, metadata = :metadata, stage = :done REMOVE gsi3pk, gsi3sk',
        ConditionExpression: '#status IN (:running, :pending)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':status': outcome.status,
          ':metadata': metadata,
          ':done': 'done',
          ':running': 'running',
          ':pending': 'pending',
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    const search = toRecord(res.Attributes!);
    await freeSlotOf(search);
    return { finished: true, search };
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
    return { finished: false, search: (await getSearch(searchId))! };
  }
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
  const { references, origin: _origin, skippedReferences, ...search } = record;
  return { ...search, ...namedSkippedReferences(references, skippedReferences) };
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
export async function listSearchesByMonitor(monitorId: string, limit: number): Promise<SearchRecord[]> {
  const items = await queryNewest({ index: GSI2.indexName, partition: keys.childOfPartition('MONITOR', monitorId, SEARCH), limit });
  return items.map(toRecord);
}

/** Records how many results a monitor run found first (set by its persist step; a retry sets the same figure). */
export async function setSearchNewCount(searchId: string, newCount: number): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.entity(SEARCH, searchId),
      UpdateExpression: 'SET newCount = :n',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':n': newCount },
    }),
  );
}
