import { siteByDomain, type MediaSpec, type PageSpec } from './catalogue';
import type { FaultController, SandboxEngine } from './faults';
import type { Planter } from './planter';
import { engineShare, hash, type SiteIndex } from './site-index';

/**
 * The sandbox's stand-ins for SerpApi, Brave and TinEye: the same JSON shapes as docs/reference/search-providers.md, so
 * the real adapters run against them unchanged. Every URL in an answer is an absolute URL of a simulated site.
 */
export interface ShapeContext {
  origin: string;
  index: SiteIndex;
  planter: Planter;
  faults: FaultController;
  now: () => Date;
  /** Pages an engine has delisted after a removal request (issue 23): left out of its answers. */
  isDelisted?: (engine: SandboxEngine, page: PageSpec) => boolean;
}

export interface Answer {
  status: number;
  /** An object is sent as JSON; a string is sent as is (for malformed-JSON faults). */
  body: unknown;
  headers?: Record<string, string>;
}

export const pageUrl = (origin: string, p: PageSpec) => `${origin}/sites/${p.domain}${p.path}`;
export const mediaUrl = (origin: string, m: MediaSpec) => `${origin}/sites/${m.domain}/media/${m.file}`;
export const thumbUrl = (origin: string, m: MediaSpec) => `${origin}/cdn/thumbs/${m.domain}/${m.poster ?? m.file}`;

const siteName = (domain: string) => siteByDomain(domain)?.name ?? domain;
const snippet = (p: PageSpec) => {
  const text = p.body.join(' ');
  return text.length > 160 ? `${text.slice(0, 157)}...` : text;
};
const displayed = (p: PageSpec) => `https://${p.domain} › ${p.path.split('/').filter(Boolean).join(' › ')}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface FaultShapes {
  fail: () => Answer;
  throttle: (retryAfterSeconds: number) => Answer;
  empty: () => Answer;
}

/** Applies the engine's injected fault: an answer that replaces the real one, or undefined to go on (after a delay). */
async function faulted(ctx: ShapeContext, engine: SandboxEngine, shapes: FaultShapes): Promise<Answer | undefined> {
  const fault = ctx.faults.take(engine);
  if (!fault) return undefined;
  if (fault.delayMs || fault.mode === 'slow') await sleep(fault.delayMs ?? 5_000);
  switch (fault.mode) {
    case 'fail':
      return shapes.fail();
    case 'throttle':
      return shapes.throttle(fault.retryAfterSeconds ?? 0);
    case 'malformed':
      return { status: 200, body: '{"search_metadata": {"status": "Succ' };
    case 'empty':
      return shapes.empty();
    default:
      return undefined;
  }
}

function rankedPages(ctx: ShapeContext, engine: SandboxEngine, query: string): PageSpec[] {
  const listed = (p: PageSpec) => !ctx.isDelisted?.(engine, p);
  // A search for a page's own URL finds that page while the engine lists it (the delisting check, issue 23).
  const prefix = `${ctx.origin}/sites/`;
  if (query.startsWith(prefix)) {
    const m = /^([^/]+)(\/.*)$/.exec(decodeURIComponent(query.slice(prefix.length)).replace(/\/+$/, ''));
    const page = m ? ctx.index.page(m[1]!, m[2]!) : undefined;
    return page && listed(page) ? [page] : [];
  }
  const pages = ctx.index.search(query).map((r) => r.page).filter(listed);
  return engineShare(engine, pages, (p) => p.domain + p.path);
}

function imagesOf(ctx: ShapeContext, pages: PageSpec[]): Array<{ page: PageSpec; media: MediaSpec }> {
  return pages.flatMap((page) => ctx.index.mediaOf(page).filter((m) => m.kind === 'image').map((media) => ({ page, media })));
}

function videosOf(ctx: ShapeContext, pages: PageSpec[]): Array<{ page: PageSpec; media: MediaSpec }> {
  return pages.flatMap((page) => ctx.index.mediaOf(page).filter((m) => m.kind === 'video').map((media) => ({ page, media })));
}

/** Planted copies of a reference plus a few unrelated pictures, or the reason there are none. */
async function reverseMatches(ctx: ShapeContext, imageUrl: string) {
  const planted = await ctx.planter.plant(imageUrl);
  if (!planted.ok) return { ok: false as const, reason: planted.reason };
  const set = ctx.index.plantedSet(planted.ref)!;
  const copies = set.media
    .filter((m) => m.kind === 'image')
    .map((media) => ({ media, page: ctx.index.pageOf(media)! }))
    .filter((x) => x.page);
  const pool = ctx.index.unrelatedImages();
  const start = hash(planted.ref) % pool.length;
  const unrelated = [0, 1, 2].map((i) => pool[(start + i * 3) % pool.length]).map((media) => ({ media, page: ctx.index.pageOf(media)! }));
  return { ok: true as const, ref: planted.ref, copies, unrelated };
}

// ---------------------------------------------------------------- SerpApi

const SERP_ENGINES: Record<string, SandboxEngine> = {
  google: 'google',
  google_images: 'google',
  google_videos: 'google',
  google_lens: 'google',
  bing: 'bing',
  bing_images: 'bing',
  bing_reverse_image: 'bing',
  duckduckgo: 'duckduckgo',
};
const ENGINE_LABEL: Record<SandboxEngine, string> = { google: 'Google', bing: 'Bing', duckduckgo: 'DuckDuckGo', brave: 'Brave', tineye: 'TinEye' };

/** `GET /serpapi/search.json` */
export async function serpApiAnswer(params: URLSearchParams, ctx: ShapeContext): Promise<Answer> {
  const engineParam = params.get('engine') ?? 'google';
  if (!params.get('api_key')) {
    return { status: 401, body: { error: 'Invalid API key. Your API key should be here: https://serpapi.com/manage-api-key' } };
  }
  const engine = SERP_ENGINES[engineParam];
  if (!engine) return { status: 400, body: { error: `Unsupported \`${engineParam}\` search engine.` } };
  const started = Date.now();
  const now = ctx.now();
  const id = (hash(`${params}${now.getTime()}`) >>> 0).toString(16).padStart(8, '0');
  const metadata = (status = 'Success') => ({
    id: `sandbox-${id}`,
    status,
    json_endpoint: `${ctx.origin}/serpapi/searches/${id}.json`,
    created_at: now.toISOString().replace('T', ' ').slice(0, 19) + ' UTC',
    processed_at: new Date().toISOString().replace('T', ' ').slice(0, 19) + ' UTC',
    total_time_taken: (Date.now() - started) / 1000,
    sandbox: true,
  });
  const searchParameters = Object.fromEntries([...params].filter(([k]) => k !== 'api_key'));
  const noResults = (label = ENGINE_LABEL[engine]) => ({
    status: 200,
    body: {
      search_metadata: metadata(),
      search_parameters: searchParameters,
      search_information: { organic_results_state: 'Fully empty' },
      error: `${label} hasn't returned any results for this query.`,
    },
  });

  const fault = await faulted(ctx, engine, {
    fail: () => ({ status: 503, body: { search_metadata: metadata('Error'), error: `${ENGINE_LABEL[engine]} hasn't responded in time (sandbox fault).` } }),
    throttle: (s) => ({ status: 429, body: { error: 'Your account has reached its hourly throughput limit. Please slow down.' }, headers: { 'retry-after': String(s) } }),
    empty: () => noResults(),
  });
  if (fault) return fault;

  const ok = (body: Record<string, unknown>): Answer => ({ status: 200, body: { search_metadata: metadata(), search_parameters: searchParameters, ...body } });

  if (engineParam === 'google_lens' || engineParam === 'bing_reverse_image') {
    const imageUrl = params.get(engineParam === 'google_lens' ? 'url' : 'image_url');
    if (!imageUrl) return { status: 400, body: { error: `Missing query \`${engineParam === 'google_lens' ? 'url' : 'image_url'}\` parameter.` } };
    const found = await reverseMatches(ctx, imageUrl);
    if (!found.ok) return noResults(engineParam === 'google_lens' ? 'Google Lens' : 'Bing');
    const { copies, unrelated } = found;
    if (engineParam === 'google_lens') {
      // Lens calls the same picture at another size or quality an exact match; edited ones are visual matches.
      const exact = copies.filter((c) => ['resized', 'recompressed', 'watermarked'].includes(c.media.transform));
      const visual = [...copies.filter((c) => !exact.includes(c)), ...unrelated];
      if (params.get('type') === 'exact_matches') {
        return ok({
          exact_matches: exact.map(({ page, media }, i) => ({
            position: i + 1,
            title: page.title,
            link: pageUrl(ctx.origin, page),
            source: page.domain,
            thumbnail: thumbUrl(ctx.origin, media),
            image: mediaUrl(ctx.origin, media),
            actual_image_width: media.width,
            actual_image_height: media.height,
          })),
        });
      }
      return ok({
        visual_matches: visual.map(({ page, media }, i) => ({
          position: i + 1,
          title: page.title,
          link: pageUrl(ctx.origin, page),
          source: siteName(page.domain),
          thumbnail: thumbUrl(ctx.origin, media),
          image: mediaUrl(ctx.origin, media),
          image_width: media.width,
          image_height: media.height,
        })),
      });
    }
    return ok({
      pages_including: copies
        .filter((c) => c.media.transform !== 'screenshot')
        .map(({ page, media }, i) => ({
          position: i + 1,
          title: page.title,
          link: pageUrl(ctx.origin, page),
          displayed_link: displayed(page),
          thumbnail: thumbUrl(ctx.origin, media),
          image: mediaUrl(ctx.origin, media),
          image_width: media.width,
          image_height: media.height,
        })),
      related_content: unrelated.map(({ page, media }) => ({ title: page.title, link: pageUrl(ctx.origin, page), thumbnail: thumbUrl(ctx.origin, media), image: mediaUrl(ctx.origin, media) })),
    });
  }

  const q = params.get('q')?.trim();
  if (!q) return { status: 400, body: { error: 'Missing query `q` parameter.' } };
  const pages = rankedPages(ctx, engine, q);
  switch (engineParam) {
    case 'google':
    case 'bing':
    case 'duckduckgo': {
      if (!pages.length) return noResults();
      const body: Record<string, unknown> = {
        search_information: { total_results: pages.length * 137, query_displayed: q },
        organic_results: pages.map((p, i) => ({
          position: i + 1,
          title: p.title,
          link: pageUrl(ctx.origin, p),
          displayed_link: displayed(p),
          snippet: snippet(p),
          source: siteName(p.domain),
        })),
      };
      if (engineParam === 'google') {
        body.inline_images = imagesOf(ctx, pages)
          .slice(0, 4)
          .map(({ page, media }) => ({ link: `${ctx.origin}/serpapi/images?q=${encodeURIComponent(q)}`, source: pageUrl(ctx.origin, page), thumbnail: thumbUrl(ctx.origin, media), original: mediaUrl(ctx.origin, media), title: page.title, source_name: siteName(page.domain) }));
      }
      return ok(body);
    }
    case 'google_images':
    case 'bing_images': {
      const images = imagesOf(ctx, pages);
      if (!images.length) return noResults();
      return ok({
        images_results: images.map(({ page, media }, i) => ({
          position: i + 1,
          thumbnail: thumbUrl(ctx.origin, media),
          original: mediaUrl(ctx.origin, media),
          original_width: media.width,
          original_height: media.height,
          title: page.title,
          link: pageUrl(ctx.origin, page),
          source: siteName(page.domain),
        })),
      });
    }
    case 'google_videos': {
      const videos = videosOf(ctx, pages);
      if (!videos.length) return noResults();
      return ok({
        video_results: videos.map(({ page, media }, i) => ({
          position: i + 1,
          title: page.title,
          link: pageUrl(ctx.origin, page),
          displayed_link: displayed(page),
          thumbnail: thumbUrl(ctx.origin, media),
          snippet: snippet(page),
          date: page.published.slice(0, 10),
          duration: '0:03',
        })),
      });
    }
    default:
      return { status: 400, body: { error: `Unsupported \`${engineParam}\` search engine.` } };
  }
}

// ---------------------------------------------------------------- Brave

/** `GET /brave/res/v1/{web,images,videos}/search` */
export async function braveAnswer(kind: string, params: URLSearchParams, token: string | undefined, ctx: ShapeContext): Promise<Answer> {
  const error = (status: number, code: string, detail: string, headers?: Record<string, string>): Answer => ({
    status,
    body: { type: 'ErrorResponse', error: { id: 'sandbox', status, code, detail, meta: { component: 'sandbox' } }, time: Math.floor(Date.now() / 1000) },
    headers,
  });
  if (!token) return error(422, 'SUBSCRIPTION_TOKEN_INVALID', 'The provided subscription token is invalid.');
  if (!['web', 'images', 'videos'].includes(kind)) return error(404, 'NOT_FOUND', `No ${kind} search.`);
  const q = params.get('q')?.trim();
  const empty = (): Answer => ({ status: 200, body: kind === 'web' ? { type: 'search', query: { original: q ?? '' }, web: { type: 'search', results: [] } } : { type: kind, query: { original: q ?? '' }, results: [] } });
  const fault = await faulted(ctx, 'brave', {
    fail: () => error(503, 'SERVICE_UNAVAILABLE', 'Brave is unavailable (sandbox fault).'),
    throttle: (s) => error(429, 'RATE_LIMITED', 'Request rate limit exceeded for plan.', { 'x-ratelimit-limit': '1, 2000', 'x-ratelimit-remaining': '0, 1500', 'x-ratelimit-reset': `${s}, 1419704` }),
    empty,
  });
  if (fault) return fault;
  if (!q) return error(422, 'VALIDATION', 'Unable to validate request parameter(s): q is required.');
  const pages = rankedPages(ctx, 'brave', q);
  const meta = (domain: string) => ({ scheme: 'https', netloc: domain, hostname: domain, path: '' });
  const age = (p: PageSpec) => new Date(p.published).toUTCString().slice(5, 16);
  const headers = { 'x-ratelimit-limit': '1, 2000', 'x-ratelimit-remaining': '0, 1999', 'x-ratelimit-reset': '1, 1419704' };
  if (kind === 'web') {
    return {
      status: 200,
      headers,
      body: {
        type: 'search',
        query: { original: q },
        web: {
          type: 'search',
          results: pages.map((p) => ({ type: 'search_result', title: p.title, url: pageUrl(ctx.origin, p), description: snippet(p), meta_url: meta(p.domain), age: age(p), page_age: p.published.slice(0, 19) })),
        },
      },
    };
  }
  if (kind === 'images') {
    return {
      status: 200,
      headers,
      body: {
        type: 'images',
        query: { original: q },
        results: imagesOf(ctx, pages).map(({ page, media }) => ({
          type: 'image_result',
          title: page.title,
          url: pageUrl(ctx.origin, page),
          source: page.domain,
          thumbnail: { src: thumbUrl(ctx.origin, media) },
          properties: { url: mediaUrl(ctx.origin, media), placeholder: thumbUrl(ctx.origin, media), width: media.width, height: media.height },
          meta_url: meta(page.domain),
          confidence: 'high',
        })),
      },
    };
  }
  return {
    status: 200,
    headers,
    body: {
      type: 'videos',
      query: { original: q },
      results: videosOf(ctx, pages).map(({ page, media }) => ({
        type: 'video_result',
        url: pageUrl(ctx.origin, page),
        title: page.title,
        description: snippet(page),
        age: age(page),
        page_age: page.published.slice(0, 19),
        thumbnail: { src: thumbUrl(ctx.origin, media) },
        video: { duration: '00:03', creator: page.author, publisher: siteName(page.domain) },
        meta_url: meta(page.domain),
      })),
    },
  };
}

// ---------------------------------------------------------------- TinEye

/** `GET /tineye/rest/search/` */
export async function tinEyeAnswer(params: URLSearchParams, apiKey: string | undefined, ctx: ShapeContext): Promise<Answer> {
  const error = (status: number, ...messages: string[]): Answer => ({ status, body: { code: status, messages, stats: {}, results: {} } });
  if (!apiKey) return error(401, 'Error', 'API key is missing or invalid.');
  const empty = (): Answer => ({ status: 200, body: { code: 200, messages: [], stats: { total_results: 0, total_backlinks: 0 }, results: { matches: [] } } });
  const fault = await faulted(ctx, 'tineye', {
    fail: () => error(503, 'Error', 'TinEye is unavailable (sandbox fault).'),
    throttle: (s) => ({ ...error(429, 'Error', 'Too many requests.'), headers: { 'retry-after': String(s) } }),
    empty,
  });
  if (fault) return fault;
  const imageUrl = params.get('image_url');
  if (!imageUrl) return error(400, 'Error', 'Missing image_url or image_upload.');
  const found = await reverseMatches(ctx, imageUrl);
  if (!found.ok) return error(400, 'Error', `Could not download the image: ${found.reason}`);
  const crawl = (page: PageSpec) => page.published.slice(0, 10);
  const copies = found.copies.filter((c) => c.media.transform !== 'screenshot');
  const matches = [
    ...copies.map(({ page, media }, i) => ({ page, media, score: 90 - i * 4.5 })),
    // TinEye's tail: one weak look-alike.
    { ...found.unrelated[0], score: 12.3 },
  ].map(({ page, media, score }) => ({
    image_url: thumbUrl(ctx.origin, media),
    domain: page.domain,
    score,
    width: media.width,
    height: media.height,
    size: (media.width ?? 0) * (media.height ?? 0),
    format: 'JPEG',
    filesize: 0,
    overlay: `overlay/${found.ref}/${media.file}`,
    tags: [],
    backlinks: [{ url: mediaUrl(ctx.origin, media), backlink: pageUrl(ctx.origin, page), crawl_date: crawl(page), image_name: media.file }],
  }));
  return {
    status: 200,
    body: {
      code: 200,
      messages: [],
      stats: { timestamp: String(Date.now() / 1000), query_time: '0.42', total_results: matches.length, total_backlinks: matches.length, total_stock: 0, total_collection: 0, total_filtered_results: matches.length },
      results: { matches },
    },
  };
}
