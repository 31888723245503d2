import type { MediaSpec, PageSpec } from './catalogue';
import { sizeAfter } from './images';

export interface Content {
  pages: PageSpec[];
  media: MediaSpec[];
}

export interface RankedPage {
  page: PageSpec;
  score: number;
}

const STOP = new Set(['the', 'and', 'or', 'of', 'a', 'an', 'in', 'on', 'for', 'site', 'leak', 'leaked', 'leaks']);

/** Lower case, accents and punctuation folded to spaces: "Luna  Vale!" and "luna-vale" compare equal. */
export function normalise(s: string): string {
  return s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Stable 32-bit FNV-1a hash, for deterministic per-engine variety. */
export function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Every page and medium of the sandbox web, with look-ups and a tiny full-text search. */
export class SiteIndex {
  private readonly pages = new Map<string, PageSpec>();
  private readonly media = new Map<string, MediaSpec>();
  private readonly planted = new Map<string, Content>();

  add(content: Content): void {
    for (const m of content.media) {
      if (m.width === undefined && m.source.type === 'scene') Object.assign(m, sizeAfter(m.transform, m.source.scene.width, m.source.scene.height));
      this.media.set(`${m.domain}/${m.file}`, m);
      if (m.source.type === 'reference' || m.source.type === 'faces') this.plantedEntry(m.source.ref).media.push(m);
    }
    for (const p of content.pages) {
      this.pages.set(`${p.domain}${p.path}`, p);
      if (p.plantedFor) this.plantedEntry(p.plantedFor).pages.push(p);
    }
  }

  private plantedEntry(ref: string): Content {
    let entry = this.planted.get(ref);
    if (!entry) this.planted.set(ref, (entry = { pages: [], media: [] }));
    return entry;
  }

  page(domain: string, path: string): PageSpec | undefined {
    return this.pages.get(`${domain}${path}`);
  }

  mediaFile(domain: string, file: string): MediaSpec | undefined {
    return this.media.get(`${domain}/${file}`);
  }

  allPages(): PageSpec[] {
    return [...this.pages.values()];
  }

  pagesOn(domain: string): PageSpec[] {
    return this.allPages().filter((p) => p.domain === domain);
  }

  mediaOf(page: PageSpec): MediaSpec[] {
    return page.media.map((f) => this.mediaFile(page.domain, f)).filter((m): m is MediaSpec => Boolean(m));
  }

  /** The page that shows a medium (directly or as a video's poster). */
  pageOf(m: MediaSpec): PageSpec | undefined {
    return this.allPages().find((p) => p.domain === m.domain && (p.media.includes(m.file) || this.mediaOf(p).some((x) => x.poster === m.file)));
  }

  plantedSet(ref: string): Content | undefined {
    return this.planted.get(ref);
  }

  /** Every reference planted so far, in planting order: its hash, whether it is a video, when its pages appeared. */
  plantedRefs(): Array<{ ref: string; video: boolean; published: string }> {
    return [...this.planted].flatMap(([ref, c]) => {
      const m = c.media.find((x) => x.source.type === 'reference');
      const page = c.pages[0];
      if (!m || m.source.type !== 'reference' || !page) return [];
      return [{ ref, video: m.source.video, published: page.published }];
    });
  }

  /** Pictures that are copies of nothing: the "must not match" ones (faces are planted for likeness, not in this pool). */
  unrelatedImages(): MediaSpec[] {
    return [...this.media.values()].filter((m) => m.kind === 'image' && !m.copyOf && m.source.type !== 'faces' && this.pageOf(m));
  }

  /**
   * Pages for a query, best first. Comma-separated names are alternatives. A page scores high when it has the whole
   * name (or the name run together, like a handle), lower for single words; planted pages carry no names and are
   * found by reverse image search only. A query nothing matches gets two unrelated pages, as a real engine would.
   */
  search(query: string): RankedPage[] {
    const alternatives = query.split(',').map(normalise).filter(Boolean);
    const ranked: RankedPage[] = [];
    for (const page of this.pages.values()) {
      if (page.plantedFor) continue;
      const text = normalise([page.title, ...page.body, page.author, ...page.comments].join(' '));
      const words = new Set(text.split(' '));
      const compact = text.replace(/ /g, '');
      let score = 0;
      for (const alt of alternatives) {
        const tokens = alt.split(' ').filter((t) => t.length > 1 && !STOP.has(t));
        if (!tokens.length) continue;
        const phrase = tokens.join(' ');
        let s = tokens.filter((t) => words.has(t)).length;
        if (` ${text} `.includes(` ${phrase} `)) s += 10;
        else if (tokens.length > 1 && compact.includes(tokens.join(''))) s += 8;
        score = Math.max(score, s);
      }
      if (score > 0) ranked.push({ page, score });
    }
    ranked.sort((a, b) => b.score - a.score || b.page.published.localeCompare(a.page.published));
    if (ranked.length) return ranked;
    return this.allPages()
      .filter((p) => p.domain === 'gardenblog.example')
      .slice(0, 2)
      .map((page) => ({ page, score: 0 }));
  }
}

/**
 * Engines do not all index the same pages: each keeps a stable share of the results (Google all, the others
 * fewer), always including the first.
 */
const KEEP_PERCENT: Record<string, number> = { google: 100, bing: 85, duckduckgo: 70, brave: 75, tineye: 100 };
export function engineShare<T>(engine: string, items: T[], key: (item: T) => string): T[] {
  const keep = KEEP_PERCENT[engine] ?? 100;
  return items.filter((item, i) => i === 0 || hash(`${engine}:${key(item)}`) % 100 < keep);
}
