import { SourceStop } from './errors';
import { absolute, attr, backgroundImage, parseHtml, select, textOf, type Element } from './html';
import { PoliteSession, type PoliteDeps, type PoliteSettings } from './polite';
import { Collector, jsonOf, mediaKindOf, runSource, telegramChannelsIn } from './run';
import { SITE_RULES, type SiteRule } from './site-rules';
import { parseSiteTarget, ruleBaseUrl } from './spec';
import type { SourceCandidate, SourceConnector, SourceLimits, SourceMedia, SourceQuery, SourceRun, SourceSpec } from './types';

export interface SiteOptions {
  rules?: readonly SiteRule[];
  /** The sandbox web's base URL: every rule is then read at `<sandbox>/leaksites/<rule id>` instead of its host. */
  sandboxOrigin?: string;
  settings: PoliteSettings;
  limits: SourceLimits;
  deps?: PoliteDeps;
}

const HANDLE = /^@?([A-Za-z0-9_.-]{2,64})$/;
const JSON_TYPES = ['application/json', 'text/json', 'text/plain', 'text/css'] as const;

/** Fills a URL template: `{base}`, `{term}`, `{handle}`, `{entry}`, `{offset}`, `{value}` and `{<field.path>}` of `item`. */
function fill(template: string, vars: Record<string, string | number | undefined>, item?: unknown): string {
  return template.replace(/\{([\w.[\]]+)\}/g, (_all, name: string) => {
    if (name === 'base' || name === 'value') return String(vars[name] ?? '');
    if (name in vars) return encodeURIComponent(String(vars[name] ?? ''));
    const v = valuesAt(item, name)[0];
    if (v === undefined || v === null || typeof v === 'object') throw new SourceStop(`an item has no ${name} (the page has the wrong shape)`);
    return encodeURIComponent(String(v));
  });
}

/** Values at a dotted path; `a[]` walks every element of the array `a`. */
function valuesAt(obj: unknown, path: string): unknown[] {
  let current: unknown[] = [obj];
  for (const part of path.split('.').filter(Boolean)) {
    const many = part.endsWith('[]');
    const key = many ? part.slice(0, -2) : part;
    const next: unknown[] = [];
    for (const c of current) {
      if (!c || typeof c !== 'object') continue;
      const v = (c as Record<string, unknown>)[key];
      if (many) {
        if (Array.isArray(v)) next.push(...v);
      } else if (v !== undefined) next.push(v);
    }
    current = next;
  }
  return current;
}

/**
 * The rule-driven site connector: one code path for every leak, album and file-host site, each described by a
 * `SiteRule` (site-rules.ts). HTML rules go listing -> entries (threads, albums) -> posts, following the rule's
 * next-page links; JSON rules call the site's API with offset paging. The same politeness as every source:
 * safe fetcher, the rule's rate limit per host, the run's caps, robots.txt.
 */
export function siteConnector(options: SiteOptions): SourceConnector {
  const rules = options.rules ?? SITE_RULES;
  return {
    kind: 'site',
    async collect(spec: SourceSpec, query: SourceQuery, runOptions?: { signal?: AbortSignal }): Promise<SourceRun> {
      const { rule, entry } = parseSiteTarget(spec.target, rules);
      const signal = runOptions?.signal;
      const session = new PoliteSession(options.settings, options.limits, `site:${rule.id}`, options.deps, signal);
      const collector = new Collector(options.limits, query.since);
      const base = ruleBaseUrl(rule, options.sandboxOrigin);
      const reader = new RuleReader(rule, base, session, collector, spec);
      return runSource(
        session,
        collector,
        async () => {
          const lookups: Array<Record<string, string>> =
            rule.find === 'entry'
              ? [{ entry: entry! }]
              : rule.find === 'handle'
                ? [...new Set(query.terms.map((t) => HANDLE.exec(t.trim())?.[1]).filter((h): h is string => Boolean(h)))].map((handle) => ({ handle }))
                : [...new Set(query.terms.map((t) => t.trim()).filter(Boolean))].map((term) => ({ term }));
          for (const vars of lookups) {
            if (rule.format === 'json') await reader.json(vars);
            else await reader.html(vars);
          }
        },
        signal,
      );
    },
  };
}

class RuleReader {
  private readonly visited = new Set<string>();

  constructor(
    private readonly rule: SiteRule,
    private readonly base: string,
    private readonly session: PoliteSession,
    private readonly collector: Collector,
    private readonly spec: SourceSpec,
  ) {}

  private visit(url: string): void {
    if (this.visited.has(url)) throw new SourceStop(`${this.rule.name}'s next-page links went round in a circle`);
    this.visited.add(url);
  }

  private async page(url: string) {
    this.visit(url);
    const res = await this.session.get(url, { accept: ['text/html', 'application/xhtml+xml'], headers: this.rule.headers, rateLimitPerMinute: this.rule.rateLimitPerMinute });
    return { doc: parseHtml(res.body.toString('utf8')), url: res.url };
  }

  async html(vars: Record<string, string>): Promise<void> {
    const shape = this.rule.html!;
    let listUrl: string | undefined = fill(this.rule.listUrl, { base: this.base, offset: 0, ...vars });
    if (!shape.entryLinks) {
      await this.entry(listUrl);
      return;
    }
    const entries: string[] = [];
    while (listUrl) {
      const { doc, url } = await this.page(listUrl);
      for (const link of picks(doc, shape.entryLinks, url)) if (!entries.includes(link) && !this.visited.has(link)) entries.push(link);
      listUrl = shape.listNext ? picks(doc, shape.listNext, url)[0] : undefined;
      if (listUrl && this.visited.has(listUrl)) listUrl = undefined;
    }
    for (const e of entries) await this.entry(e);
  }

  private async entry(first: string): Promise<void> {
    const shape = this.rule.html!;
    let next: string | undefined = first;
    while (next) {
      const { doc, url } = await this.page(next);
      const title = (shape.title ? picks(doc, shape.title, url, true)[0] : undefined) ?? '';
      if (shape.post) {
        const posts = select(doc, shape.post);
        if (!posts.length && !shape.entryLinks) throw new SourceStop(`${this.rule.name}'s page has no posts where the rule expects them (the page has the wrong shape)`);
        for (const p of posts) this.collector.add(this.candidate(p, url, undefined));
      } else {
        this.collector.add(this.candidate(doc as Element, url, title));
      }
      next = shape.entryNext ? picks(doc, shape.entryNext, url)[0] : undefined;
    }
  }

  private candidate(scope: Element, pageUrl: string, pageTitle: string | undefined): SourceCandidate {
    const shape = this.rule.html!;
    const media: SourceMedia[] = [];
    for (const p of shape.images) for (const u of picks(scope, p, pageUrl)) if (!media.some((m) => m.url === u)) media.push({ url: u, kind: mediaKindOf(u) });
    for (const p of shape.videos) for (const u of picks(scope, p, pageUrl)) if (!media.some((m) => m.url === u)) media.push({ url: u, kind: 'video' });
    const link = (shape.postLink && pageTitle === undefined ? picks(scope, shape.postLink, pageUrl)[0] : undefined) ?? pageUrl;
    const title = pageTitle ?? (shape.title ? picks(scope, shape.title, pageUrl, true)[0] : undefined) ?? '';
    const time = shape.time ? picks(scope, shape.time, pageUrl, true)[0] : undefined;
    const postedAt = time && Number.isFinite(Date.parse(time)) ? new Date(time).toISOString() : undefined;
    const links = select(scope, 'a[href]').map((a) => attr(a, 'href') ?? '');
    const channels = telegramChannelsIn(title, ...links);
    return {
      url: link,
      media,
      title: title.slice(0, 500),
      source: this.spec,
      ...(postedAt ? { postedAt } : {}),
      ...(channels.length ? { telegramChannels: channels } : {}),
    };
  }

  async json(vars: Record<string, string>): Promise<void> {
    const shape = this.rule.json!;
    let offset = 0;
    let lastFirst: string | undefined;
    for (;;) {
      const url = fill(this.rule.listUrl, { base: this.base, offset, ...vars });
      this.visit(url);
      const res = await this.session.get(url, { accept: JSON_TYPES, headers: this.rule.headers, rateLimitPerMinute: this.rule.rateLimitPerMinute, notFoundIsEmpty: true });
      if (res.status === 404) return;
      const data = jsonOf(res.body, `${this.rule.name}'s answer`);
      if (shape.album) {
        if (!data || typeof data !== 'object' || Array.isArray(data)) throw new SourceStop(`${this.rule.name}'s answer is not a folder (the page has the wrong shape)`);
        this.collector.add(this.jsonCandidate(data, vars));
        return;
      }
      const items = shape.items ? valuesAt(data, shape.items)[0] : data;
      if (!Array.isArray(items)) throw new SourceStop(`${this.rule.name}'s answer has no list of posts (the page has the wrong shape)`);
      let tooOld = false;
      for (const item of items) {
        const c = this.jsonCandidate(item, vars);
        if (this.collector.tooOld(c.postedAt)) tooOld = true;
        this.collector.add(c);
      }
      if (!shape.paging || items.length < shape.paging.step || tooOld) return;
      const first = JSON.stringify(items[0]).slice(0, 500);
      if (first === lastFirst) throw new SourceStop(`${this.rule.name} answered the same page again: endless paging`);
      lastFirst = first;
      offset += shape.paging.step;
    }
  }

  private jsonCandidate(item: unknown, vars: Record<string, string>): SourceCandidate {
    const shape = this.rule.json!;
    const media: SourceMedia[] = [];
    for (const m of shape.media) {
      const holders = m.array ? valuesAt(item, `${m.array}[]`) : [item];
      for (const h of holders) {
        const value = valuesAt(h, m.value)[0];
        if (typeof value !== 'string' && typeof value !== 'number') continue;
        const url = absolute(fill(m.url, { base: this.base, value: String(value) }), `${this.base}/`);
        if (!url || media.some((x) => x.url === url)) continue;
        const mime = m.mime ? valuesAt(h, m.mime)[0] : undefined;
        const kind = typeof mime === 'string' ? (mime.startsWith('video/') ? 'video' : 'image') : mediaKindOf(url);
        if (typeof mime === 'string' && !/^(image|video)\//.test(mime)) continue;
        media.push({ url, kind });
      }
    }
    const text = (path: string | undefined) => {
      const v = path ? valuesAt(item, path)[0] : undefined;
      return typeof v === 'string' || typeof v === 'number' ? String(v) : undefined;
    };
    const time = text(shape.time);
    const parsed = time ? Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(time) ? time : `${time}Z`) : NaN;
    const content = text('content') ?? '';
    const channels = telegramChannelsIn(text(shape.title) ?? '', content);
    return {
      url: fill(shape.postUrl, { base: this.base, ...vars }, item),
      media,
      title: (text(shape.title) ?? '').trim().slice(0, 500),
      source: this.spec,
      ...(Number.isFinite(parsed) ? { postedAt: new Date(parsed).toISOString() } : {}),
      ...(channels.length ? { telegramChannels: channels } : {}),
    };
  }
}

/** Values a pick reads under `scope`: attributes resolved as links (unless `asText`), text trimmed. */
function picks(scope: Parameters<typeof select>[0], pick: { selector: string; attrs: string[] }, pageUrl: string, asText = false): string[] {
  const out: string[] = [];
  for (const el of select(scope, pick.selector)) {
    for (const a of pick.attrs) {
      const raw = a === 'text' ? textOf(el) : a === 'style' ? backgroundImage(attr(el, 'style')) : attr(el, a);
      if (!raw) continue;
      const value = asText || a === 'text' ? raw : absolute(raw, pageUrl);
      if (value && !out.includes(value)) out.push(value);
      break;
    }
  }
  return out;
}
