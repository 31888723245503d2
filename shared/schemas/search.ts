import * as z from 'zod';
import { resultViaSchema, SOURCE_KINDS } from './sources';
import { likenessEvidenceSchema } from './likeness';

/**
 * Searches, their results, the review call and the user's stats (PRODUCT.md sections 3, 4 and 7). These are the
 * shapes the API returns; the web reads them with the same schemas.
 */

/** Search indexes a scan can query (ARCHITECTURE.md, "Search workflow": an engine is an index, not a provider). */
export const SEARCH_ENGINES = ['google', 'bing', 'duckduckgo'] as const;
export const searchEngineSchema = z.enum(SEARCH_ENGINES);
export type SearchEngine = z.infer<typeof searchEngineSchema>;

export const SEARCH_STATUSES = ['running', 'completed', 'partial', 'failed', 'pending'] as const;
export const searchStatusSchema = z.enum(SEARCH_STATUSES);
export type SearchStatus = z.infer<typeof searchStatusSchema>;
export const FINAL_SEARCH_STATUSES = ['completed', 'partial', 'failed'] as const satisfies readonly SearchStatus[];
export type FinalSearchStatus = (typeof FINAL_SEARCH_STATUSES)[number];

/** Workflow stages, in order, as the search page shows them. */
export const SEARCH_STAGES = ['queued', 'fingerprinting', 'searching', 'triage', 'persisting', 'done'] as const;
export const searchStageSchema = z.enum(SEARCH_STAGES);
export type SearchStage = z.infer<typeof searchStageSchema>;

export const searchProgressSchema = z.object({
  enginesDone: z.number().int().nonnegative(),
  enginesTotal: z.number().int().nonnegative(),
  candidatesFound: z.number().int().nonnegative(),
  candidatesMatched: z.number().int().nonnegative(),
  stage: searchStageSchema,
});
export type SearchProgress = z.infer<typeof searchProgressSchema>;

export const searchMetadataSchema = z.object({
  completedAt: z.string(),
  /** Milliseconds from the search's createdAt to completedAt. */
  totalDuration: z.number().int().nonnegative(),
  successfulEngines: z.array(z.string()),
  failedEngines: z.array(z.string()),
  /** A message a person can act on, set only when the search failed. */
  error: z.string().optional(),
  /** Issue 25: each source's branch, with the reason when it failed or stopped early (then the scan is `partial`). */
  sources: z
    .array(
      z.object({
        kind: z.enum(SOURCE_KINDS),
        target: z.string(),
        ok: z.boolean(),
        candidates: z.number().int().nonnegative(),
        /** Requests the branch made, and its wall time in seconds (absent on scans recorded before they were kept). */
        requests: z.number().int().nonnegative().optional(),
        seconds: z.number().nonnegative().optional(),
        reason: z.string().optional(),
      }),
    )
    .optional(),
});
export type SearchMetadata = z.infer<typeof searchMetadataSchema>;

/**
 * Reference files Vigil could not fingerprint (too little detail, or not decodable), with the reason: no
 * picture is matched by them, only names are searched. A search's, and a monitor's once a run has looked.
 */
export const skippedReferencesSchema = z.array(z.object({ filename: z.string(), reason: z.string() }));

/** Reference videos Vigil fingerprinted (issue 24): how many distinct frames were hashed, over how many seconds. */
export const videoReferencesSchema = z.array(z.object({ filename: z.string(), frames: z.number().int().nonnegative(), durationSeconds: z.number().nonnegative() }));

/** `GET /api/search/{id}`. */
export const searchSchema = z.object({
  id: z.string(),
  userId: z.string(),
  status: searchStatusSchema,
  query: z.string(),
  searchEngines: z.array(z.string()),
  /** As the start form sends it, for example `images,videos`. */
  contentType: z.string(),
  createdAt: z.string(),
  progress: searchProgressSchema,
  /** Results stored for this search so far. */
  resultCount: z.number().int().nonnegative(),
  metadata: searchMetadataSchema.optional(),
  /** Where the scan came from: `manual`, `monitor-run-now` or `monitor-scheduled`. */
  origin: z.enum(['manual', 'monitor-run-now', 'monitor-scheduled']).optional(),
  /** Set on monitor runs. */
  monitorId: z.string().optional(),
  /** Monitor runs: results this run found first. */
  newCount: z.number().int().nonnegative().optional(),
  /** Reference files the scan could not fingerprint, with the reason; absent when every file was used. */
  skippedReferences: skippedReferencesSchema.optional(),
  /** Issue 25: the sources the scan reads directly (Telegram channels, subreddits, leak sites); absent when none. */
  sources: z.array(z.object({ kind: z.enum(SOURCE_KINDS), target: z.string() })).optional(),
  /**
   * Issue 25: Telegram channels that this manual scan's results and posts link to (`t.me/<name>`), not among its
   * sources: offered to the creator on the scan's page. Absent when none (and on monitor runs: their monitor keeps them).
   */
  discoveredChannels: z.array(z.string()).optional(),
  /** Reference videos the scan fingerprinted, with their frames hashed; absent when it had none. */
  videoReferences: videoReferencesSchema.optional(),
});
export type Search = z.infer<typeof searchSchema>;

export const RESULT_CONTENT_TYPES = ['web', 'images', 'videos'] as const;
export const resultContentTypeSchema = z.enum(RESULT_CONTENT_TYPES);
export type ResultContentType = z.infer<typeof resultContentTypeSchema>;

export const PRIORITIES = ['high', 'medium', 'low'] as const;
export const prioritySchema = z.enum(PRIORITIES);
export type Priority = z.infer<typeof prioritySchema>;

export const REVIEW_STATUSES = ['unauthorized', 'safe'] as const;
export const reviewStatusSchema = z.enum(REVIEW_STATUSES, { error: "Status must be 'unauthorized' or 'safe'." });
export type ReviewStatus = z.infer<typeof reviewStatusSchema>;

/** Where and when a copy was seen, and what it matched: kept so a notice can cite it. */
/**
 * How a visual match was decided (issue 13): the fingerprint alone (distance at most the strict threshold),
 * a grey-zone fingerprint confirmed by geometric verification, or only the creator's name in the page; or (issue
 * 24) the creator's own face found in the picture by likeness matching: not a copy of a reference file, so it is
 * never submitted automatically and needs the creator's review before any notice.
 */
export const matchMethodSchema = z.enum(['fingerprint', 'verified', 'name', 'likeness']);
/** Geometric verification of a grey-zone match: RANSAC inliers, their spread over the reference (0..1), the homography (3x3, row-major). */
export const verificationSchema = z.object({ inliers: z.number().int().nonnegative(), spread: z.number().min(0).max(1), transform: z.array(z.number()) });
/** Where the reference appears in the copy, as fractions 0..1 of the copy's width and height. */
export const regionSchema = z.object({ x: z.number().min(0).max(1), y: z.number().min(0).max(1), w: z.number().min(0).max(1), h: z.number().min(0).max(1) });

/**
 * A video copy confirmed by its frames (issue 24): the found frame and the reference frame it is closest to
 * (stored thumbnails; the API adds short-lived URLs), both times, and how many sampled frames agreed.
 */
export const videoEvidenceSchema = z.object({
  /** Storage key of the reference frame (a video reference); absent when the clip matched a reference picture. */
  referenceFrameKey: z.string().optional(),
  referenceFrameUrl: z.string().optional(),
  /** Time of the reference frame in the reference video, seconds. */
  referenceSeconds: z.number().nonnegative().optional(),
  /** Time of the found frame in the copy, seconds (its picture is `matchedImageKey`). */
  foundSeconds: z.number().nonnegative(),
  framesAgreed: z.number().int().nonnegative(),
  framesCompared: z.number().int().nonnegative(),
  durationSeconds: z.number().nonnegative(),
  /** The media file sampled (the page's player source). */
  mediaUrl: z.string(),
  bytesFetched: z.number().int().nonnegative(),
});
export type VideoEvidence = z.infer<typeof videoEvidenceSchema>;

export const evidenceSchema = z.object({
  seenAt: z.string(),
  engines: z.array(z.string()),
  /** The reference file (upload id) the copy matched, when it matched one visually. */
  matchedReferenceId: z.string().optional(),
  /** Storage key of the copy's image as fetched (evidence); the API adds a short-lived `matchedImageUrl`. */
  matchedImageKey: z.string().optional(),
  matchedImageUrl: z.string().optional(),
  /** Added on read: a short-lived URL of the matched reference file, so the creator sees both side by side. */
  matchedReferenceUrl: z.string().optional(),
  /** Hamming distance of the best fingerprint match (lower is closer). */
  distance: z.number().nonnegative().optional(),
  matchMethod: matchMethodSchema.optional(),
  verification: verificationSchema.optional(),
  region: regionSchema.optional(),
  /** Issue 25: the source (not a search engine) that returned the copy: its kind and name, the post's link and time. */
  via: resultViaSchema.optional(),
  video: videoEvidenceSchema.optional(),
  /** A likeness match (issue 24): the enrolled face beside the found one, with their distance. */
  likeness: likenessEvidenceSchema.optional(),
});
export type Evidence = z.infer<typeof evidenceSchema>;

/** `GET /api/search-result/{id}` and the items of every result list. */
export const searchResultSchema = z.object({
  id: z.string(),
  userId: z.string(),
  searchId: z.string(),
  title: z.string(),
  domain: z.string(),
  url: z.string(),
  platform: z.string(),
  source: z.string(),
  contentType: resultContentTypeSchema,
  confidence: z.number().min(0).max(100),
  similarityScore: z.number().min(0).max(1),
  confidenceScore: z.number().min(0).max(1),
  priority: prioritySchema,
  /** A URL the browser can show (a short-lived signed link for stored images), or null. */
  previewUrl: z.string().nullable(),
  /** PNG as base64; filled on `GET /api/search-result/{id}` only (lists leave it null to stay small). */
  screenshotBase64: z.string().nullable(),
  description: z.string(),
  userReviewStatus: reviewStatusSchema.nullable(),
  reviewedAt: z.string().nullable(),
  /** `auto` when a monitor's "Submit automatically" reviewed it (unauthorized) for the creator; absent for the creator's own. */
  reviewedBy: z.enum(['auto']).optional(),
  instances: z.number().int().nonnegative(),
  evidence: evidenceSchema,
  createdAt: z.string(),
  /** When a scan first found this copy (a monitor's later runs keep it). */
  firstSeenAt: z.string(),
  /** When a scan last found it. */
  lastSeenAt: z.string(),
  /** True only in the monitor run that first found this copy (always false for manual scans). */
  isNew: z.boolean(),
  /** The monitor whose runs found it. */
  monitorId: z.string().optional(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchResultListSchema = z.array(searchResultSchema);

/** `GET /api/user/{id}/results/grouped`. */
export const groupedResultsSchema = z.object({
  web: searchResultListSchema,
  images: searchResultListSchema,
  videos: searchResultListSchema,
});
export type GroupedResults = z.infer<typeof groupedResultsSchema>;

/** `PUT /api/search-results/{id}/review` body. */
export const reviewBodySchema = z.object({ status: reviewStatusSchema });
export type ReviewBody = z.infer<typeof reviewBodySchema>;

/** Most results one bulk review takes (one full list). */
export const MAX_BULK_REVIEW = 500;

/** `PUT /api/search-results/review` body: one status for up to 500 of the caller's results (all or nothing). */
export const bulkReviewBodySchema = z.object({
  ids: z
    .array(z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/i, 'Each id must be a result id.').transform((s) => s.toUpperCase()), {
      error: 'ids must be a list of result ids.',
    })
    .min(1, 'Choose at least one result.')
    .max(MAX_BULK_REVIEW, `At most ${MAX_BULK_REVIEW} results can be reviewed at once.`),
  status: reviewStatusSchema,
});
export type BulkReviewBody = z.infer<typeof bulkReviewBodySchema>;

/** `PUT /api/search-results/review` reply. */
export const bulkReviewReplySchema = z.object({ updated: z.number().int().nonnegative(), results: z.array(searchResultSchema) });
export type BulkReviewReply = z.infer<typeof bulkReviewReplySchema>;

/** `GET /api/user/{id}/stats`: counters kept with atomic updates, zero when never touched. */
export const userStatsSchema = z.object({
  activeViolations: z.number().int().nonnegative(),
  resolvedCases: z.number().int().nonnegative(),
  dmcaSent: z.number().int().nonnegative(),
  pendingReview: z.number().int().nonnegative(),
});
export type UserStats = z.infer<typeof userStatsSchema>;

/** The most items one list call returns; older items are reached with `before`. */
export const MAX_LIST_LIMIT = 500;

/** Query of the result list routes: `limit` (1-500, default 500) and `before` (an id: only older items). */
export const resultListQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number.' })
    .int('limit must be a whole number.')
    .min(1, 'limit must be at least 1.')
    .max(MAX_LIST_LIMIT, `limit must be at most ${MAX_LIST_LIMIT}.`)
    .default(MAX_LIST_LIMIT),
  before: z
    .string()
    .regex(/^[0-9A-HJKMNP-TV-Z]{26}$/i, 'before must be a result id.')
    .transform((s) => s.toUpperCase())
    .optional(),
});
export type ResultListQuery = z.infer<typeof resultListQuerySchema>;

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/i;

/** A path id of an item (a ULID), with a message naming what it should be. */
export const itemIdSchema = (what: string) =>
  z
    .string()
    .regex(ULID, `${what} id is not valid.`)
    .transform((s) => s.toUpperCase());

/** `{id}` of `/api/user/{id}/...`: `me` or a user id (never key syntax such as `#`). */
export const userIdParamSchema = z.string().regex(/^(me|[A-Za-z0-9_-]{1,64})$/, 'User id is not valid.');

/** Query of `GET /api/search/{id}/results`: `limit` only (a search's results fit one list). */
export const searchResultsQuerySchema = resultListQuerySchema.pick({ limit: true });

/** `GET /api/user/{id}/searches/latest`: the user's newest scan (any origin), null before the first (issue 26: /search shows it). */
export const latestSearchSchema = z.object({ search: searchSchema.nullable() });
export type LatestSearch = z.infer<typeof latestSearchSchema>;
