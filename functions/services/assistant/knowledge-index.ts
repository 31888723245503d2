import MiniSearch, { type SearchResult } from 'minisearch';
import { FAQ_ENTRIES, HELP_ARTICLES, type FaqEntry, type HelpArticle, type HelpPage } from '../../../shared/help/knowledge-base';
import { normaliseTerm, terms, tokenize } from './text';

/** One retrievable passage: a whole FAQ entry, or one paragraph of a help article. */
export interface Passage {
  /** `faq:{id}` or `article:{id}#{paragraph}`. */
  id: string;
  kind: 'faq' | 'article';
  /** The FAQ entry or article id. */
  sourceId: string;
  /** FAQ question or article title. */
  title: string;
  /** FAQ answer or the article paragraph. */
  text: string;
  pages: readonly HelpPage[];
}

export interface PassageHit {
  passage: Passage;
  score: number;
  /** How many of the query's meaningful terms this passage matched. */
  matchedTerms: number;
  /** How many meaningful terms the query had (stop words excluded). */
  queryTermCount: number;
  /** matchedTerms / queryTermCount (0-1). */
  coverage: number;
}

export interface SearchOptions {
  /** The caller's page key: passages tied to it rank higher. */
  page?: HelpPage;
  limit?: number;
}

interface IndexedDoc extends Passage {
  keywords: string;
}

/** Pages whose FAQ categories matter most there; FAQ entries have no page list of their own. */
const PAGE_CATEGORIES: Partial<Record<HelpPage, FaqEntry['category'][]>> = {
  '/': ['Getting Started', 'Content Protection'],
  '/search': ['Getting Started', 'Content Protection'],
  '/cases': ['DMCA Process'],
  '/dmca': ['DMCA Process'],
  '/settings': ['Settings'],
  '/account': ['Billing'],
  '/pricing': ['Billing'],
};

/** How much a passage tied to the caller's page is favoured: enough to break near-ties, not to beat a clear match. */
const PAGE_BOOST = 1.5;
/** FAQ answers are written to stand alone, so they win near-ties against an article paragraph. */
const FAQ_BOOST = 1.2;

function faqDocs(entries: readonly FaqEntry[]): IndexedDoc[] {
  const pagesOf = (e: FaqEntry) =>
    (Object.entries(PAGE_CATEGORIES) as [HelpPage, FaqEntry['category'][]][])
      .filter(([, cats]) => cats.includes(e.category))
      .map(([page]) => page);
  return entries.map((e) => ({
    id: `faq:${e.id}`,
    kind: 'faq',
    sourceId: e.id,
    title: e.question,
    text: e.answer,
    keywords: (e.keywords ?? []).join(' '),
    pages: pagesOf(e),
  }));
}

function articleDocs(articles: readonly HelpArticle[]): IndexedDoc[] {
  return articles.flatMap((a) =>
    a.body.split(/\n\s*\n/).map((paragraph, i) => ({
      id: `article:${a.id}#${i}`,
      kind: 'article' as const,
      sourceId: a.id,
      title: a.title,
      text: paragraph.trim(),
      keywords: '',
      pages: a.pages,
    })),
  );
}

/**
 * Full-text index over the help knowledge base (FAQ entries and article paragraphs), ranked by BM25 with
 * fuzzy and prefix matching (MiniSearch). Both assistants use it: the offline one answers with the best
 * passage, the Bedrock one grounds the model with the top passages.
 */
export class KnowledgeIndex {
  private readonly search: MiniSearch<IndexedDoc>;
  private readonly faqById: Map<string, FaqEntry>;

  constructor(faq: readonly FaqEntry[] = FAQ_ENTRIES, articles: readonly HelpArticle[] = HELP_ARTICLES) {
    this.faqById = new Map(faq.map((e) => [e.id, e]));
    this.search = new MiniSearch<IndexedDoc>({
      fields: ['title', 'keywords', 'text'],
      storeFields: ['id', 'kind', 'sourceId', 'title', 'text', 'pages'],
      tokenize,
      processTerm: (term) => normaliseTerm(term) ?? null,
      searchOptions: {
        boost: { title: 3, keywords: 2, text: 1 },
        // Typos in longer words only: a fuzzy "plan" would also match "scan".
        fuzzy: (term) => (term.length >= 5 ? 0.2 : false),
        prefix: (term) => term.length >= 5,
        combineWith: 'OR',
      },
    });
    this.search.addAll([...faqDocs(faq), ...articleDocs(articles)]);
  }

  /** Number of indexed passages (FAQ entries plus article paragraphs). */
  get size(): number {
    return this.search.documentCount;
  }

  /** The FAQ entry behind a passage id or entry id, if any. */
  faqEntry(id: string): FaqEntry | undefined {
    return this.faqById.get(id.replace(/^faq:/, ''));
  }

  /** Passages for a question, best first. An empty or all-stop-word query gives no hits. */
  query(text: string, options: SearchOptions = {}): PassageHit[] {
    const queryTerms = new Set(terms(text));
    if (queryTerms.size === 0) return [];
    const page = options.page;
    const results = this.search.search(text, {
      boostDocument: (_id, _term, stored) =>
        (stored?.kind === 'faq' ? FAQ_BOOST : 1) *
        (page && (stored?.pages as HelpPage[] | undefined)?.includes(page) ? PAGE_BOOST : 1),
    });
    return results.slice(0, options.limit ?? 5).map((r) => {
      const matchedTerms = new Set(r.queryTerms).size;
      return {
        passage: toPassage(r),
        score: r.score,
        matchedTerms,
        queryTermCount: queryTerms.size,
        coverage: matchedTerms / queryTerms.size,
      };
    });
  }
}

function toPassage(r: SearchResult): Passage {
  return {
    id: r.id as string,
    kind: r.kind as Passage['kind'],
    sourceId: r.sourceId as string,
    title: r.title as string,
    text: r.text as string,
    pages: r.pages as HelpPage[],
  };
}

let shared: KnowledgeIndex | undefined;

/** The process-wide index over the shipped knowledge base, built on first use (a few milliseconds). */
export function knowledgeIndex(): KnowledgeIndex {
  shared ??= new KnowledgeIndex();
  return shared;
}
