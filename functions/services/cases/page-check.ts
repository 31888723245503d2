import { createHash } from 'node:crypto';
import { Parser } from 'htmlparser2';
import { safeFetch } from '../../adapters/fetch/safe-fetch';
import type { PageCapture, PageSnapshot } from './case-store';

/**
 * What an infringing URL shows, captured through the safe fetcher when the notice goes out (the baseline)
 * and again at the re-check, and the comparison that decides whether the copy is gone.
 */

const MAX_IMAGES = 100;

/** Image URLs a page shows (img src/srcset, picture sources, video posters, og:image), made absolute. */
export function pageImages(html: string, base: string): string[] {
  const found = new Set<string>();
  const add = (raw: string | undefined) => {
    const v = raw?.trim();
    if (!v || v.startsWith('data:') || found.size >= MAX_IMAGES) return;
    try {
      found.add(new URL(v, base).href);
    } catch {
      // not a URL: ignore
    }
  };
  const srcset = (v: string | undefined) => v?.split(',').forEach((part) => add(part.trim().split(/\s+/)[0]));
  const parser = new Parser(
    {
      onopentag(name, a) {
        if (name === 'img') {
          add(a.src);
          srcset(a.srcset);
        } else if (name === 'source') {
          add(a.src);
          srcset(a.srcset);
        } else if (name === 'video') {
          add(a.poster);
        } else if (name === 'meta' && /^(og:image|twitter:image)(:url)?$/i.test(a.property ?? a.name ?? '')) {
          add(a.content);
        } else if (name === 'link' && /\bimage_src\b/i.test(a.rel ?? '')) {
          add(a.href);
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return [...found];
}

/** Response headers that show a CDN or reverse proxy in front of a site (issue 23, ladder step 3). */
export const EDGE_HEADERS = ['server', 'via', 'cf-ray', 'x-served-by', 'x-cache', 'x-cdn', 'x-amz-cf-id'] as const;

function edgeHeaders(headers: Record<string, string>): Record<string, string> | undefined {
  const out = Object.fromEntries(EDGE_HEADERS.filter((h) => headers[h] !== undefined).map((h) => [h, headers[h]!.slice(0, 200)]));
  return Object.keys(out).length ? out : undefined;
}

const isHtml = (ct?: string) => !!ct && /^(text\/html|application\/xhtml\+xml)\b/i.test(ct);
const isMedia = (ct?: string) => !!ct && /^(image|video)\//i.test(ct);

/** Fetches a URL through the safe fetcher and records status, type, body hash and (for HTML) its images. */
export async function snapshotPage(url: string, now = new Date()): Promise<PageSnapshot> {
  const at = now.toISOString();
  try {
    const res = await safeFetch(url, { maxBytes: 8 * 1024 * 1024, timeoutMs: 15_000 });
    const contentType = res.contentType?.split(';')[0]?.trim().toLowerCase();
    const edge = edgeHeaders(res.headers ?? {});
    return {
      url,
      status: res.status,
      ...(contentType ? { contentType } : {}),
      sha256: createHash('sha256').update(res.body).digest('hex'),
      ...(res.ok && isHtml(contentType) ? { images: pageImages(res.body.toString('utf8'), res.url) } : {}),
      ...(edge ? { edge } : {}),
      at,
    };
  } catch (err) {
    return { url, status: 0, error: (err as Error).name || 'FetchFailedError', at };
  }
}

export interface PageVerdict {
  url: string;
  gone: boolean;
  reason: string;
}

/** Answers that say the material is not there (410 Gone, 404 Not Found, 451 Unavailable For Legal Reasons). */
const GONE_STATUSES = new Set([404, 410, 451]);

/**
 * Whether the copy at a URL is gone, comparing the page now with the baseline taken when the notice went out.
 * Gone: 404, 410 or 451; a media URL now serving different bytes; a page that no longer shows any of the
 * watched images (the result's own image URLs when the page showed them, else every image it showed). Not
 * gone (escalated): the same bytes, the watched images still shown, an answer that cannot be read, or any
 * other error, since an outage is not a removal.
 */
export function judgePage(now: PageSnapshot, baseline: PageSnapshot | undefined, watch: string[] = []): PageVerdict {
  const { url } = now;
  if (GONE_STATUSES.has(now.status)) return { url, gone: true, reason: `The page answers HTTP ${now.status}.` };
  if (now.status === 0) return { url, gone: false, reason: `The page could not be checked (${now.error ?? 'no answer'}).` };
  if (now.status >= 400) return { url, gone: false, reason: `The page answers HTTP ${now.status}; that is not a removal.` };
  const before = baseline && baseline.status >= 200 && baseline.status < 300 ? baseline : undefined;
  if (before?.sha256 && before.sha256 === now.sha256) return { url, gone: false, reason: 'The page is unchanged since the notice was sent.' };
  if (before && isMedia(before.contentType)) {
    return isMedia(now.contentType) || isHtml(now.contentType)
      ? { url, gone: true, reason: 'The URL no longer serves the copied file.' }
      : { url, gone: false, reason: 'The URL still answers; its content could not be compared.' };
  }
  const shown = before?.images ?? [];
  const watched = shown.filter((i) => watch.includes(i));
  const targets = watched.length > 0 ? watched : shown;
  if (targets.length > 0 && isHtml(now.contentType)) {
    const still = targets.filter((i) => now.images?.includes(i));
    return still.length === 0
      ? { url, gone: true, reason: 'The page no longer shows the copied image.' }
      : { url, gone: false, reason: `The page still shows the copied image (${still[0]}).` };
  }
  return { url, gone: false, reason: 'The page is still online.' };
}

/** The text of a page's first `<title>`, trimmed and on one line (at most 300 characters). */
export function pageTitle(html: string): string | undefined {
  let inTitle = false;
  let done = false;
  let title = '';
  const parser = new Parser(
    {
      onopentag(name) {
        if (name === 'title' && !done) inTitle = true;
      },
      ontext(text) {
        if (inTitle) title += text;
      },
      onclosetag(name) {
        if (name === 'title' && inTitle) {
          inTitle = false;
          done = true;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html.slice(0, 200_000));
  parser.end();
  const t = title.replace(/\s+/g, ' ').trim().slice(0, 300);
  return t || undefined;
}

/**
 * A capture of an infringing page as evidence for its notice (issue 23), taken through the safe fetcher when the
 * case is opened: the final URL after redirects, the time, the HTTP status, the page title and the SHA-256 of
 * the bytes fetched. A page that cannot be fetched is recorded with status 0 and the reason.
 */
export async function capturePage(url: string, now = new Date()): Promise<PageCapture> {
  const at = now.toISOString();
  try {
    const res = await safeFetch(url, { maxBytes: 8 * 1024 * 1024, timeoutMs: 15_000 });
    const contentType = res.contentType?.split(';')[0]?.trim().toLowerCase();
    const title = res.ok && isHtml(contentType) ? pageTitle(res.body.toString('utf8')) : undefined;
    return { url, finalUrl: res.url, status: res.status, ...(title ? { title } : {}), sha256: createHash('sha256').update(res.body).digest('hex'), at };
  } catch (err) {
    return { url, finalUrl: url, status: 0, error: (err as Error).name || 'FetchFailedError', at };
  }
}
