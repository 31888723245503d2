import { DEMO_CREATOR, DEMO_ORIGINALS, type MediaSource, type MediaSpec } from './catalogue';
import type { SceneSpec, TransformName } from './images';
import type { MediaRenderer } from './media';
import { hash, normalise, type SiteIndex } from './site-index';

/**
 * The direct sources of issue 25 in their real shapes, under the sandbox origin:
 *
 * - `/telegram/s/<channel>[?before=<id>|?q=<term>]`: Telegram's public web preview (20 posts a page, oldest first,
 *   `a.tme_messages_more[data-before]` to older posts), `/telegram/<channel>/<id>` a post, `/telegram/file/<f>` media.
 * - `/reddit/www/api/v1/access_token` (client credentials, Basic auth) and `/reddit/oauth/{r/<sub>/new,search}`
 *   (bearer token): Reddit's Listing JSON, 25 a page with `after`; media at `/reddit/{i,v}/<f>`.
 * - `/leaksites/<rule id>/...`: one site per rule kind of functions/adapters/sources/site-rules.ts, in that
 *   rule's shape: a XenForo forum, an EroMe-like album host, a Coomer-like archive API, a Pixeldrain-like folder API.
 *
 * What they hold: unrelated posts (seeded scenes that must never match), copies of the demo creator's originals
 * (named "Luna Vale"), and copies of every reference file the planter has planted (planter.ts: the first time a
 * reverse image search names it, or `plantBytes`), each source its own transforms, a video reference as a re-encoded
 * clip. Planted copies carry no name, so a name search of a sandbox source finds them whatever the name, as a reverse
 * image search finds the planted pages by their picture. Channels and sites named `hostile`/`endless` etc. misbehave
 * on purpose (see HOSTILE below). `truth()` says which medium copies what, for the benchmark's scoring only.
 */

export const SOURCE_DOMAIN = 'sources.sandbox';

/** Telegram channels of the sandbox. */
export const SANDBOX_CHANNELS = {
  /** The demo creator's copies, planted copies and unrelated chatter: more than one page. */
  leaks: 'lunavale_leaks',
  /** Unrelated pictures only. */
  clean: 'gardenpics',
  /** No web preview: Telegram shows the channel's card. */
  private: 'private_club',
  /** Disallowed by the sandbox's Telegram robots.txt. */
  noCrawl: 'nocrawl_channel',
} as const;

/** Subreddits of the sandbox. */
export const SANDBOX_SUBREDDITS = { leaks: 'lunavaleleaks', clean: 'gardening', wrongShape: 'brokenapi' } as const;

/** Hostile sources: each ends its run with a reason, never a crash. */
export const HOSTILE = {
  telegramEndless: 'endless_paging',
  telegramHuge: 'huge_page',
  telegramRedirect: 'redirect_private',
  telegramWrongShape: 'wrong_shape',
  archiveEndless: 'endless',
} as const;

/** Pixeldrain-like folder ids: the demo pack; planted ones are `p-<ref>`. */
export const DEMO_FOLDER = 'lunavale-pack';

type SourceName = 'telegram' | 'reddit' | 'xenforo-forum' | 'erome-album' | 'coomer-archive' | 'pixeldrain-folder';

interface Post {
  source: SourceName;
  /** Channel, subreddit, thread, album, creator handle (`*`: any handle) or folder. */
  container: string;
  id: number;
  title: string;
  text: string;
  author: string;
  published: string;
  media: MediaSpec[];
  /** Found by any name search (planted copies), else only by the words of its text. */
  anyName: boolean;
}

/** Which medium is a copy of what: `demo-original-<n>` or `reference-<ref>`; absent: unrelated. */
export interface SourceTruth {
  /** media URL -> what it copies (undefined: unrelated). */
  media: Map<string, string | undefined>;
  /** source name -> media URLs it serves. */
  bySource: Map<string, string[]>;
  /** media URL -> the page holding it (`<source name>#<container>/<post id>`, an album or folder whole): a source's result is that page. */
  posts: Map<string, string>;
}

const PAGE_TELEGRAM = 20;
const PAGE_REDDIT = 25;
const PAGE_ARCHIVE = 50;
const PAGE_FORUM = 10;
const DAY = 86_400_000;

const SOURCE_TRANSFORMS: Record<SourceName, TransformName[]> = {
  telegram: ['cropped', 'screenshot'],
  reddit: ['resized', 'watermarked'],
  'xenforo-forum': ['mirrored', 'recompressed'],
  'erome-album': ['watermarked', 'cropped'],
  'coomer-archive': ['recompressed', 'resized'],
  'pixeldrain-folder': ['original', 'mirrored'],
};

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const banner = '<div class="sandbox-banner" role="note">Sandbox web: simulated site. Nothing here is real.</div>';

export interface SourceAnswer {
  status: number;
  body: string | Buffer;
  contentType: string;
  headers?: Record<string, string>;
}

/** A post's name that survives rebuilds (ids are renumbered when a reference is planted): where it is and its first file. */
const postKey = (p: Post) => `${p.source}:${p.container}:${p.media[0]?.file ?? p.title}`;

/** The platforms' copyright desks (functions/services/cases known agents): a notice there removes the post. */
const COPYRIGHT_DESKS: Partial<Record<SourceName, string>> = { telegram: 'dmca@telegram.org', reddit: 'copyright@reddit.com' };

export class SandboxSources {
  private cache?: { key: string; posts: Post[] };
  /** Posts taken down (a notice to the platform's desk, or `/control/remove`), by postKey. In memory only. */
  private readonly removedPosts = new Set<string>();
  /** Posts put up again (`/control/repost`): the original's postKey and when, in order. In memory only. */
  private readonly reposts: Array<{ of: string; at: string }> = [];

  constructor(
    private readonly deps: { index: SiteIndex; renderer: MediaRenderer; now: () => Date; origin: string },
  ) {}

  /** The posts the plants make, rebuilt when a reference is planted (deterministic: same plants, same posts). */
  private basePosts(): Post[] {
    const planted = this.deps.index.plantedRefs();
    const key = planted.map((p) => p.ref).join(',');
    if (this.cache?.key === key) return this.cache.posts;
    const posts = buildPosts(this.deps.now(), planted);
    this.cache = { key, posts };
    return posts;
  }

  /**
   * Every post ever up, taken down ones included: the plants' posts, then the reposts, each a new post (the next
   * id, its own files of the same pictures) in the original's channel, subreddit, thread or album, at its time.
   */
  private allPosts(): Post[] {
    const all = [...this.basePosts()];
    let nextId = 100 + all.length;
    this.reposts.forEach((r, n) => {
      const original = all.find((p) => postKey(p) === r.of);
      if (!original) return;
      const renamed = (file: string) => `r${n + 1}-${file}`;
      all.push({
        ...original,
        id: nextId++,
        published: r.at,
        media: original.media.map((m) => ({ ...m, file: renamed(m.file), ...(m.poster ? { poster: renamed(m.poster) } : {}) })),
      });
    });
    return all;
  }

  /** The posts that are up: what listings, post pages and media answer. */
  private posts(): Post[] {
    const all = this.allPosts();
    return this.removedPosts.size ? all.filter((p) => !this.removedPosts.has(postKey(p))) : all;
  }

  /** The post a Telegram post link (`<origin>/telegram/<channel>/<id>`) or a Reddit permalink (`<origin>/reddit/www/r/...`) names. */
  private postAt(url: string): Post | undefined {
    const o = this.deps.origin;
    if (!url.startsWith(`${o}/`)) return undefined;
    const rest = url.slice(o.length).replace(/[?#].*$/, '');
    let m: RegExpExecArray | null;
    if ((m = /^\/telegram\/([A-Za-z0-9_]+)\/(\d+)$/.exec(rest))) {
      const [channel, id] = [m[1]!.toLowerCase(), Number(m[2])];
      return this.allPosts().find((p) => p.source === 'telegram' && p.container === channel && p.id === id);
    }
    if ((m = /^\/reddit\/www(\/r\/[^/]+\/comments\/.*)$/.exec(rest))) {
      const permalink = m[1]!.replace(/\/?$/, '/');
      return this.allPosts().find((p) => p.source === 'reddit' && redditPermalink(p) === permalink);
    }
    return undefined;
  }

  /** Whether `url` is a Telegram or Reddit post of the sandbox (what `remove`, `restore` and `repost` take). */
  isPost(url: string): boolean {
    return this.postAt(url) !== undefined;
  }

  /** Whether the post at `url` is taken down. */
  isRemoved(url: string): boolean {
    const p = this.postAt(url);
    return !!p && this.removedPosts.has(postKey(p));
  }

  /** The desk whose notice takes the post at `url` down (Telegram's, Reddit's), if any. */
  copyrightDesk(url: string): string | undefined {
    const p = this.postAt(url);
    return p && COPYRIGHT_DESKS[p.source];
  }

  /** Telegram and Reddit post links of the sandbox in a notice's text. */
  postUrlsIn(text: string): string[] {
    const esc = this.deps.origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const re = new RegExp(`${esc}/(?:telegram|reddit/www)/[^\\s<>"')\\]]+`, 'g');
    return [...new Set((text.match(re) ?? []).map((u) => u.replace(/[.,;:]+$/, '')))].filter((u) => this.isPost(u));
  }

  /** Takes the post at `url` down: its link answers 404, it leaves the listings and its files answer 404. */
  remove(url: string): string[] {
    const p = this.postAt(url);
    if (!p) return [];
    this.removedPosts.add(postKey(p));
    return [url];
  }

  /** Puts a taken-down post back at its own link. */
  restore(url: string): string[] {
    const p = this.postAt(url);
    if (!p) return [];
    this.removedPosts.delete(postKey(p));
    return [url];
  }

  /**
   * Posts the post at `url` again (taken down or not), as an uploader does after a removal: a new post in the same
   * place, now, with the same pictures under new files. Returns its link.
   */
  repost(url: string): string | undefined {
    const p = this.postAt(url);
    if (!p) return undefined;
    this.reposts.push({ of: postKey(p), at: this.deps.now().toISOString() });
    const made = this.allPosts().at(-1)!;
    return made.source === 'telegram' ? `${this.deps.origin}/telegram/${made.container}/${made.id}` : `${this.deps.origin}/reddit/www${redditPermalink(made)}`;
  }

  private mediaByFile(file: string): MediaSpec | undefined {
    for (const p of this.posts()) for (const m of p.media) if (m.file === file) return m;
    return undefined;
  }

  /** Media URL of a medium, by where its source serves it. */
  mediaUrl(post: Pick<Post, 'source'>, m: MediaSpec): string {
    const o = this.deps.origin;
    switch (post.source) {
      case 'telegram':
        return `${o}/telegram/file/${m.file}`;
      case 'reddit':
        return m.kind === 'video' ? `${o}/reddit/v/${m.file}` : `${o}/reddit/i/${m.file}`;
      case 'xenforo-forum':
        return `${o}/leaksites/xenforo-forum/attachments/${m.file}`;
      case 'erome-album':
        return `${o}/leaksites/erome-album/files/${m.file}`;
      case 'coomer-archive':
        return `${o}/leaksites/coomer-archive/data/${m.file.slice(0, 2)}/${m.file.slice(2, 4)}/${m.file}`;
      case 'pixeldrain-folder':
        return `${o}/leaksites/pixeldrain-folder/api/file/${m.file.replace(/\.\w+$/, '')}`;
    }
  }

  /** Ground truth for the benchmark: what each served medium copies. Posters of videos are listed with their video. */
  truth(): SourceTruth {
    const media = new Map<string, string | undefined>();
    const bySource = new Map<string, string[]>();
    const posts = new Map<string, string>();
    for (const p of this.posts()) {
      const key = p.source === 'telegram' || p.source === 'reddit' ? `${p.source}:${p.container}` : `site:${p.source}`;
      const list = bySource.get(key) ?? [];
      for (const m of p.media) {
        const url = this.mediaUrl(p, m);
        media.set(url, m.copyOf);
        // The unit a connector reports (and a notice names): the post; an album or a folder is one page.
        posts.set(url, p.source === 'erome-album' || p.source === 'pixeldrain-folder' ? `${key}#${p.container}` : `${key}#${p.container}/${p.id}`);
        // A video's poster is shown as its thumbnail, not as a medium of its own.
        if (!p.media.some((v) => v.poster === m.file)) list.push(url);
        if (m.poster) {
          const poster = p.media.find((x) => x.file === m.poster);
          if (poster) media.set(this.mediaUrl(p, poster), poster.copyOf);
        }
      }
      bySource.set(key, list);
    }
    return { media, bySource, posts };
  }

  /** Answers a request under `/telegram`, `/reddit` or `/leaksites`, or undefined when the path is not one of them. */
  async answer(method: string, path: string, params: URLSearchParams, headers: Record<string, string | undefined>): Promise<SourceAnswer | undefined> {
    let m: RegExpExecArray | null;
    if (path.startsWith('/telegram/')) return this.telegram(path.slice('/telegram'.length), params);
    if (path.startsWith('/reddit/')) return this.reddit(method, path.slice('/reddit'.length), params, headers);
    if ((m = /^\/leaksites\/([a-z0-9-]+)(\/.*)?$/.exec(path))) return this.site(m[1] as SourceName, m[2] ?? '/', params, headers);
    return undefined;
  }

  private async file(file: string): Promise<SourceAnswer> {
    const spec = this.mediaByFile(file);
    if (!spec) return { status: 404, body: 'no such file', contentType: 'text/plain' };
    const bytes = await this.deps.renderer.render(spec);
    return { status: 200, body: bytes.data, contentType: bytes.contentType };
  }

  // ---------------------------------------------------------------- Telegram

  private async telegram(rest: string, params: URLSearchParams): Promise<SourceAnswer> {
    const html = (body: string, status = 200): SourceAnswer => ({ status, body, contentType: 'text/html; charset=utf-8' });
    let m: RegExpExecArray | null;
    if (rest === '/robots.txt') return { status: 200, body: `User-agent: *\nDisallow: /s/${SANDBOX_CHANNELS.noCrawl}\n`, contentType: 'text/plain' };
    if ((m = /^\/file\/([\w.-]+)$/.exec(rest))) return this.file(m[1]);
    if ((m = /^\/s\/([A-Za-z0-9_]+)$/.exec(rest))) {
      const channel = m[1].toLowerCase();
      if (channel === HOSTILE.telegramRedirect) return { status: 302, body: '', contentType: 'text/plain', headers: { location: 'http://169.254.169.254/latest/meta-data/' } };
      if (channel === HOSTILE.telegramHuge) return html(`<!doctype html><div class="tgme_channel_history">${'<div class="x">padding</div>'.repeat(220_000)}</div>`);
      if (channel === HOSTILE.telegramWrongShape) return { status: 200, body: JSON.stringify({ ok: false, description: 'not a page' }), contentType: 'application/json' };
      if (channel === HOSTILE.telegramEndless) {
        const posts = fillerPosts('telegram', channel, 3, this.deps.now());
        return html(telegramPage(this, channel, posts, 999));
      }
      const all = this.posts().filter((p) => p.source === 'telegram' && p.container === channel);
      if (!all.length) return html(`<!doctype html><html><body>${banner}<div class="tgme_page"><div class="tgme_page_title">${esc(channel)}</div><div class="tgme_page_description">If you have Telegram, you can contact @${esc(channel)} right away.</div></div></body></html>`);
      const q = params.get('q');
      if (q) {
        const words = normalise(q).split(' ').filter(Boolean);
        const hits = all.filter((p) => p.anyName || words.every((w) => normalise(`${p.title} ${p.text}`).includes(w)));
        return html(telegramPage(this, channel, hits.slice(-PAGE_TELEGRAM), undefined));
      }
      const before = Number(params.get('before') ?? Number.POSITIVE_INFINITY);
      const older = all.filter((p) => p.id < before);
      const page = older.slice(-PAGE_TELEGRAM);
      const more = older.length > page.length ? page[0]?.id : undefined;
      return html(telegramPage(this, channel, page, more));
    }
    if ((m = /^\/([A-Za-z0-9_]+)\/(\d+)$/.exec(rest))) {
      const post = this.posts().find((p) => p.source === 'telegram' && p.container === m![1].toLowerCase() && p.id === Number(m![2]));
      if (!post) return html('<!doctype html><div class="tgme_page">Post not found</div>', 404);
      return html(telegramPage(this, post.container, [post], undefined));
    }
    return html('<!doctype html><div class="tgme_page">Not found</div>', 404);
  }

  // ---------------------------------------------------------------- Reddit

  private async reddit(method: string, rest: string, params: URLSearchParams, headers: Record<string, string | undefined>): Promise<SourceAnswer> {
    const json = (status: number, body: unknown): SourceAnswer => ({ status, body: JSON.stringify(body), contentType: 'application/json; charset=UTF-8' });
    let m: RegExpExecArray | null;
    if ((m = /^\/(i|v)\/([\w.-]+)$/.exec(rest))) return this.file(m[2]);
    if (rest === '/www/api/v1/access_token') {
      if (method !== 'POST') return json(405, { message: 'Method Not Allowed', error: 405 });
      if (!/^Basic\s+\S+/i.test(headers.authorization ?? '')) return json(401, { message: 'Unauthorized', error: 401 });
      return json(200, { access_token: 'sandbox-app-token', token_type: 'bearer', expires_in: 86400, scope: '*' });
    }
    if ((m = /^\/www(\/r\/[^/]+\/comments\/.*)$/.exec(rest))) {
      const post = this.posts().find((p) => p.source === 'reddit' && redditPermalink(p) === m![1].replace(/\/?$/, '/'));
      if (!post) return { status: 404, body: 'not found', contentType: 'text/plain' };
      const imgs = post.media.map((x) => `<img src="${esc(this.mediaUrl(post, x))}" alt="">`).join('');
      return { status: 200, body: `<!doctype html><html><body>${banner}<h1>${esc(post.title)}</h1>${imgs}</body></html>`, contentType: 'text/html; charset=utf-8' };
    }
    if (!rest.startsWith('/oauth/')) return json(404, { message: 'Not Found', error: 404 });
    if ((headers.authorization ?? '') !== 'bearer sandbox-app-token') return json(401, { message: 'Unauthorized', error: 401 });
    const limit = Math.min(PAGE_REDDIT, Math.max(1, Number(params.get('limit') ?? 25) || 25));
    const after = params.get('after');
    const api = rest.slice('/oauth'.length);
    let posts: Post[];
    if ((m = /^\/r\/([A-Za-z0-9_]+)\/new$/.exec(api))) {
      const sub = m[1].toLowerCase();
      if (sub === SANDBOX_SUBREDDITS.wrongShape) return json(200, { kind: 'NotAListing', data: { items: 'surprise' } });
      posts = this.posts().filter((p) => p.source === 'reddit' && p.container === sub);
      if (!posts.length) return json(404, { message: 'Not Found', error: 404 });
    } else if (api === '/search') {
      const words = normalise(params.get('q') ?? '').split(' ').filter(Boolean);
      posts = this.posts().filter((p) => p.source === 'reddit' && words.length > 0 && words.every((w) => normalise(`${p.title} ${p.text}`).includes(w)));
    } else return json(404, { message: 'Not Found', error: 404 });
    posts = [...posts].sort((a, b) => b.published.localeCompare(a.published));
    const start = after ? posts.findIndex((p) => `t3_${redditId(p)}` === after) + 1 : 0;
    const page = posts.slice(start, start + limit);
    const next = start + limit < posts.length ? `t3_${redditId(page[page.length - 1])}` : null;
    return json(200, { kind: 'Listing', data: { after: next, dist: page.length, before: null, children: page.map((p) => ({ kind: 't3', data: this.redditPost(p) })) } });
  }

  private redditPost(p: Post): Record<string, unknown> {
    const id = redditId(p);
    const base = {
      id,
      name: `t3_${id}`,
      subreddit: p.container,
      title: p.title,
      selftext: p.text,
      author: p.author,
      permalink: redditPermalink(p),
      created_utc: Math.floor(Date.parse(p.published) / 1000),
      over_18: true,
      is_video: false,
    };
    const images = p.media.filter((m) => m.kind === 'image' && !p.media.some((v) => v.poster === m.file));
    const video = p.media.find((m) => m.kind === 'video');
    const preview = (m: MediaSpec) => ({ images: [{ source: { url: this.mediaUrl(p, m), width: m.width ?? 800, height: m.height ?? 800 }, resolutions: [], id: m.file }], enabled: true });
    if (video) {
      const poster = p.media.find((m) => m.file === video.poster);
      const fallback = this.mediaUrl(p, video);
      return { ...base, is_video: true, url: fallback, post_hint: 'hosted:video', media: { reddit_video: { fallback_url: fallback, is_gif: false } }, ...(poster ? { preview: preview(poster) } : {}) };
    }
    if (images.length > 1) {
      const metadata = Object.fromEntries(images.map((m) => [m.file.replace(/\.\w+$/, ''), { status: 'valid', e: 'Image', m: 'image/jpg', s: { u: this.mediaUrl(p, m), x: m.width ?? 800, y: m.height ?? 800 } }]));
      return { ...base, is_gallery: true, url: `https://www.reddit.com/gallery/${id}`, gallery_data: { items: images.map((m, i) => ({ media_id: m.file.replace(/\.\w+$/, ''), id: i + 1 })) }, media_metadata: metadata };
    }
    if (images.length === 1) return { ...base, url: this.mediaUrl(p, images[0]), post_hint: 'image', preview: preview(images[0]) };
    return { ...base, url: `https://www.reddit.com${redditPermalink(p)}`, is_self: true };
  }

  // ---------------------------------------------------------------- rule sites

  private async site(site: SourceName, rest: string, params: URLSearchParams, headers: Record<string, string | undefined>): Promise<SourceAnswer> {
    const o = `${this.deps.origin}/leaksites/${site}`;
    const html = (body: string, status = 200): SourceAnswer => ({ status, body: `<!doctype html><html><head><meta charset="utf-8"><title>sandbox</title></head><body>${banner}${body}</body></html>`, contentType: 'text/html; charset=utf-8', ...(status ? {} : {}) });
    const json = (status: number, body: unknown): SourceAnswer => ({ status, body: JSON.stringify(body), contentType: 'application/json' });
    const posts = this.posts().filter((p) => p.source === site);
    let m: RegExpExecArray | null;
    if (rest === '/robots.txt') return { status: 200, body: 'User-agent: *\nDisallow: /account/\nDisallow: /members/\n', contentType: 'text/plain' };
    const matches = (p: Post, term: string) => {
      const words = normalise(term).split(' ').filter(Boolean);
      return words.length > 0 && (p.anyName || words.every((w) => normalise(`${p.title} ${p.text}`).includes(w)) || normalise(`${p.title} ${p.text}`).replace(/ /g, '').includes(words.join('')));
    };
    switch (site) {
      case 'xenforo-forum': {
        if ((m = /^\/attachments\/([\w.-]+)$/.exec(rest))) return this.file(m[1]);
        const threads = groupBy(posts, (p) => p.container);
        if (rest === '/search/search') {
          const term = params.get('keywords') ?? '';
          const hits = [...threads].filter(([, ps]) => ps.some((p) => matches(p, term)));
          const rows = hits
            .map(([slug, ps]) => `<li class="block-row"><div class="contentRow"><div class="contentRow-main"><h3 class="contentRow-title"><a href="/sandbox-relative">${esc(ps[0].title)}</a></h3><div class="contentRow-minor">${esc(ps[0].author)}</div></div></div></li>`.replace('/sandbox-relative', `${o}/threads/${slug}/`))
            .join('');
          return html(`<div class="p-body"><h1 class="p-title-value">Search results for query: ${esc(term)}</h1><ol class="block-body">${rows}</ol></div>`);
        }
        if ((m = /^\/threads\/([\w.-]+)\/(?:page-(\d+))?$/.exec(rest))) {
          const ps = threads.get(m[1]);
          if (!ps) return html('<div class="blockMessage">The requested thread could not be found.</div>', 404);
          const pageNo = Number(m[2] ?? 1);
          const pages = Math.max(1, Math.ceil(ps.length / PAGE_FORUM));
          const slice = ps.slice((pageNo - 1) * PAGE_FORUM, pageNo * PAGE_FORUM);
          const articles = slice
            .map((p) => {
              const imgs = p.media.filter((x) => x.kind === 'image' && !p.media.some((v) => v.poster === x.file));
              const vids = p.media.filter((x) => x.kind === 'video');
              const body = imgs.map((x) => `<img class="bbImage" src="${esc(this.mediaUrl(p, x))}" data-url="${esc(this.mediaUrl(p, x))}" alt="${esc(x.alt)}">`).join('') + vids.map((x) => `<video controls><source src="${esc(this.mediaUrl(p, x))}" type="video/mp4"></video>`).join('');
              return `<article class="message message--post" data-author="${esc(p.author)}" data-content="post-${p.id}" id="js-post-${p.id}"><div class="message-inner"><div class="message-cell message-cell--main"><header class="message-attribution"><ul class="message-attribution-main"><li><a href="${o}/threads/${m![1]}/post-${p.id}" class="u-concealed"><time class="u-dt" datetime="${p.published}">${p.published.slice(0, 10)}</time></a></li></ul></header><div class="message-content"><div class="message-body"><div class="bbWrapper">${esc(p.text)}<br>${body}</div></div></div></div></div></article>`;
            })
            .join('');
          const next = pageNo < pages ? `<a class="pageNav-jump pageNav-jump--next" href="${o}/threads/${m[1]}/page-${pageNo + 1}">Next</a>` : '';
          return html(`<div class="p-body"><h1 class="p-title-value">${esc(ps[0].title)}</h1><div class="block-body">${articles}</div><nav class="pageNav">${next}</nav></div>`);
        }
        if ((m = /^\/threads\/([\w.-]+)\/post-(\d+)$/.exec(rest))) return html(`<p>Post ${esc(m[2])} of <a href="${o}/threads/${m[1]}/">the thread</a>.</p>`);
        return html('<div class="blockMessage">Not found.</div>', 404);
      }
      case 'erome-album': {
        if ((m = /^\/files\/([\w.-]+)$/.exec(rest))) return this.file(m[1]);
        const albums = groupBy(posts, (p) => p.container);
        if (rest === '/search') {
          const term = params.get('q') ?? '';
          const hits = [...albums].filter(([, ps]) => ps.some((p) => matches(p, term)));
          const page = Math.max(1, Number(params.get('page') ?? 1) || 1);
          const per = 2;
          const slice = hits.slice((page - 1) * per, page * per);
          const cards = slice.map(([id, ps]) => `<div class="album"><a class="album-link" href="${o}/a/${id}"><img class="album-thumbnail" alt=""></a><a class="album-title" href="${o}/a/${id}">${esc(ps[0].title)}</a></div>`).join('');
          const next = page * per < hits.length ? `<ul class="pagination"><li><a rel="next" href="${o}/search?q=${encodeURIComponent(term)}&page=${page + 1}">›</a></li></ul>` : '';
          return html(`<div id="albums">${cards}</div>${next}`);
        }
        if ((m = /^\/a\/([\w-]+)$/.exec(rest))) {
          const ps = albums.get(m[1]);
          if (!ps) return html('<h1>Album not found</h1>', 404);
          const groups = ps
            .flatMap((p) => p.media.map((x) => ({ p, x })))
            .filter(({ p, x }) => !p.media.some((v) => v.poster === x.file))
            .map(({ p, x }) =>
              x.kind === 'video'
                ? `<div class="media-group"><div class="video"><video class="video-js" poster="${esc(this.mediaUrl(p, p.media.find((y) => y.file === x.poster) ?? x))}"><source src="${esc(this.mediaUrl(p, x))}" type="video/mp4"></video></div></div>`
                : `<div class="media-group"><div class="img" data-src="${esc(this.mediaUrl(p, x))}"><img class="img-front" src="${esc(this.mediaUrl(p, x))}" alt=""></div></div>`,
            )
            .join('');
          return html(`<div class="col-sm-12 page-content"><h1>${esc(ps[0].title)}</h1><div class="user-info"><a id="user_name" href="${o}/${esc(ps[0].author)}">${esc(ps[0].author)}</a></div>${groups}</div>`);
        }
        return html('<h1>Not found</h1>', 404);
      }
      case 'coomer-archive': {
        if ((m = /^\/data\/[\w-]{2}\/[\w-]{2}\/([\w.-]+)$/.exec(rest))) return this.file(m[1]);
        if ((m = /^\/api\/v1\/onlyfans\/user\/([\w.-]+)\/posts$/.exec(rest))) {
          if (!(headers.accept ?? '').includes('text/css')) return json(403, { error: 'Send Accept: text/css' });
          const handle = m[1].toLowerCase();
          const offset = Math.max(0, Number(params.get('o') ?? 0) || 0);
          if (handle === HOSTILE.archiveEndless) {
            const filler = fillerPosts('coomer-archive', handle, PAGE_ARCHIVE, this.deps.now());
            return json(200, filler.map((p) => this.coomerPost(p, handle)));
          }
          const mine = posts.filter((p) => p.container === '*' || p.container === handle).sort((a, b) => b.published.localeCompare(a.published));
          if (!mine.some((p) => p.container === handle) && handle !== DEMO_CREATOR.handle && !mine.some((p) => p.anyName)) return json(404, { error: 'Creator not found.' });
          return json(200, mine.slice(offset, offset + PAGE_ARCHIVE).map((p) => this.coomerPost(p, handle)));
        }
        if ((m = /^\/onlyfans\/user\/([\w.-]+)\/post\/(\d+)$/.exec(rest))) return html(`<h1 class="post__title">Post ${esc(m[2])} by ${esc(m[1])}</h1>`);
        return json(404, { error: 'Not found.' });
      }
      case 'pixeldrain-folder': {
        if ((m = /^\/api\/file\/([\w-]+)$/.exec(rest))) return this.file(this.pixeldrainFile(m[1]) ?? '-');
        if ((m = /^\/api\/list\/([\w-]+)$/.exec(rest))) {
          const ps = posts.filter((p) => p.container === m![1]);
          if (!ps.length) return json(404, { success: false, value: 'not_found', message: 'The entity you requested could not be found' });
          const files = ps.flatMap((p) =>
            p.media.filter((x) => !p.media.some((v) => v.poster === x.file)).map((x) => ({ id: x.file.replace(/\.\w+$/, ''), name: x.file, size: 100_000, mime_type: x.kind === 'video' ? 'video/mp4' : 'image/jpeg', date_upload: p.published, views: 3, downloads: 1 })),
          );
          return json(200, { success: true, id: m[1], title: ps[0].title, date_created: ps[0].published, file_count: files.length, files, can_edit: false });
        }
        if ((m = /^\/l\/([\w-]+)$/.exec(rest))) return html(`<h1>${esc(m[1])}</h1><p>A shared list of files.</p>`);
        return json(404, { success: false, value: 'not_found' });
      }
      default:
        return { status: 404, body: 'no such site', contentType: 'text/plain' };
    }
  }

  private pixeldrainFile(id: string): string | undefined {
    for (const p of this.posts()) if (p.source === 'pixeldrain-folder') for (const m of p.media) if (m.file.replace(/\.\w+$/, '') === id) return m.file;
    return undefined;
  }

  private coomerPost(p: Post, handle: string): Record<string, unknown> {
    const [first, ...rest] = p.media.filter((m) => !p.media.some((v) => v.poster === m.file));
    const path = (m: MediaSpec) => `/${m.file.slice(0, 2)}/${m.file.slice(2, 4)}/${m.file}`;
    return {
      id: String(p.id),
      user: handle,
      service: 'onlyfans',
      title: p.title,
      content: p.text,
      published: p.published.replace(/\.\d+Z$/, '').replace(/Z$/, ''),
      file: first ? { name: first.file, path: path(first) } : {},
      attachments: rest.map((m) => ({ name: m.file, path: path(m) })),
    };
  }
}

function telegramPage(sources: SandboxSources, channel: string, posts: Post[], before: number | undefined): string {
  const items = posts
    .map((p) => {
      const photos = p.media
        .filter((m) => m.kind === 'image' && !p.media.some((v) => v.poster === m.file))
        .map((m) => `<a class="tgme_widget_message_photo_wrap" href="${sources.mediaUrl(p, m).replace(/\/file\/.*/, `/${channel}/${p.id}`)}" style="width:800px;background-image:url('${sources.mediaUrl(p, m)}')"></a>`)
        .join('');
      const videos = p.media
        .filter((m) => m.kind === 'video')
        .map((m) => {
          const poster = p.media.find((x) => x.file === m.poster);
          const thumb = poster ? `<i class="tgme_widget_message_video_thumb" style="background-image:url('${sources.mediaUrl(p, poster)}')"></i>` : '';
          return `<a class="tgme_widget_message_video_player" href="#">${thumb}<div class="tgme_widget_message_video_wrap"><video src="${sources.mediaUrl(p, m)}" class="tgme_widget_message_video js-message_video" width="100%" height="100%"></video></div></a>`;
        })
        .join('');
      const text = esc(p.text).replace(/(?:https?:\/\/)?t\.me\/([A-Za-z0-9_]+)/g, '<a href="https://t.me/$1">t.me/$1</a>');
      return `<div class="tgme_widget_message_wrap js-widget_message_wrap"><div class="tgme_widget_message text_not_supported_wrap js-widget_message" data-post="${channel}/${p.id}" data-view="x"><div class="tgme_widget_message_bubble">${photos}${videos}<div class="tgme_widget_message_text js-message_text" dir="auto">${text}</div><div class="tgme_widget_message_footer"><div class="tgme_widget_message_info"><a class="tgme_widget_message_date" href="#"><time datetime="${p.published.replace(/\.\d+Z$/, '+00:00')}" class="time">${p.published.slice(11, 16)}</time></a></div></div></div></div></div>`;
    })
    .join('');
  const more = before !== undefined ? `<div class="tgme_widget_message_centered js-messages_more_wrap"><a href="/s/${channel}?before=${before}" class="tme_messages_more js-messages_more" data-before="${before}"></a></div>` : '';
  return `<!doctype html><html><head><meta charset="utf-8"><title>${esc(channel)} – Telegram</title></head><body class="widget_frame_base tgme_webpreview">${banner}<header class="tgme_header"><div class="tgme_channel_info_header_title"><span dir="auto">${esc(channel)}</span></div></header><main class="tgme_main"><section class="tgme_channel_history js-message_history">${more}${items}</section></main></body></html>`;
}

function redditId(p: Post): string {
  return `sb${p.id.toString(36)}`;
}

function redditPermalink(p: Post): string {
  return `/r/${p.container}/comments/${redditId(p)}/${normalise(p.title).replace(/ /g, '_').slice(0, 40) || 'post'}/`;
}

function groupBy<T>(items: T[], key: (t: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const i of items) out.set(key(i), [...(out.get(key(i)) ?? []), i]);
  return out;
}

function scene(theme: SceneSpec['theme'], seed: number): SceneSpec {
  return theme === 'garden' ? { theme, seed, width: 960, height: 640 } : theme === 'city' ? { theme, seed, width: 800, height: 800 } : { theme, seed, width: 800, height: 1000 };
}

function image(source: SourceName, file: string, src: MediaSource, transform: TransformName, copyOf?: string): MediaSpec {
  return { domain: SOURCE_DOMAIN, file, kind: 'image', source: src, transform, label: source === 'telegram' ? '@lunavale_leaks' : `${source}.example`, alt: copyOf ? 'copy' : 'unrelated', ...(copyOf ? { copyOf } : {}) };
}

/** Posts of the hostile endless channel and archive: unrelated pictures, the same every time. */
function fillerPosts(source: SourceName, container: string, n: number, now: Date): Post[] {
  return Array.from({ length: n }, (_, i) => ({
    source,
    container,
    id: 5000 + i,
    title: `filler ${i}`,
    text: `filler post ${i}`,
    author: 'bot',
    published: new Date(now.getTime() - (i + 1) * 3_600_000).toISOString(),
    media: [image(source, `f-${source}-${i}.jpg`, { type: 'scene', scene: scene('city', 9000 + i) }, 'original')],
    anyName: false,
  }));
}

/** Every source's posts: unrelated, the demo creator's copies, and the planted references' copies. */
function buildPosts(now: Date, planted: Array<{ ref: string; video: boolean; published: string }>): Post[] {
  const posts: Post[] = [];
  const at = (daysAgo: number, hours = 0) => new Date(now.getTime() - daysAgo * DAY - hours * 3_600_000).toISOString();
  let nextId = 100;
  const add = (p: Omit<Post, 'id'>) => posts.push({ ...p, id: nextId++ });
  const unrelatedText = ['Sunday at the allotment.', 'New bed of tulips.', 'City lights after the rain.', 'Morning walk photos.', 'Rooftop view, no filter.', 'Seedlings are up!'];
  const unrelated = (source: SourceName, container: string, count: number, seedBase: number, startDays: number) => {
    for (let i = 0; i < count; i++) {
      const seed = seedBase + i * 17;
      const theme = i % 2 ? 'city' : 'garden';
      add({
        source,
        container,
        title: unrelatedText[i % unrelatedText.length],
        text: `${unrelatedText[i % unrelatedText.length]} #${i + 1}`,
        author: i % 2 ? 'city_walker' : 'green_thumb',
        published: at(startDays + i * 0.5),
        media: [image(source, `u-${source}-${container}-${i}.jpg`.replace(/[^\w.-]/g, '_'), { type: 'scene', scene: scene(theme, seed) }, 'original')],
        anyName: false,
      });
    }
  };
  const demo = (source: SourceName, container: string, title: string, author: string, daysAgo: number) => {
    const [t1, t2] = SOURCE_TRANSFORMS[source];
    DEMO_ORIGINALS.forEach((sceneSpec, i) => {
      add({
        source,
        container,
        title,
        text: `${DEMO_CREATOR.name} set, photo ${i + 1}. More at t.me/lunavale_leaks`,
        author,
        published: at(daysAgo, i),
        media: [image(source, `d-${source}-${i + 1}.jpg`, { type: 'scene', scene: sceneSpec }, i % 2 ? t2 : t1, `demo-original-${i + 1}`)],
        anyName: false,
      });
    });
  };
  const plantedPosts = (source: SourceName, container: (ref: string) => string, title: string, author: string) => {
    const [t1, t2] = SOURCE_TRANSFORMS[source];
    for (const p of planted) {
      const src: MediaSource = { type: 'reference', ref: p.ref, video: p.video };
      const copyOf = `reference-${p.ref}`;
      const media: MediaSpec[] = [image(source, `p-${p.ref}-${source}-1.jpg`, src, t1, copyOf), image(source, `p-${p.ref}-${source}-2.jpg`, src, t2, copyOf)];
      if (p.video) {
        media.push({ domain: SOURCE_DOMAIN, file: `p-${p.ref}-${source}-v.mp4`, kind: 'video', source: src, transform: 'cropped', alt: 'reupload', poster: media[0].file, copyOf });
        media.splice(1, 1);
      }
      const published = new Date(Math.min(now.getTime(), Date.parse(p.published) + DAY) - 60_000).toISOString();
      if (source === 'telegram' || source === 'reddit') {
        // One post a medium, as channels and subreddits post them.
        for (const m of media.filter((x) => !media.some((v) => v.poster === x.file))) {
          const withPoster = m.poster ? [m, media.find((x) => x.file === m.poster)!] : [m];
          add({ source, container: container(p.ref), title, text: `${title} (${m.kind === 'video' ? 'video' : 'photo'})`, author, published, media: withPoster, anyName: true });
        }
      } else {
        add({ source, container: container(p.ref), title, text: title, author, published, media, anyName: true });
      }
    }
  };

  // Telegram: the leak channel (more than a page), a clean one.
  unrelated('telegram', SANDBOX_CHANNELS.leaks, 14, 3100, 10);
  demo('telegram', SANDBOX_CHANNELS.leaks, 'Luna Vale leaked photos', 'lunavale_leaks', 6);
  plantedPosts('telegram', () => SANDBOX_CHANNELS.leaks, 'Fresh leak from a paid page 🔥', 'lunavale_leaks');
  unrelated('telegram', SANDBOX_CHANNELS.clean, 6, 3300, 2);
  // Reddit: the leak subreddit, a clean one.
  unrelated('reddit', SANDBOX_SUBREDDITS.leaks, 8, 3500, 9);
  demo('reddit', SANDBOX_SUBREDDITS.leaks, 'Luna Vale (lunavale) new set', 'throwaway_lv', 5);
  plantedPosts('reddit', () => SANDBOX_SUBREDDITS.leaks, 'Leaked set, who is she?', 'throwaway_22');
  unrelated('reddit', SANDBOX_SUBREDDITS.clean, 5, 3700, 3);
  // The forum: a thread about the demo creator (with unrelated replies), planted threads, an off-topic thread.
  demo('xenforo-forum', '1042-luna-vale-leaked-set.1042', 'Luna Vale leaked set (40 pics)', 'anon_uploader', 8);
  unrelated('xenforo-forum', '1042-luna-vale-leaked-set.1042', 8, 3900, 7);
  plantedPosts('xenforo-forum', (ref) => `p-${ref}-exclusive.${parseInt(ref.slice(0, 6), 16)}`, 'Exclusive set leaked (new)', 'anon_uploader');
  unrelated('xenforo-forum', '1100-spring-garden-pics.1100', 3, 4100, 20);
  // The album host: the demo album, planted albums, an unrelated album.
  demo('erome-album', 'LvAlb1042', 'Luna Vale album', 'lv_fan', 7);
  unrelated('erome-album', 'LvAlb1042', 2, 4250, 7);
  plantedPosts('erome-album', (ref) => `p${ref.slice(0, 8)}`, 'Leaked album 🔥', 'albums4u');
  unrelated('erome-album', 'Gard3nAlb', 4, 4300, 15);
  // The archive: the demo creator's handle, planted posts listed under any handle, and unrelated posts.
  demo('coomer-archive', DEMO_CREATOR.handle, 'Luna Vale archive', DEMO_CREATOR.handle, 4);
  plantedPosts('coomer-archive', () => '*', 'Archived post', 'archive');
  unrelated('coomer-archive', '*', 4, 4500, 12);
  // The folders: the demo pack, one folder per planted reference (with an unrelated file), an unrelated folder.
  demo('pixeldrain-folder', DEMO_FOLDER, 'luna_vale_pack', 'anonymous', 3);
  plantedPosts('pixeldrain-folder', (ref) => `p-${ref}`, 'pack', 'anonymous');
  for (const p of planted) unrelated('pixeldrain-folder', `p-${p.ref}`, 1, 4700 + (hash(p.ref) % 1000), 30);
  unrelated('pixeldrain-folder', 'garden-pics', 3, 4900, 30);

  // Oldest first by time: ids ascend with time, as Telegram's do.
  posts.sort((a, b) => a.published.localeCompare(b.published) || a.id - b.id);
  posts.forEach((p, i) => (p.id = 100 + i));
  return posts;
}
