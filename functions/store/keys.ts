/**
 * Every key of the single table is built here and nowhere else. See docs/ARCHITECTURE.md for the
 * access-pattern table these functions implement. Values look like `ENTITY#id`; list patterns use the sparse
 * GSIs with a time-ordered ULID (or ISO timestamp) as sort key so "newest first" is a descending Query.
 */
export interface Key {
  pk: string;
  sk: string;
}

const month = (iso: string) => iso.slice(0, 7);

/**
 * Kinds of due work on gsi3: monitor runs and alert digests (issue 11), and the reconciler's sweep of a scan or
 * a submission still open past its workflow's timeout (an open search or case attempt is in the index until it
 * ends), and of a bulk submission execution still running past its own (docs/ARCHITECTURE.md, "Crash safety").
 */
export type DueKind = 'MONITOR' | 'DIGEST' | 'SEARCH_SWEEP' | 'SUBMISSION_SWEEP' | 'BULK_SUBMISSION_SWEEP';

export const keys = {
  /** A user's profile. Listed for the admin by signup time on gsi1. */
  user: (userId: string): Key => ({ pk: `USER#${userId}`, sk: 'PROFILE' }),
  userListing: (createdAt: string, userId: string) => ({ gsi1pk: 'USERS', gsi1sk: `${createdAt}#${userId}` }),

  /** Maps an identity provider subject (Cognito `sub`) to our user id; written once, conditionally. */
  identity: (issuer: string, subject: string): Key => ({ pk: `IDENTITY#${issuer}#${subject}`, sk: 'IDENTITY' }),

  /** A server-side session, keyed by the SHA-256 of the opaque cookie value (the cookie itself is never stored). */
  session: (sessionHash: string): Key => ({ pk: `SESSION#${sessionHash}`, sk: 'SESSION' }),

  /**
   * A sign-in in progress (PKCE verifier, state, nonce between /api/login and /api/auth/callback), keyed by the
   * SHA-256 of the random value in its short-lived cookie; consumed once by the callback.
   */
  signInAttempt: (attemptHash: string): Key => ({ pk: `SIGNIN#${attemptHash}`, sk: 'SIGNIN' }),

  /** Per-user counters (stats, usage) kept with atomic ADD updates. */
  userCounters: (userId: string): Key => ({ pk: `USER#${userId}`, sk: 'COUNTERS' }),
  /**
   * A user's usage in one UTC month (searches started, cases created, violations found), kept with atomic ADD:
   * the Account page's Usage tab reads this one item. A new month is a new item, so nothing is ever reset.
   */
  userMonth: (userId: string, isoDate: string): Key => ({ pk: `USER#${userId}`, sk: `USAGE#${month(isoDate)}` }),
  /** The user's one scan slot: the lease of the scan starting or running (store/entities/scan-slot.ts). */
  scanSlot: (userId: string): Key => ({ pk: `USER#${userId}`, sk: 'SCAN_SLOT' }),
  /** How many monitors the user has, taken and released with each create and delete (store/entities/monitor.ts). */
  monitorCount: (userId: string): Key => ({ pk: `USER#${userId}`, sk: 'MONITOR_COUNT' }),

  /**
   * Uniqueness guard of a user's allowlist: one item per (user, domain), written with a conditional put before
   * the entry itself (`ALLOWLIST#id`), so one entry per domain holds under concurrent adds without transactions.
   */
  allowlistDomain: (userId: string, domain: string): Key => ({ pk: `USER#${userId}`, sk: `ALLOWLIST_DOMAIN#${domain}` }),

  /**
   * One case per copy (issue 23): the guard of a user's canonical infringing URL, keyed by the SHA-256 (hex) of
   * the canonical URL, naming the case that holds it. Written with a conditional put before the case, so two
   * concurrent submissions of one URL make one case whichever path made them (store/entities/case-url.ts).
   */
  caseUrl: (userId: string, urlHash: string): Key => ({ pk: `USER#${userId}`, sk: `CASE_URL#${urlHash}` }),
  /**
   * A file of the creator's reference library (issue 26), in the user's partition (`LIBREF#<ulid>`), so a Query
   * on the prefix lists the library newest first and an account erasure finds it with the rest.
   */
  libraryReference: (userId: string, id: string): Key => ({ pk: `USER#${userId}`, sk: `LIBREF#${id}` }),
  libraryReferencePrefix: 'LIBREF#',
  /**
   * The mark that a creator's files uploaded before the library existed were put into it (issue 26): one item in
   * the user's partition (`LIBREF_BACKFILL`, outside the `LIBREF#` listing), erased with the account.
   */
  libraryBackfill: (userId: string): Key => ({ pk: `USER#${userId}`, sk: 'LIBREF_BACKFILL' }),
  /** The creator's own sites and handles ("My sites", issue 23): one item (store/entities/own-sites.ts). */
  ownSites: (userId: string): Key => ({ pk: `USER#${userId}`, sk: 'OWN_SITES' }),
  /**
   * The creator's likeness consent and enrolled faces (issue 24), one item in the user's partition, so erasing the
   * account (store/entities/user-data.ts) deletes it with the rest and revoking is one DeleteItem.
   */
  likeness: (userId: string): Key => ({ pk: `USER#${userId}`, sk: 'LIKENESS' }),

  /**
   * An idempotency record: the first response to a request that must not run twice (bulk submission), by the
   * caller, the operation and the client's Idempotency-Key (or a key derived from the request). Expires by TTL.
   */
  idempotency: (userId: string, operation: string, key: string): Key => ({
    pk: `IDEMPOTENCY#${userId}#${operation}#${key}`,
    sk: 'IDEMPOTENCY',
  }),

  /** Global counters (admin aggregates, case numbers), one item per name, optionally per month. */
  counter: (name: string): Key => ({ pk: `COUNTER#${name}`, sk: 'TOTAL' }),
  monthlyCounter: (name: string, isoDate: string): Key => ({ pk: `COUNTER#${name}`, sk: `MONTH#${month(isoDate)}` }),
  /** Per-day counters (request timings, health checks, engagement rollups); a range of days is one Query. */
  dailyCounter: (name: string, isoDate: string): Key => ({ pk: `COUNTER#${name}`, sk: `DAY#${isoDate.slice(0, 10)}` }),
  /** Sort-key prefixes of the counter items above, for range Queries over one counter's partition. */
  counterPeriodPrefix: { month: 'MONTH#', day: 'DAY#' } as const,

  /**
   * A fixed-window rate limit of a user: one item per (limit, user, window), ADDed conditionally on staying under
   * the limit; expires by TTL. `window` is a time bucket such as `2026-03-01T14` (an hour) or `...T14:05` (a
   * minute). In the user's partition, so erasing the user (store/entities/user-data.ts) finds it with the rest.
   */
  rateWindow: (limit: string, userId: string, window: string): Key => ({ pk: `USER#${userId}`, sk: `RATE#${limit}#${window}` }),

  /**
   * A browsing session of a signed-in user (page-view events), keyed by the client's random session id; its
   * events are its children on gsi2 and the user's sessions are listed on gsi1 (`ownedBy(userId, 'VISIT', ...)`).
   */
  visit: (userId: string, sessionId: string): Key => ({ pk: `VISIT#${userId}#${sessionId}`, sk: 'VISIT' }),

  /**
   * Due work on the sparse gsi3 (issue 11): an item is in it only while it is scheduled (a paused monitor has
   * no gsi3 attributes). The dispatcher queries `gsi3pk = <kind>_DUE, gsi3sk <= now` in time order.
   */
  due: (kind: DueKind, atIso: string, id: string) => ({ gsi3pk: `${kind}_DUE`, gsi3sk: `${atIso}#${id}` }),
  duePartition: (kind: DueKind) => `${kind}_DUE`,

  /**
   * A bulk submission execution (docs/ARCHITECTURE.md, "Bulk submission"): its small head (status, counts, sweep
   * entry) is `entity('BULK', id)`; beside it in the same partition its input (written once) and one marker per
   * settled item (a conditional Put), so settling an item never rewrites the input.
   */
  bulkInput: (bulkId: string): Key => ({ pk: `BULK#${bulkId}`, sk: 'INPUT' }),
  bulkItem: (bulkId: string, resultId: string): Key => ({ pk: `BULK#${bulkId}`, sk: `ITEM#${resultId}` }),
  bulkItemPrefix: 'ITEM#',

  /** A monitor's image fingerprints seen so far (one item; "is this picture new to the monitor"). */
  monitorSeenImages: (monitorId: string): Key => ({ pk: `MONITOR#${monitorId}`, sk: 'SEEN_IMAGES' }),
  /** A user's pending daily alert digest (in gsi3 `DIGEST_DUE` until it is sent). */
  alertDigest: (userId: string): Key => ({ pk: `USER#${userId}`, sk: 'ALERT_DIGEST' }),
  /** A signing key kept in the table (created once, conditionally), e.g. for unsubscribe links. */
  signingKey: (name: string): Key => ({ pk: `SECRET#${name}`, sk: 'SECRET' }),
  /** A platform setting an administrator changes (e.g. the monthly report's schedule), one item per name. */
  setting: (name: string): Key => ({ pk: `SETTING#${name}`, sk: 'SETTING' }),
  /** The partition of a user's own small items (profile, counters, usage months, slots, rate windows, ...). */
  userPartition: (userId: string) => `USER#${userId}`,
  /**
   * The agent's delisting queue (issue 23): a delisting request is listed on gsi1 under its engine
   * (`AGENT_QUEUE#google`), by `queuedAt#id`, so the console reads one engine's queue oldest first.
   */
  agentQueue: (engine: string, sortValue: string) => ({ gsi1pk: `AGENT_QUEUE#${engine}`, gsi1sk: sortValue }),
  agentQueuePartition: (engine: string) => `AGENT_QUEUE#${engine}`,
  /** Ended cases across the platform (issue 23's outcome figures), one small record each on gsi1 by `at#caseId`. */
  outcomeListing: (sortValue: string) => ({ gsi1pk: 'CASE_OUTCOMES', gsi1sk: sortValue }),
  outcomeListingPartition: 'CASE_OUTCOMES',
  /** Copies that came back after removal, across the platform (issue 23's "came back"), one record each on gsi1 by `at#caseId`. */
  returnListing: (sortValue: string) => ({ gsi1pk: 'CASE_RETURNS', gsi1sk: sortValue }),
  returnListingPartition: 'CASE_RETURNS',

  /**
   * The admin audit log (issue 26): one item per administrator change (`AUDIT#id`), listed newest first on gsi1
   * under `AUDIT`. Kept without expiry.
   */
  audit: (id: string): Key => ({ pk: `AUDIT#${id}`, sk: 'AUDIT' }),
  auditListing: (id: string) => ({ gsi1pk: 'AUDIT', gsi1sk: id }),
  auditPartition: 'AUDIT',
  /**
   * The platform's activity feed (issue 26): one item per business event (sign-up, plan change, finished scan,
   * notice sent), listed newest first on gsi1 under `ACTIVITY`; expires by TTL.
   */
  activity: (id: string): Key => ({ pk: `ACTIVITY#${id}`, sk: 'ACTIVITY' }),
  activityListing: (id: string) => ({ gsi1pk: 'ACTIVITY', gsi1sk: id }),
  activityPartition: 'ACTIVITY',
  /**
   * A user's token bucket for costly requests (issue 26): tokens left and when they were last counted. In the
   * user's partition beside the fixed rate windows (expiring by TTL), so an account erasure finds it.
   */
  rateBucket: (userId: string): Key => ({ pk: `USER#${userId}`, sk: 'RATE#bucket' }),

  /**
   * A data export job of a user (issue 27): requested, building, ready or failed, with its archive's key. In the
   * user's partition (found and erased with the account), ids are ULIDs, so the newest is the last.
   */
  dataExport: (userId: string, exportId: string): Key => ({ pk: `USER#${userId}`, sk: `EXPORT#${exportId}` }),
  dataExportPrefix: 'EXPORT#',

  /** A one-off data migration's progress (issue 27: schedules for monitors made before schedules existed). */
  migration: (name: string): Key => ({ pk: `MIGRATION#${name}`, sk: 'MIGRATION' }),

  /**
   * A source's health (issue 25): counters per source (a Telegram channel, a subreddit, a leak site rule), ADDed
   * by each run of the search workflow's QuerySource task; listed for the admin on gsi1 under `SOURCE_HEALTH`.
   */
  sourceHealth: (source: string): Key => ({ pk: `SOURCE#${source}`, sk: 'HEALTH' }),
  sourceHealthListing: (source: string) => ({ gsi1pk: 'SOURCE_HEALTH', gsi1sk: source }),
  sourceHealthPartition: 'SOURCE_HEALTH',
  /**
   * A source host's request window (issue 25): the times reserved for the latest requests to one host (`t.me`,
   * `oauth.reddit.com`, a leak site), shared by every QuerySource container, so the host's rate limit holds across
   * processes. Expires by TTL once the host is idle.
   */
  sourceHostWindow: (host: string): Key => ({ pk: `SOURCEHOST#${host}`, sk: 'WINDOW' }),

  /** Generic "list an owner's items of a type, newest first" on gsi1. */
  ownedBy: (userId: string, type: string, sortValue: string) => ({
    gsi1pk: `USER#${userId}#${type}`,
    gsi1sk: sortValue,
  }),
  ownedByPartition: (userId: string, type: string) => `USER#${userId}#${type}`,

  /** Generic "an item by its id": pk `TYPE#id`, so GetItem answers read-by-id routes. */
  entity: (type: string, id: string): Key => ({ pk: `${type}#${id}`, sk: type }),

  /** Generic "children of a parent" on gsi2 (for example a search's results). */
  childOf: (parentType: string, parentId: string, childType: string, sortValue: string) => ({
    gsi2pk: `${parentType}#${parentId}#${childType}`,
    gsi2sk: sortValue,
  }),
  childOfPartition: (parentType: string, parentId: string, childType: string) =>
    `${parentType}#${parentId}#${childType}`,
} as const;
