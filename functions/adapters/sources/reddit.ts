import * as z from 'zod';
import { perConfig } from '../../lib/config';
import { SourceConfigError, SourceStop } from './errors';
import { REDDIT_RATE_LIMIT_PER_MINUTE, SUBREDDIT } from './spec';
import { PoliteSession, type PoliteDeps, type PoliteSettings } from './polite';
import { Collector, jsonOf, mediaKindOf, runSource, telegramChannelsIn } from './run';
import type { SourceCandidate, SourceConnector, SourceLimits, SourceMedia, SourceQuery, SourceRun, SourceSpec } from './types';


export interface RedditOptions {
  /** Where application tokens come from (`https://www.reddit.com`) and where permalinks live. */
  authBaseUrl: string;
  /** The OAuth API (`https://oauth.reddit.com`). */
  apiBaseUrl: string;
  clientId?: string;
  clientSecret?: string;
  settings: PoliteSettings;
  limits: SourceLimits;
  deps?: PoliteDeps;
}

/** Application tokens, kept per client id until a minute before they expire (one per configuration). */
const tokens = perConfig(() => new Map<string, { token: string; expiresAt: number }>());

const tokenSchema = z.object({ access_token: z.string().min(1), expires_in: z.number().optional() });

const imageSource = z.object({ url: z.string() }).partial();
const postSchema = z
  .object({
    id: z.string(),
    title: z.string().default(''),
    url: z.string().optional(),
    permalink: z.string(),
    created_utc: z.number().optional(),
    is_gallery: z.boolean().optional(),
    is_video: z.boolean().optional(),
    post_hint: z.string().optional(),
    selftext: z.string().optional(),
    over_18: z.boolean().optional(),
    gallery_data: z.object({ items: z.array(z.object({ media_id: z.string() })) }).nullish(),
    media_metadata: z
      .record(
        z.string(),
        z.object({ status: z.string().optional(), e: z.string().optional(), m: z.string().optional(), s: z.object({ u: z.string().optional(), gif: z.string().optional(), mp4: z.string().optional() }).partial().optional() }),
      )
      .nullish(),
    preview: z.object({ images: z.array(z.object({ source: imageSource.optional() })).optional(), reddit_video_preview: z.object({ fallback_url: z.string() }).nullish() }).nullish(),
    media: z.object({ reddit_video: z.object({ fallback_url: z.string() }).nullish() }).nullish(),
    secure_media: z.object({ reddit_video: z.object({ fallback_url: z.string() }).nullish() }).nullish(),
  })
  .passthrough();

const listingSchema = z.object({
  kind: z.literal('Listing'),
  data: z.object({ children: z.array(z.object({ kind: z.string(), data: z.unknown() })), after: z.string().nullish() }),
});

/**
 * Reddit through its Data API with an application-only token (`grant_type=client_credentials` at
 * `/api/v1/access_token`, then `Authorization: bearer` calls to `oauth.reddit.com`). Target `*`: a search of all
 * of Reddit for each of the creator's names and handles (`/search?q=…&sort=new&type=link`); a subreddit name: its
 * new posts (`/r/<sub>/new`), paged with `after` until `since` or the caps. Media from galleries
 * (`gallery_data` + `media_metadata`), hosted videos (`media.reddit_video.fallback_url`, the preview image as its
 * thumbnail), direct image links, else the post's preview image. `raw_json=1` keeps URLs unescaped.
 */
export function redditConnector(options: RedditOptions): SourceConnector {
  return {
    kind: 'reddit',
    async collect(spec: SourceSpec, query: SourceQuery, runOptions?: { signal?: AbortSignal }): Promise<SourceRun> {
      const target = spec.target.replace(/^\/?r\//i, '');
      if (target !== '*' && !SUBREDDIT.test(target)) throw new SourceConfigError(`"${spec.target}" is not a subreddit name (or * for all of Reddit)`);
      if (!options.clientId || !options.clientSecret) {
        throw new SourceConfigError('Reddit needs REDDIT_CLIENT_ID and REDDIT_CLIENT_SECRET (an application registered with Reddit), in the provider secret or the environment');
      }
      const signal = runOptions?.signal;
      const session = new PoliteSession(options.settings, options.limits, `reddit:${target.toLowerCase()}`, options.deps, signal);
      const collector = new Collector(options.limits, query.since);
      const api = options.apiBaseUrl.replace(/\/+$/, '');
      const permalinkBase = options.authBaseUrl.replace(/\/+$/, '');
      return runSource(
        session,
        collector,
        async () => {
          const token = await accessToken(session, options);
          const call = async (path: string) => {
            const res = await session.get(`${api}${path}`, {
              accept: ['application/json'],
              headers: { authorization: `bearer ${token}` },
              robots: false,
              rateLimitPerMinute: REDDIT_RATE_LIMIT_PER_MINUTE,
            });
            const remaining = Number(res.headers['x-ratelimit-remaining']);
            const listing = listingSchema.safeParse(jsonOf(res.body, 'Reddit\'s answer'));
            if (!listing.success) throw new SourceStop('Reddit\'s answer was not a Listing (the page has the wrong shape)');
            return { listing: listing.data, exhausted: Number.isFinite(remaining) && remaining < 1 };
          };
          const walk = async (firstPath: (after?: string) => string) => {
            let after: string | undefined;
            const seenAfter = new Set<string>();
            for (;;) {
              const { listing, exhausted } = await call(firstPath(after));
              let tooOld = false;
              for (const child of listing.data.children) {
                if (child.kind !== 't3') continue;
                const post = postSchema.safeParse(child.data);
                if (!post.success) continue;
                const candidate = candidateOf(post.data, spec, permalinkBase);
                if (collector.tooOld(candidate.postedAt)) tooOld = true;
                collector.add(candidate);
              }
              if (exhausted) throw new SourceStop('Reddit\'s rate limit for this client is used up (X-Ratelimit-Remaining: 0)');
              const next = listing.data.after ?? undefined;
              if (!next || tooOld || !listing.data.children.length) return;
              if (seenAfter.has(next)) throw new SourceStop('Reddit\'s paging went round in a circle');
              seenAfter.add(next);
              after = next;
            }
          };
          if (target === '*') {
            for (const term of query.terms.map((t) => t.trim()).filter(Boolean)) {
              await walk((after) => `/search?q=${encodeURIComponent(term)}&sort=new&type=link&limit=100&raw_json=1${after ? `&after=${after}` : ''}`);
            }
          } else {
            await walk((after) => `/r/${encodeURIComponent(target)}/new?limit=100&raw_json=1${after ? `&after=${after}` : ''}`);
          }
        },
        signal,
      );
    },
  };
}

async function accessToken(session: PoliteSession, options: RedditOptions): Promise<string> {
  const cache = tokens();
  const key = `${options.authBaseUrl}|${options.clientId}`;
  const hit = cache.get(key);
  if (hit && hit.expiresAt > Date.now() + 60_000) return hit.token;
  const res = await session.get(`${options.authBaseUrl.replace(/\/+$/, '')}/api/v1/access_token`, {
    method: 'POST',
    body: 'grant_type=client_credentials',
    accept: ['application/json'],
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`,
    },
    robots: false,
    rateLimitPerMinute: REDDIT_RATE_LIMIT_PER_MINUTE,
  });
  const parsed = tokenSchema.safeParse(jsonOf(res.body, 'Reddit\'s token answer'));
  if (!parsed.success) throw new SourceStop('Reddit gave no access token (check REDDIT_CLIENT_ID and REDDIT_CLIENT_SECRET)');
  cache.set(key, { token: parsed.data.access_token, expiresAt: Date.now() + (parsed.data.expires_in ?? 3600) * 1000 });
  return parsed.data.access_token;
}

type Post = z.infer<typeof postSchema>;

/** A post's media, in the order Reddit shows them. */
export function redditMedia(post: Post): SourceMedia[] {
  const out: SourceMedia[] = [];
  const push = (m: SourceMedia) => {
    if (!out.some((x) => x.url === m.url)) out.push(m);
  };
  const previewUrl = post.preview?.images?.[0]?.source?.url;
  if (post.is_gallery && post.media_metadata) {
    const order = post.gallery_data?.items.map((i) => i.media_id) ?? Object.keys(post.media_metadata);
    for (const id of order) {
      const meta = post.media_metadata[id];
      if (!meta || (meta.status && meta.status !== 'valid')) continue;
      const video = meta.s?.mp4;
      if (video) push({ url: video, kind: 'video', ...(meta.s?.u ? { thumbnailUrl: meta.s.u } : {}) });
      else if (meta.s?.u ?? meta.s?.gif) push({ url: (meta.s?.u ?? meta.s?.gif)!, kind: 'image' });
    }
    return out;
  }
  const hosted = post.media?.reddit_video?.fallback_url ?? post.secure_media?.reddit_video?.fallback_url ?? post.preview?.reddit_video_preview?.fallback_url;
  if (post.is_video && hosted) {
    push({ url: hosted, kind: 'video', ...(previewUrl ? { thumbnailUrl: previewUrl } : {}) });
    return out;
  }
  if (post.url && (post.post_hint === 'image' || /\.(jpe?g|png|gif|webp)$/i.test(safePath(post.url)))) push({ url: post.url, kind: 'image' });
  else if (post.url && mediaKindOf(post.url) === 'video') push({ url: post.url, kind: 'video', ...(previewUrl ? { thumbnailUrl: previewUrl } : {}) });
  else if (previewUrl) push({ url: previewUrl, kind: 'image' });
  return out;
}

function safePath(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

function candidateOf(post: Post, spec: SourceSpec, permalinkBase: string): SourceCandidate {
  const postedAt = post.created_utc !== undefined ? new Date(post.created_utc * 1000).toISOString() : undefined;
  const channels = telegramChannelsIn(post.title, post.selftext ?? '', post.url ?? '');
  return {
    url: `${permalinkBase}${post.permalink.startsWith('/') ? '' : '/'}${post.permalink}`,
    media: redditMedia(post),
    title: post.title.trim().slice(0, 500),
    source: spec,
    ...(postedAt ? { postedAt } : {}),
    ...(channels.length ? { telegramChannels: channels } : {}),
  };
}
