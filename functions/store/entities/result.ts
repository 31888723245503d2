import * as z from 'zod';
import {
  prioritySchema,
  resultContentTypeSchema,
  reviewStatusSchema,
  type Evidence,
  type Priority,
  type ResultContentType,
  type ReviewStatus,
  type SearchResult,
} from '../../../shared/schemas/search';
import { keys } from '../keys';
import { Cond, GSI1, GSI2, batchGet, batchPut, deleteItemIf, getItem, query, queryNewest, updateItemIf, type Item } from '../table';
import { SEARCH } from './search';

/**
 * A search result (`RESULT#id`): listed under its owner on gsi1 and under its search on gsi2, both sorted on
 * `createdAt#confidence#id` so a persisted batch reads newest first, most confident first. A monitor's result is
 * one item per canonical URL across its runs: a later run rewrites it (`persistBatch`) keeping its first sighting,
 * its review and its owner-list position (services/search/novelty.ts), and moves it to that run's list.
 */
export const RESULT = 'RESULT';

/** A stored result as the services read it: the API shape without the two fields computed on read. */
export interface ResultRecord extends Omit<SearchResult, 'previewUrl' | 'screenshotBase64'> {
  /** When the creator confirmed "I have checked this page shows my content" (needed for name-only matches). */
  contentConfirmedAt?: string;
  previewRef?: string;
  screenshotRef?: string;
}

/** What a persist writes: the result's attributes, with the sort values of its two lists. */
export interface StoredResult {
  id: string;
  userId: string;
  searchId: string;
  title: string;
  domain: string;
  url: string;
  platform: string;
  source: string;
  contentType: ResultContentType;
  confidence: number;
  similarityScore: number;
  confidenceScore: number;
  priority: Priority;
  previewRef?: string;
  screenshotRef?: string;
  description: string;
  instances: number;
  evidence: Evidence;
  /** The copy's picture fingerprint (64 hex digits); backend only (monitor novelty). */
  fingerprint?: string;
  createdAt: string;
  firstSeenAt: string;
  lastSeenAt: string;
  /** Sort value in the owner's list (gsi1); a monitor's result found again keeps its first. */
  ownerSort: string;
  /** Sort value in its search's list (gsi2): the run that last found it. */
  searchSort: string;
  /** Monitor runs (services/search/novelty.ts). */
  monitorId?: string;
  isNew?: boolean;
  firstSearchId?: string;
  isNewInFirstRun?: boolean;
  /** Kept from the stored item when a monitor's run finds the result again. */
  userReviewStatus?: ReviewStatus;
  reviewedAt?: string;
  reviewedBy?: string;
  takedownCaseId?: string;
  takedownAt?: string;
}

/** The sort value of both lists: persist time, then confidence (best first in a descending read), then the id. */
export const listSort = (createdAt: string, confidence: number, id: string) =>
  `${createdAt}#${String(Math.round(confidence * 10)).padStart(4, '0')}#${id}`;

const isObject = (v: unknown) => typeof v === 'object' && v !== null;

/**
 * Version 1 (items written before versions were stored have none and read as 1). The fields the code reads;
 * the rest (keys, `entity`, `fingerprint`, the monitor's first-run marks, the takedown mark) is dropped on read.
 */
const itemSchema = z.object({
  v: z.literal(1).default(1),
  id: z.string(),
  userId: z.string(),
  searchId: z.string(),
  title: z.string(),
  domain: z.string(),
  url: z.string(),
  platform: z.string(),
  source: z.string(),
  contentType: resultContentTypeSchema,
  confidence: z.coerce.number(),
  similarityScore: z.coerce.number(),
  confidenceScore: z.coerce.number(),
  priority: prioritySchema,
  description: z.string().nullish(),
  userReviewStatus: reviewStatusSchema.nullish(),
  reviewedAt: z.string().nullish(),
  reviewedBy: z.string().nullish(),
  instances: z.coerce.number().default(1),
  /** Passed through as stored: the API reads it with the shared evidence schema. */
  evidence: z.custom<Evidence>(isObject),
  createdAt: z.string(),
  contentConfirmedAt: z.string().nullish(),
  firstSeenAt: z.string().nullish(),
  lastSeenAt: z.string().nullish(),
  isNew: z.boolean().nullish(),
  monitorId: z.string().nullish(),
  previewRef: z.string().nullish(),
  screenshotRef: z.string().nullish(),
});

export function fromItem(item: Item): ResultRecord {
  const r = itemSchema.parse(item);
  return {
    id: r.id,
    userId: r.userId,
    searchId: r.searchId,
    title: r.title,
    domain: r.domain,
    url: r.url,
    platform: r.platform,
    source: r.source,
    contentType: r.contentType,
    confidence: r.confidence,
    similarityScore: r.similarityScore,
    confidenceScore: r.confidenceScore,
    priority: r.priority,
    description: r.description ?? '',
    userReviewStatus: r.userReviewStatus ?? null,
    reviewedAt: r.reviewedAt ?? null,
    ...(r.reviewedBy === 'auto' ? { reviewedBy: 'auto' as const } : {}),
    instances: r.instances,
    evidence: r.evidence,
    createdAt: r.createdAt,
    ...(r.contentConfirmedAt ? { contentConfirmedAt: r.contentConfirmedAt } : {}),
    firstSeenAt: r.firstSeenAt ?? r.createdAt,
    lastSeenAt: r.lastSeenAt ?? r.createdAt,
    isNew: r.isNew === true,
    ...(r.monitorId ? { monitorId: r.monitorId } : {}),
    ...(r.previewRef ? { previewRef: r.previewRef } : {}),
    ...(r.screenshotRef ? { screenshotRef: r.screenshotRef } : {}),
  };
}

export function toItem(result: StoredResult): Item {
  const { ownerSort, searchSort, ...attributes } = result;
  return {
    ...keys.entity(RESULT, result.id),
    ...keys.ownedBy(result.userId, RESULT, ownerSort),
    ...keys.childOf(SEARCH, result.searchId, RESULT, searchSort),
    entity: RESULT,
    v: 1,
    ...attributes,
  };
}

const key = (id: string) => keys.entity(RESULT, id);

/** Writes a batch of results whole (BatchWriteItem, 25 at a time, unprocessed items re-sent). */
export async function persistBatch(results: readonly StoredResult[]): Promise<void> {
  await batchPut(results.map(toItem));
}

/** A result by id (consistent). */
export async function get(id: string): Promise<ResultRecord | undefined> {
  const item = await getItem(key(id));
  return item && fromItem(item);
}

/** Results by id (consistent BatchGetItem); ids not found are absent from the map. */
export async function getMany(ids: readonly string[]): Promise<Map<string, ResultRecord>> {
  const items = await batchGet(ids.map(key), { consistent: true });
  return new Map(items.map((item) => [item.id as string, fromItem(item)]));
}

/** What a monitor's later run keeps of a result it finds again (services/search/novelty.ts). */
const historySchema = z.object({
  id: z.string(),
  createdAt: z.string().optional(),
  ownerSort: z.string().optional(),
  userReviewStatus: reviewStatusSchema.optional(),
  reviewedAt: z.string().optional(),
  reviewedBy: z.string().optional(),
  takedownCaseId: z.string().optional(),
  takedownAt: z.string().optional(),
  firstSeenAt: z.string().optional(),
  firstSearchId: z.string().optional(),
  isNewInFirstRun: z.boolean().optional(),
});
export type ResultHistory = z.infer<typeof historySchema>;

/** The stored history of results by id (consistent): what a monitor run merges its findings with. */
export async function readHistory(ids: readonly string[]): Promise<Map<string, ResultHistory>> {
  const items = await batchGet(ids.map(key), { consistent: true });
  return new Map(items.map((item) => [item.id as string, historySchema.parse({ ...item, ownerSort: item[GSI1.sortKey] })]));
}

/** A search's results, newest batch first, most confident first within a batch. */
export async function listBySearch(searchId: string, limit: number): Promise<ResultRecord[]> {
  const items = await queryNewest({ index: GSI2.indexName, partition: keys.childOfPartition(SEARCH, searchId, RESULT), limit });
  return items.map(fromItem);
}

/** An opaque position in a user's result list: the next page starts below it. */
export type OwnerCursor = string;

/** A user's results, newest first; `below` is the cursor of the next page (see `ownerCursor`). */
export async function listByOwner(userId: string, opts: { limit: number; below?: OwnerCursor }): Promise<ResultRecord[]> {
  const items = await queryNewest({ index: GSI1.indexName, partition: keys.ownedByPartition(userId, RESULT), limit: opts.limit, below: opts.below });
  return items.map(fromItem);
}

/** A user's results stored at or before `untilIso`, newest first. */
export function listByOwnerFoundBy(userId: string, untilIso: string, limit: number): Promise<ResultRecord[]> {
  // `~` sorts after `#` and every digit: the bound takes in the whole of the last millisecond.
  return listByOwner(userId, { limit, below: `${untilIso}~` });
}

/**
 * Deletes a result unless a case was opened on it (`takedownCaseId`); false when it has one or is gone. The
 * result retention job's delete (services/account-data/retention.ts).
 */
export function removeUnlessTakenDown(id: string, userId: string): Promise<boolean> {
  return deleteItemIf(key(id), Cond.and(Cond.eq('userId', userId), Cond.notExists('takedownCaseId')));
}

/** Who owns result `id` and where it stands in their list, for paging `below` it (an eventually consistent read). */
export async function ownerCursor(id: string): Promise<{ userId: string; cursor: OwnerCursor } | undefined> {
  const item = await getItem(key(id), { consistent: false, attributes: ['userId', GSI1.sortKey] });
  return item && { userId: item.userId as string, cursor: item[GSI1.sortKey] as string };
}

/** The few attributes the risk figures read of each result (projected: a user may have thousands). */
const factsSchema = z.object({
  id: z.string(),
  platform: z.string().nullish(),
  domain: z.string().nullish(),
  contentType: resultContentTypeSchema,
  priority: prioritySchema.nullish(),
  confidence: z.coerce.number().nullish(),
  userReviewStatus: reviewStatusSchema.nullish(),
  createdAt: z.string(),
  evidence: z.looseObject({ seenAt: z.string().nullish() }).nullish(),
  takedownAt: z.string().nullish(),
});
export interface ResultFacts {
  id: string;
  platform?: string;
  domain?: string;
  contentType: ResultContentType;
  priority?: Priority;
  confidence?: number;
  userReviewStatus?: ReviewStatus;
  createdAt: string;
  /** evidence.seenAt: when the copy was first seen online. */
  seenAt?: string;
  takedownAt?: string;
}

/** A user's newest `limit` results, only the attributes of `ResultFacts`. */
export async function listFactsByOwner(userId: string, limit: number): Promise<ResultFacts[]> {
  const items = await query({
    index: GSI1.indexName,
    partition: keys.ownedByPartition(userId, RESULT),
    descending: true,
    limit,
    // The whole evidence map: projections here name top-level attributes only.
    attributes: ['id', 'platform', 'domain', 'contentType', 'priority', 'confidence', 'userReviewStatus', 'createdAt', 'evidence', 'takedownAt'],
  });
  return items.map((item) => {
    const f = factsSchema.parse(item);
    return {
      id: f.id,
      contentType: f.contentType,
      createdAt: f.createdAt,
      ...(f.platform != null ? { platform: f.platform } : {}),
      ...(f.domain != null ? { domain: f.domain } : {}),
      ...(f.priority != null ? { priority: f.priority } : {}),
      ...(f.confidence != null ? { confidence: f.confidence } : {}),
      ...(f.userReviewStatus != null ? { userReviewStatus: f.userReviewStatus } : {}),
      ...(f.evidence?.seenAt != null ? { seenAt: f.evidence.seenAt } : {}),
      ...(f.takedownAt != null ? { takedownAt: f.takedownAt } : {}),
    };
  });
}

const written = (item: Item | undefined) => item !== undefined;

/**
 * The creator's review, from `from` (null: not reviewed yet) to `to`; clears `reviewedBy` (an automatic decision
 * the creator took over). False, with nothing written, when the result no longer has status `from`.
 */
export async function transitionReview(id: string, from: ReviewStatus | null, to: ReviewStatus, at: string): Promise<boolean> {
  const still = from === null ? Cond.and(Cond.exists(), Cond.notExists('userReviewStatus')) : Cond.eq('userReviewStatus', from);
  return written(await updateItemIf(key(id), { set: { userReviewStatus: to, reviewedAt: at }, remove: ['reviewedBy'] }, still));
}

/**
 * A monitor's "Submit automatically" marks `userId`'s result unauthorized with `reviewedBy: 'auto'`, only while
 * it is not reviewed, so the creator's own decision always wins. False when it was reviewed (or is not theirs).
 */
export async function decideAutomatically(id: string, userId: string, at: string): Promise<boolean> {
  return written(
    await updateItemIf(
      key(id),
      { set: { userReviewStatus: 'unauthorized', reviewedAt: at, reviewedBy: 'auto' } },
      Cond.and(Cond.exists(), Cond.eq('userId', userId), Cond.notExists('userReviewStatus')),
    ),
  );
}

/** Takes a decision back (pending review again), only while the status is still `from`. */
export async function clearReview(id: string, from: ReviewStatus): Promise<boolean> {
  return written(await updateItemIf(key(id), { remove: ['userReviewStatus', 'reviewedAt', 'reviewedBy'] }, Cond.eq('userReviewStatus', from)));
}

/** Records the creator's content confirmation (the first time is kept); false when the result does not exist. */
export async function confirmContent(id: string, at: string): Promise<boolean> {
  return written(await updateItemIf(key(id), { setIfAbsent: { contentConfirmedAt: at } }, Cond.exists()));
}

/**
 * Claims the "taken down" mark for one case, so that of several cases about one result only the first resolved
 * counts; false when another case holds it (or the result does not exist).
 */
export async function claimTakedown(id: string, caseId: string, at: string): Promise<boolean> {
  return written(await updateItemIf(key(id), { set: { takedownCaseId: caseId, takedownAt: at } }, Cond.and(Cond.exists(), Cond.notExists('takedownCaseId'))));
}
