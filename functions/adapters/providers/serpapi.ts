import { dig, toCandidates, type CandidateContext, type CandidateFields } from './candidate';
import { ProviderUnavailableError, UnsupportedSearchError } from './errors';
import { callProvider, type RetryConfig } from './provider-http';
import type { Candidate, Engine, SearchKind, SearchOptions, SearchProvider, SearchRequest } from './types';

export interface AdapterOptions {
  /** Base URL without a trailing slash (the real API, or the sandbox's stand-in for it). */
  baseUrl: string;
  apiKey: string;
  sandbox: boolean;
  /** Maps sandbox site URLs to their simulated domains. */
  sandboxOrigin?: string;
  config: RetryConfig;
}

/** SerpApi `engine` values per engine and kind; only documented ones (bing videos and DuckDuckGo media are not). */
const SERPAPI_ENGINES: Partial<Record<Engine, Partial<Record<SearchKind, string>>>> = {
  google: { web: 'google', images: 'google_images', videos: 'google_videos', reverse_image: 'google_lens' },
  bing: { web: 'bing', images: 'bing_images', reverse_image: 'bing_reverse_image' },
  duckduckgo: { web: 'duckduckgo' },
};

/** Sections of Bing reverse image answers: the shape is unverified, so every plausible list is read. */
const BING_REVERSE_EXACT = ['pages_including', 'exact_matches'];
const BING_REVERSE_VISUAL = ['related_content', 'visual_matches', 'similar_images', 'images_results', 'image_results'];

type Json = Record<string, unknown>;

/**
 * SerpApi adapter: Google (web, images, videos, Lens), Bing (web, images, reverse image) and DuckDuckGo (web).
 * A 200 with a top-level `error` string is SerpApi's "no results", returned as [].
 */
export function serpApiProvider(opts: AdapterOptions): SearchProvider {
  const supports = (engine: Engine, kind: SearchKind) => Boolean(SERPAPI_ENGINES[engine]?.[kind]);

  const get = (params: Record<string, string>, signal?: AbortSignal): Promise<Json | undefined> => {
    const url = new URL(`${opts.baseUrl}/search.json`);
    for (const [k, v] of Object.entries({ ...params, api_key: opts.apiKey })) url.searchParams.set(k, v);
    return callProvider({
      provider: 'serpapi',
      url,
      config: opts.config,
      signal,
      parse: (body) => {
        const b = (body ?? {}) as Json;
        if (dig(b, 'search_metadata', 'status') === 'Error') {
          throw new ProviderUnavailableError('serpapi', typeof b.error === 'string' ? b.error : 'search failed');
        }
        return b;
      },
    });
  };

  return {
    id: 'serpapi',
    sandbox: opts.sandbox,
    engines: ['google', 'bing', 'duckduckgo'],
    supports,
    async search(req: SearchRequest, options: SearchOptions = {}): Promise<Candidate[]> {
      const serpEngine = SERPAPI_ENGINES[req.engine]?.[req.kind];
      if (!serpEngine) throw new UnsupportedSearchError('serpapi', `no ${req.kind} search for ${req.engine}`);
      const ctx: CandidateContext = {
        engine: req.engine,
        kind: req.kind,
        provider: 'serpapi',
        sandbox: opts.sandbox,
        sandboxOrigin: opts.sandboxOrigin,
        seenAt: new Date().toISOString(),
      };
      const limit = req.limit ?? 100;
      if (req.kind === 'reverse_image') {
        if (!req.imageUrl) throw new UnsupportedSearchError('serpapi', 'reverse image search needs imageUrl');
        if (serpEngine === 'google_lens') {
          // Exact matches (the copies) only come with type=exact_matches; the default answer holds visual matches.
          const [exact, all] = await Promise.all([
            get({ engine: serpEngine, url: req.imageUrl, type: 'exact_matches', hl: 'en', country: 'us' }, options.signal),
            get({ engine: serpEngine, url: req.imageUrl, hl: 'en', country: 'us' }, options.signal),
          ]);
          return dedupe([...lensMatches(ctx, exact, 'exact'), ...lensMatches(ctx, all, 'exact'), ...lensMatches(ctx, all, 'visual')]);
        }
        const body = await get({ engine: serpEngine, image_url: req.imageUrl }, options.signal);
        return dedupe([
          ...BING_REVERSE_EXACT.flatMap((k) => toCandidates(ctx, body?.[k], (i) => reverseFields(i, 'exact'))),
          ...BING_REVERSE_VISUAL.flatMap((k) => toCandidates(ctx, body?.[k], (i) => reverseFields(i, 'visual'))),
        ]);
      }
      if (!req.query?.trim()) throw new UnsupportedSearchError('serpapi', `${req.kind} search needs a query`);
      const q = req.query.trim();
      switch (serpEngine) {
        case 'google': {
          const body = await get({ engine: serpEngine, q, num: String(Math.min(limit, 100)), gl: 'us', hl: 'en' }, options.signal);
          return [...organic(ctx, body), ...inlineImages(ctx, body)];
        }
        case 'bing': {
          const body = await get({ engine: serpEngine, q, count: String(Math.min(limit, 50)), cc: 'US' }, options.signal);
          return [...organic(ctx, body), ...inlineImages(ctx, body)];
        }
        case 'duckduckgo':
          return organic(ctx, await get({ engine: serpEngine, q, kl: 'us-en' }, options.signal));
        case 'google_images':
        case 'bing_images': {
          const params: Record<string, string> = serpEngine === 'google_images' ? { engine: serpEngine, q, ijn: '0' } : { engine: serpEngine, q, count: String(Math.min(limit, 150)) };
          const body = await get(params, options.signal);
          return toCandidates(ctx, body?.images_results, (i) => ({
            url: i.link,
            imageUrl: i.original ?? i.image,
            thumbnailUrl: thumb(i.thumbnail),
            title: i.title,
            position: i.position,
            width: i.original_width,
            height: i.original_height,
          })).slice(0, limit);
        }
        case 'google_videos': {
          const body = await get({ engine: serpEngine, q }, options.signal);
          return toCandidates(ctx, body?.video_results, (i) => ({
            url: i.link,
            thumbnailUrl: thumb(i.thumbnail),
            title: i.title,
            snippet: i.snippet,
            position: i.position,
          })).slice(0, limit);
        }
        default:
          throw new UnsupportedSearchError('serpapi', `engine ${serpEngine} is not handled`);
      }
    },
  };
}

function organic(ctx: CandidateContext, body: Json | undefined): Candidate[] {
  return toCandidates(ctx, body?.organic_results, (i) => ({
    url: i.link,
    title: i.title,
    snippet: i.snippet,
    thumbnailUrl: thumb(i.thumbnail),
    position: i.position,
  }));
}

/** Google's inline image strip in a web answer: `source` is the page, `original` the image. */
function inlineImages(ctx: CandidateContext, body: Json | undefined): Candidate[] {
  return toCandidates(ctx, body?.inline_images, (i) => ({
    url: i.source ?? i.link,
    imageUrl: i.original,
    thumbnailUrl: thumb(i.thumbnail),
    title: i.title,
    kind: 'images',
  }));
}

function lensMatches(ctx: CandidateContext, body: Json | undefined, which: 'exact' | 'visual'): Candidate[] {
  return toCandidates(ctx, body?.[which === 'exact' ? 'exact_matches' : 'visual_matches'], (i) => ({
    url: i.link,
    imageUrl: i.image ?? i.original,
    thumbnailUrl: thumb(i.thumbnail),
    title: i.title,
    position: i.position,
    width: i.actual_image_width ?? i.image_width,
    height: i.actual_image_height ?? i.image_height,
    matchType: which,
  }));
}

function reverseFields(i: Json, matchType: 'exact' | 'visual'): CandidateFields {
  return {
    url: i.link ?? i.host_page_url ?? i.page_link ?? i.source_link ?? i.source,
    imageUrl: i.image ?? i.original ?? i.content_url,
    thumbnailUrl: thumb(i.thumbnail),
    title: i.title ?? i.name,
    snippet: i.snippet,
    position: i.position,
    width: i.image_width ?? i.width,
    height: i.image_height ?? i.height,
    matchType,
  };
}

/** Thumbnails are strings, but some video shapes nest them (`{static, rich}`); unverified, so both are read. */
function thumb(value: unknown): unknown {
  if (value && typeof value === 'object') return (value as Json).static ?? (value as Json).src;
  return value;
}

/** One candidate per page+image; the first (exact before visual) wins. */
function dedupe(cands: Candidate[]): Candidate[] {
  const seen = new Set<string>();
  return cands.filter((c) => {
    const key = `${c.url} ${c.imageUrl ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
