import { SourceConfigError, SourceStop } from './errors';
import { TELEGRAM_CHANNEL } from './spec';
import { absolute, attr, backgroundImage, parseHtml, select, selectOne, textOf, type Element } from './html';
import { PoliteSession, type PoliteDeps, type PoliteSettings } from './polite';
import { Collector, runSource, telegramChannelsIn } from './run';
import type { SourceCandidate, SourceConnector, SourceLimits, SourceMedia, SourceQuery, SourceRun, SourceSpec } from './types';


export interface TelegramOptions {
  /** `https://t.me`, or the sandbox's `/telegram`. */
  baseUrl: string;
  settings: PoliteSettings;
  limits: SourceLimits;
  deps?: PoliteDeps;
}

/** One post of a preview page. */
export interface TelegramPost {
  id: number;
  candidate: SourceCandidate;
}

/**
 * A public channel through its web preview, `https://t.me/s/<channel>` (no account, no API key): the newest posts
 * page by page back through `?before=<post id>` until the run's `since` or its caps, then a `?q=<term>` search of
 * the channel for each of the creator's names. Each post with photos or videos (or links to other channels)
 * becomes a candidate whose URL is the post's own link, `https://t.me/<channel>/<id>`.
 *
 * Page shape (docs/ARCHITECTURE.md, "Sources"): `div.tgme_widget_message[data-post="<channel>/<id>"]`, its text in
 * `.tgme_widget_message_text`, its time in `time[datetime]`, photos as `a.tgme_widget_message_photo_wrap` with
 * `background-image:url(…)`, videos as `video.tgme_widget_message_video[src]` with an
 * `.tgme_widget_message_video_thumb` poster; the older page's link `a.tme_messages_more[data-before]`.
 */
export function telegramConnector(options: TelegramOptions): SourceConnector {
  return {
    kind: 'telegram',
    async collect(spec: SourceSpec, query: SourceQuery, runOptions?: { signal?: AbortSignal }): Promise<SourceRun> {
      const channel = spec.target.replace(/^@/, '');
      if (!TELEGRAM_CHANNEL.test(channel)) throw new SourceConfigError(`"${spec.target}" is not a Telegram channel username (5-32 letters, digits or _)`);
      const signal = runOptions?.signal;
      const session = new PoliteSession(options.settings, options.limits, `telegram:${channel.toLowerCase()}`, options.deps, signal);
      const collector = new Collector(options.limits, query.since);
      const base = options.baseUrl.replace(/\/+$/, '');
      return runSource(
        session,
        collector,
        async () => {
          let before: number | undefined;
          const visited = new Set<string>();
          for (;;) {
            const url = `${base}/s/${encodeURIComponent(channel)}${before !== undefined ? `?before=${before}` : ''}`;
            if (visited.has(url)) throw new SourceStop('the channel\'s paging went round in a circle');
            visited.add(url);
            const page = await readPage(session, url, channel, spec, base);
            for (const post of page.posts) collector.add(post.candidate);
            const oldest = page.posts.reduce((m, p) => Math.min(m, p.id), Number.POSITIVE_INFINITY);
            const anyTooOld = page.posts.some((p) => collector.tooOld(p.candidate.postedAt));
            if (!page.posts.length || anyTooOld || page.before === undefined) break;
            if (page.before >= (before ?? Number.POSITIVE_INFINITY) || page.before > oldest) {
              throw new SourceStop(`the channel's "older posts" link did not go back (before=${page.before}): endless paging`);
            }
            before = page.before;
          }
          for (const term of query.terms.map((t) => t.trim()).filter(Boolean)) {
            const url = `${base}/s/${encodeURIComponent(channel)}?q=${encodeURIComponent(term)}`;
            const page = await readPage(session, url, channel, spec, base);
            for (const post of page.posts) collector.add(post.candidate);
          }
        },
        signal,
      );
    },
  };
}

async function readPage(session: PoliteSession, url: string, channel: string, spec: SourceSpec, base: string): Promise<{ posts: TelegramPost[]; before?: number }> {
  const res = await session.get(url, { accept: ['text/html'] });
  return parseTelegramPage(res.body.toString('utf8'), res.url, channel, spec, base);
}

/**
 * Reads a preview page. Throws SourceStop when it is not a channel preview (no message list at all), which is how
 * Telegram answers for a private channel or one without preview (it redirects to the channel's card).
 */
export function parseTelegramPage(html: string, pageUrl: string, channel: string, spec: SourceSpec, base: string): { posts: TelegramPost[]; before?: number } {
  const doc = parseHtml(html);
  const list = select(doc, '.tgme_channel_history, .tgme_widget_message_wrap, .tgme_widget_message');
  if (!list.length) {
    if (selectOne(doc, '.tgme_page')) throw new SourceStop(`t.me/${channel} has no public preview (a private channel, or preview turned off)`);
    throw new SourceStop(`the page of t.me/s/${channel} is not a channel preview (the page has the wrong shape)`);
  }
  const posts: TelegramPost[] = [];
  for (const el of select(doc, 'div.tgme_widget_message[data-post]')) {
    const post = parsePost(el, pageUrl, channel, spec, base);
    if (post) posts.push(post);
  }
  const more = selectOne(doc, 'a.tme_messages_more[data-before]');
  const before = more ? Number(attr(more, 'data-before')) : undefined;
  return { posts, before: before !== undefined && Number.isInteger(before) && before > 0 ? before : undefined };
}

function parsePost(el: Element, pageUrl: string, channel: string, spec: SourceSpec, base: string): TelegramPost | undefined {
  const dataPost = attr(el, 'data-post') ?? '';
  const m = /^([A-Za-z0-9_]+)\/(\d+)$/.exec(dataPost);
  if (!m) return undefined;
  const id = Number(m[2]);
  const media: SourceMedia[] = [];
  for (const a of select(el, 'a.tgme_widget_message_photo_wrap')) {
    const url = absolute(backgroundImage(attr(a, 'style')), pageUrl);
    if (url) media.push({ url, kind: 'image' });
  }
  for (const v of select(el, 'video.tgme_widget_message_video, video')) {
    const url = absolute(attr(v, 'src'), pageUrl);
    if (!url || media.some((x) => x.url === url)) continue;
    const wrap = v.parent;
    const thumb = wrap ? selectOne(wrap.parent ?? wrap, '.tgme_widget_message_video_thumb') : undefined;
    const thumbnailUrl = absolute(backgroundImage(attr(thumb, 'style')), pageUrl);
    media.push({ url, kind: 'video', ...(thumbnailUrl ? { thumbnailUrl } : {}) });
  }
  // A video too large for the preview has no <video>, only its poster: the poster is what can be compared.
  for (const player of select(el, 'a.tgme_widget_message_video_player')) {
    if (selectOne(player, 'video[src]')) continue;
    const url = absolute(backgroundImage(attr(selectOne(player, '.tgme_widget_message_video_thumb'), 'style')), pageUrl);
    if (url && !media.some((x) => x.url === url)) media.push({ url, kind: 'image' });
  }
  const textEl = selectOne(el, '.tgme_widget_message_text');
  const links = select(el, 'a[href]').map((a) => attr(a, 'href') ?? '');
  const channels = telegramChannelsIn(textOf(textEl), ...links).filter((c) => c !== channel.toLowerCase());
  const time = attr(selectOne(el, 'time[datetime]'), 'datetime');
  const postedAt = time && Number.isFinite(Date.parse(time)) ? new Date(time).toISOString() : undefined;
  const candidate: SourceCandidate = {
    url: `${base}/${m[1]}/${id}`,
    media,
    title: textOf(textEl).slice(0, 500),
    source: spec,
    ...(postedAt ? { postedAt } : {}),
    ...(channels.length ? { telegramChannels: channels } : {}),
  };
  return { id, candidate };
}
