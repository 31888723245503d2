import { SITE_RULES } from '../sources/site-rules';
import type { Candidate, Engine, ProviderId, SearchKind } from './types';

/**
 * The domain a result belongs to. Sandbox URLs look like `<SANDBOX_ORIGIN>/sites/<domain>/...`; their domain is the
 * simulated site's, so triage, allowlists and RDAP look-ups see `leakforum.example`, not `localhost`.
 */
export function candidateDomain(url: string, sandboxOrigin?: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return '';
  }
  if (sandboxOrigin) {
    const base = sandboxOrigin.replace(/\/+$/, '');
    const prefix = `${base}/sites/`;
    if (u.href.startsWith(prefix)) return u.href.slice(prefix.length).split(/[/?#]/)[0].toLowerCase();
    // Issue 25: the sandbox's stand-ins of the direct sources belong to the sites they stand for, so a case on a
    // sandbox Telegram post is Telegram's and its notice goes where Telegram's would.
    if (u.href.startsWith(`${base}/telegram/`)) return 't.me';
    if (u.href.startsWith(`${base}/reddit/`)) return 'reddit.com';
    const site = u.href.startsWith(`${base}/leaksites/`) ? SITE_RULES.find((r) => r.id === u.href.slice(base.length + '/leaksites/'.length).split(/[/?#]/)[0]) : undefined;
    if (site) return new URL(site.baseUrl).hostname.replace(/^www\./, '').toLowerCase();
  }
  return u.hostname.replace(/^www\./, '').toLowerCase();
}

/** What every candidate of one search shares. */
export interface CandidateContext {
  engine: Engine;
  kind: SearchKind;
  provider: ProviderId;
  sandbox: boolean;
  sandboxOrigin?: string;
  seenAt: string;
}

export interface CandidateFields {
  url: unknown;
  imageUrl?: unknown;
  thumbnailUrl?: unknown;
  title?: unknown;
  snippet?: unknown;
  crawlDate?: unknown;
  matchType?: Candidate['matchType'];
  position?: unknown;
  score?: unknown;
  width?: unknown;
  height?: unknown;
  kind?: SearchKind;
}

/**
 * Builds a Candidate from loosely typed provider fields, tolerating absent or odd ones (several shapes are
 * unverified); returns undefined when there is no usable page URL.
 */
export function toCandidate(ctx: CandidateContext, f: CandidateFields): Candidate | undefined {
  const url = httpUrl(f.url);
  if (!url) return undefined;
  const domain = candidateDomain(url, ctx.sandboxOrigin);
  const c: Candidate = {
    url,
    title: text(f.title) ?? domain,
    domain,
    engine: ctx.engine,
    kind: f.kind ?? ctx.kind,
    provider: ctx.provider,
    sandbox: ctx.sandbox,
    seenAt: ctx.seenAt,
  };
  const imageUrl = httpUrl(f.imageUrl);
  if (imageUrl) c.imageUrl = imageUrl;
  const thumbnailUrl = httpUrl(f.thumbnailUrl);
  if (thumbnailUrl) c.thumbnailUrl = thumbnailUrl;
  const snippet = text(f.snippet);
  if (snippet) c.snippet = snippet;
  const crawlDate = isoDate(f.crawlDate);
  if (crawlDate) c.crawlDate = crawlDate;
  if (f.matchType) c.matchType = f.matchType;
  const position = num(f.position);
  if (position !== undefined) c.position = position;
  const score = num(f.score);
  if (score !== undefined) c.score = score;
  const width = num(f.width);
  if (width !== undefined) c.width = width;
  const height = num(f.height);
  if (height !== undefined) c.height = height;
  return c;
}

/** Builds candidates from a list of raw items, dropping unusable ones. */
export function toCandidates(ctx: CandidateContext, items: unknown, map: (item: Record<string, unknown>) => CandidateFields): Candidate[] {
  if (!Array.isArray(items)) return [];
  const out: Candidate[] = [];
  for (const item of items) {
    if (!item || typeof item !== 'object') continue;
    const c = toCandidate(ctx, map(item as Record<string, unknown>));
    if (c) out.push(c);
  }
  return out;
}

export function httpUrl(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : undefined;
  } catch {
    return undefined;
  }
}

/** Plain text: provider snippets may carry <strong> and HTML entities. */
export function text(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const t = value
    .replace(/<[^>]*>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return t || undefined;
}

function num(value: unknown): number | undefined {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
}

function isoDate(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const t = Date.parse(value);
  return Number.isFinite(t) ? new Date(t).toISOString() : undefined;
}

/** Reads `obj.a.b` without trusting any level to exist. */
export function dig(obj: unknown, ...path: string[]): unknown {
  let cur = obj;
  for (const key of path) {
    if (!cur || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}
