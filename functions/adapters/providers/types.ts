/**
 * The search-provider contract. An engine is an index (`google`, `bing`, `duckduckgo`, plus Brave's and TinEye's
 * own indexes); a provider is how we reach it (SerpApi, Brave, TinEye, Google Custom Search). See
 * docs/reference/search-providers.md.
 */
export const ENGINES = ['google', 'bing', 'duckduckgo', 'brave', 'tineye'] as const;
export type Engine = (typeof ENGINES)[number];

export const SEARCH_KINDS = ['web', 'images', 'videos', 'reverse_image'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export type ProviderId = 'serpapi' | 'brave' | 'tineye' | 'google_cse';

export interface SearchRequest {
  engine: Engine;
  kind: SearchKind;
  /** Names searched (web, images, videos). */
  query?: string;
  /** A public image URL, e.g. a presigned S3 GET URL of a reference image (reverse_image). */
  imageUrl?: string;
  /** Most results wanted; each provider caps it to what its API allows. */
  limit?: number;
}

/** One thing a provider found. `url` is always the page; the image, when known, is `imageUrl`. */
export interface Candidate {
  url: string;
  imageUrl?: string;
  thumbnailUrl?: string;
  title: string;
  snippet?: string;
  /** Host name without `www.`; for sandbox URLs the simulated site's domain (e.g. `leakforum.example`). */
  domain: string;
  engine: Engine;
  kind: SearchKind;
  provider: ProviderId;
  /** True when the answer came from the sandbox web rather than the real provider. */
  sandbox: boolean;
  /** ISO time of the search that found it. */
  seenAt: string;
  /** When the index crawled it (TinEye backlinks), ISO date. */
  crawlDate?: string;
  /** Reverse image search: `exact` copies (Lens exact matches, Bing pages including) or `visual` look-alikes. */
  matchType?: 'exact' | 'visual';
  /** Provider's own rank (1-based) or score when it gives one. */
  position?: number;
  score?: number;
  width?: number;
  height?: number;
}

export interface SearchOptions {
  signal?: AbortSignal;
}

export interface SearchProvider {
  id: ProviderId;
  /** True when pointed at the sandbox web (no key configured). */
  sandbox: boolean;
  /** Engines this provider reaches. */
  engines: readonly Engine[];
  /** Whether `search` accepts this engine and kind (e.g. DuckDuckGo has no reverse image search). */
  supports(engine: Engine, kind: SearchKind): boolean;
  /**
   * Runs one search. No results is `[]`, not an error.
   * @throws ProviderAuthError, ThrottledError (after in-process retries), ProviderUnavailableError,
   *   ProviderTimeoutError, ProviderResponseError, ProviderRequestError, UnsupportedSearchError
   */
  search(request: SearchRequest, options?: SearchOptions): Promise<Candidate[]>;
}
