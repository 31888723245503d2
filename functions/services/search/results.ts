import { createHash } from 'node:crypto';
import { decodeTime } from 'ulid';
import * as z from 'zod';
import { normaliseDomain } from '../../../shared/schemas/allowlist';
import {
  MAX_LIST_LIMIT,
  prioritySchema,
  resultContentTypeSchema,
  type GroupedResults,
  type ResultContentType,
  matchMethodSchema,
  regionSchema, videoEvidenceSchema,
  verificationSchema,
} from '../../../shared/schemas/search';
import { resultViaSchema } from '../../../shared/schemas/sources';
import { likenessEvidenceSchema } from '../../../shared/schemas/likeness';
import * as stored from '../../store/entities/result';
import type { ResultRecord, StoredResult } from '../../store/entities/result';
import * as searches from '../../store/entities/search';
import { addToUserCounters } from '../stats';
import { canonicalUrl } from './canonical-url';
import { mergeWithHistory } from './novelty';
import { resultIdFor } from './result-id';
import { getSearch } from './searches';
import { isOwnedBy } from '../../lib/ownership';

export type { ResultRecord };

/** Most results one `persistResults` call takes (the workflow dedupes and ranks before it persists). */
export const MAX_RESULTS_PER_CALL = 1000;

const clip = (max: number) => z.string().transform((s) => s.slice(0, max));

/**
 * One result as the search workflow hands it over. Long page text is clipped rather than refused (it comes
 * from the web); anything structurally wrong is a workflow bug and throws.
 */
export const newResultSchema = z.object({
  url: z
    .string()
    .max(2048)
    .refine((u) => /^https?:\/\//i.test(u) && URL.canParse(u), 'url must be an http(s) URL'),
  contentType: resultContentTypeSchema,
  /** Defaults to the URL's host, normalised like allowlist domains. */
  domain: z.string().max(253).optional(),
  title: clip(300).default(''),
  platform: clip(100).default('other'),
  source: clip(100).default(''),
  confidence: z.number().min(0).max(100),
  similarityScore: z.number().min(0).max(1),
  confidenceScore: z.number().min(0).max(1),
  priority: prioritySchema,
  /** `s3://bucket/key`, a bare key in the uploads bucket, or an http(s) URL; served as a browser URL. */
  previewRef: z.string().max(2048).optional(),
  /** Where the PNG screenshot is stored (`s3://bucket/key` or a bare uploads key); inlined on the detail read. */
  screenshotRef: z.string().max(1024).optional(),
  description: clip(2000).default(''),
  instances: z.number().int().min(1).default(1),
  /** The copy's picture fingerprint (64 hex digits) when it was compared; backend only (monitor novelty). */
  fingerprint: z.string().regex(/^[0-9a-f]{64}$/).optional(),
  evidence: z
    .object({
      seenAt: z.string().optional(),
      engines: z.array(z.string()).default([]),
      matchedReferenceId: z.string().optional(),
      matchedImageKey: z.string().optional(),
      distance: z.number().nonnegative().optional(),
      matchMethod: matchMethodSchema.optional(),
      verification: verificationSchema.optional(),
      region: regionSchema.optional(),
      /** Issue 25: the source and post a source's candidate came from. */
      via: resultViaSchema.optional(),
      video: videoEvidenceSchema.omit({ referenceFrameUrl: true }).optional(),
      likeness: likenessEvidenceSchema.omit({ foundFaceUrl: true, enrolledFaceCrop: true }).optional(),
    })
    .default({ engines: [] }),
});
export type NewResult = z.input<typeof newResultSchema>;

export interface PersistOutcome {
  /** Ids of the results stored by this call (after de-duplication). */
  ids: string[];
  /** True when this exact batch had been persisted and counted before (a retried call): nothing counted twice. */
  alreadyPersisted: boolean;
  /** Monitor runs: results this run found first (`isNew`); 0 for manual scans. */
  newCount: number;
}

/** Raised when results arrive for a search that is already final (a workflow ordering bug). */
export class SearchClosedError extends Error {
  constructor(searchId: string) {
    super(`search ${searchId} is not running; results are not accepted`);
    this.name = 'SearchClosedError';
  }
}

/**
 * Stores a batch of results for an open search and counts them as pending review.
 *
 * The owner's allowlist is not applied here: triage (functions/workflows/search/triage.ts) is the one place
 * that drops allowlisted domains, before anything is compared or stored.
 *
 * 1. Gives each result a deterministic id (search + content type + URL) and keeps the most confident of
 *    duplicates, so a retried call overwrites instead of duplicating.
 * 2. BatchWrites the items in chunks of 25, re-sending unprocessed items.
 * 3. Claims the batch on the search item (`persistedBatches` set, `resultCount`), conditionally on the batch
 *    being new and the search open, then ADDs the batch size to the owner's `pendingReview`.
 *
 * A retry of the same call after step 4's claim counts nothing again (`alreadyPersisted`). The one window
 * without transactions: a crash between the claim and the counter update leaves `pendingReview` short by the
 * batch size (see `recountReviewCounters` and docs/ARCHITECTURE.md).
 *
 * @throws SearchClosedError when the search is completed, partial or failed; Error when it does not exist;
 *   ZodError when a result is malformed.
 */
export async function persistResults(
  searchId: string,
  results: NewResult[],
): Promise<PersistOutcome> {
  const search = await getSearch(searchId);
  if (!search) throw new Error(`persistResults: search ${searchId} does not exist`);
  if (search.status !== 'running' && search.status !== 'pending') throw new SearchClosedError(searchId);
  const parsed = z.array(newResultSchema).max(MAX_RESULTS_PER_CALL).parse(results);

  const kept = parsed.map((r) => ({ ...r, domain: r.domain?.toLowerCase() ?? normaliseDomain(r.url) ?? new URL(r.url).hostname }));

  // A monitor's results have one id per canonical URL across its runs (time part: the monitor's creation).
  const monitorId = search.monitorId;
  const idOf = (r: (typeof kept)[number]) =>
    monitorId ? resultIdFor(decodeTime(monitorId), monitorId, r.contentType, canonicalUrl(r.url)) : resultIdFor(Date.parse(search.createdAt), searchId, r.contentType, r.url);
  const byId = new Map<string, (typeof kept)[number]>();
  for (const r of kept) {
    const id = idOf(r);
    const seen = byId.get(id);
    if (!seen || r.confidence > seen.confidence) byId.set(id, r);
  }
  if (byId.size === 0) return { ids: [], alreadyPersisted: false, newCount: 0 };

  const createdAt = new Date().toISOString();
  let items: StoredResult[] = [...byId].map(([id, r]) => {
    const sort = stored.listSort(createdAt, r.confidence, id);
    return {
      id,
      userId: search.userId,
      searchId,
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
      previewRef: r.previewRef,
      screenshotRef: r.screenshotRef,
      description: r.description,
      instances: r.instances,
      evidence: { ...r.evidence, seenAt: r.evidence.seenAt ?? createdAt },
      ...(r.fingerprint ? { fingerprint: r.fingerprint } : {}),
      createdAt,
      firstSeenAt: createdAt,
      lastSeenAt: createdAt,
      ownerSort: sort,
      searchSort: sort,
    };
  });
  let toCount = items.length;
  let newCount = 0;
  if (monitorId) {
    const merged = await mergeWithHistory(monitorId, searchId, items, createdAt);
    items = merged.items;
    toCount = merged.firstFound;
    newCount = merged.newCount;
  }
  await stored.persistBatch(items);

  const ids = [...byId.keys()];
  const batchKey = createHash('sha256').update([...ids].sort().join(',')).digest('base64url').slice(0, 22);
  const claim = await searches.claimBatch(searchId, batchKey, ids.length);
  if (claim === 'duplicate') return { ids, alreadyPersisted: true, newCount };
  if (claim === 'closed') throw new SearchClosedError(searchId);
  // A monitor's result found again was counted when first found: only first finds are pending review.
  if (toCount > 0) await addToUserCounters(search.userId, { pendingReview: toCount });
  return { ids, alreadyPersisted: false, newCount };
}

/** Reads one result by id, or `undefined`. */
export function getResult(id: string): Promise<ResultRecord | undefined> {
  return stored.get(id);
}

/**
 * A search's results, newest batch first and, within a batch, most confident first; at most `limit`
 * (capped at 500).
 */
export function listResultsBySearch(searchId: string, limit = MAX_LIST_LIMIT): Promise<ResultRecord[]> {
  return stored.listBySearch(searchId, Math.min(limit, MAX_LIST_LIMIT));
}

/**
 * A user's results across searches, newest first (then most confident first), at most `limit` (capped at
 * 500). `before` is a result id of that user: only results listed after it are returned (the next page).
 * Returns `undefined` when `before` is not one of the user's results.
 */
export async function listResultsByUser(
  userId: string,
  opts: { limit?: number; before?: string } = {},
): Promise<ResultRecord[] | undefined> {
  let below: stored.OwnerCursor | undefined;
  if (opts.before) {
    const cursor = await stored.ownerCursor(opts.before);
    if (!isOwnedBy(cursor, userId)) return undefined;
    below = cursor.cursor;
  }
  return stored.listByOwner(userId, { limit: Math.min(opts.limit ?? MAX_LIST_LIMIT, MAX_LIST_LIMIT), below });
}

/** Splits results by content type into `{web, images, videos}`, keeping their order. */
export function groupResults<T extends { contentType: ResultContentType }>(results: T[]): { [K in keyof GroupedResults]: T[] } {
  const grouped = { web: [] as T[], images: [] as T[], videos: [] as T[] };
  for (const r of results) grouped[r.contentType].push(r);
  return grouped;
}

/**
 * Records the creator's "I have checked this page shows my content" on a result (a name-only match needs it
 * before automated or bulk submission). The first confirmation's time is kept.
 */
export async function confirmResultContent(resultId: string, at: string): Promise<void> {
  if (!(await stored.confirmContent(resultId, at))) throw new Error(`confirmResultContent: result ${resultId} does not exist`);
}
