/**
 * The source contract (issue 25). A source is a place Vigil reads directly with its own connector, next to the
 * search engines: a Telegram channel's public preview, Reddit through its OAuth API, or a leak, album or
 * file-host site described by a rule (data, not code). Connectors live in this folder; the search workflow runs
 * each source in its own branch and turns its candidates into the same Triage input the engines produce.
 */

export const SOURCE_KINDS = ['telegram', 'reddit', 'site'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

/** What a creator names in a scan or a monitor. */
export interface SourceSpec {
  kind: SourceKind;
  /**
   * telegram: the channel's username (no `@`, no URL); reddit: a subreddit name (no `r/`), or `*` for a search
   * of all of Reddit by the creator's names and handles; site: the id of a site rule (see `site-rules`).
   */
  target: string;
}

/** One medium a post holds. */
export interface SourceMedia {
  url: string;
  kind: 'image' | 'video';
  /** A poster or preview image of a video, when the page gives one. */
  thumbnailUrl?: string;
}

/** One post (or album, or file) a source returned. */
export interface SourceCandidate {
  /** The post's own page: `https://t.me/<channel>/<id>`, a Reddit permalink, a thread post, an album page. */
  url: string;
  media: SourceMedia[];
  /** ISO time the post was published, when the page says. */
  postedAt?: string;
  /** Title or caption (plain text, trimmed). */
  title: string;
  source: SourceSpec;
  /** Links to other Telegram channels seen in the post (`t.me/<name>`), for discovery. */
  telegramChannels?: string[];
}

/** What a connector is given: the creator's query and the limits of this run. */
export interface SourceQuery {
  /** Creator names and handles to search or list. */
  terms: string[];
  /** Posts older than this are not wanted (monitor runs pass their last run's time). */
  since?: string;
}

export interface SourceLimits {
  /** Most requests one run makes to this source (paging included). */
  maxRequests: number;
  /** Most candidates one run returns. */
  maxCandidates: number;
}

/** What a run of one source tells the workflow and the admin's health view. */
export interface SourceRun {
  candidates: SourceCandidate[];
  requests: number;
  /** Milliseconds spent waiting for a host's rate limit. */
  rateLimitWaitMs: number;
  /** Set when the run stopped early (cap reached, malformed or hostile page, refused fetch), in words. */
  stoppedBecause?: string;
}

export interface SourceConnector {
  kind: SourceKind;
  /**
   * Reads one source. Never throws for a bad page: a malformed, hostile or refused answer ends the run with
   * `stoppedBecause` and the candidates gathered so far. Throws only for configuration errors (for example Reddit
   * credentials missing outside the sandbox) as `SourceConfigError`.
   */
  collect(spec: SourceSpec, query: SourceQuery, options?: { signal?: AbortSignal }): Promise<SourceRun>;
}
