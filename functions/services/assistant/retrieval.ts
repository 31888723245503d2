import type { KnowledgeIndex, PassageHit } from './knowledge-index';
import type { NormalisedRequest } from './request-limits';

export interface Retrieval {
  /** Passages for the question, best first (possibly weak ones). */
  hits: PassageHit[];
  /** The top hit when it answers the question with confidence; undefined means "not in the help centre". */
  best?: PassageHit;
}

/**
 * When the top hit counts as an answer. Calibrated on the FAQ questions and on off-topic probes
 * (knowledge-index and offline-assistant tests): BM25 scores of real matches run from ~15 to several hundred,
 * stray matches on a single common word stay below ~10 or cover under half of the question.
 */
const MIN_SCORE = 8;
const MIN_COVERAGE = 0.4;
/** A short message ("and for Pro?") may be a follow-up: it is retried together with the previous question. */
const FOLLOW_UP_MAX_TERMS = 3;

/** True when a hit answers its query: a fair score, at least 40% of the query's terms covered, and two of them matched when it has two or more. */
export function isConfident(hit: PassageHit | undefined): boolean {
  if (!hit) return false;
  return hit.score >= MIN_SCORE && hit.coverage >= MIN_COVERAGE && hit.matchedTerms >= Math.min(2, hit.queryTermCount);
}

/**
 * Finds the passages for a chat message, ranked for the caller's page. A short message ("and for Pro?")
 * is read as a possible follow-up: it is searched together with the previous user question, and that
 * answer wins if the short message itself also matched it (so "is my data safe?" after a pricing question
 * does not get the price list again). Otherwise the message's own best hit answers, if it is confident.
 */
export function retrieve(index: KnowledgeIndex, req: NormalisedRequest, limit = 5): Retrieval {
  const hits = index.query(req.message, { page: req.page, limit });
  const first = hits[0];
  if (!first) return { hits };

  const previous = [...req.history].reverse().find((m) => m.role === 'user')?.content;
  if (previous && first.queryTermCount <= FOLLOW_UP_MAX_TERMS) {
    const combined = index.query(`${previous} ${req.message}`, { page: req.page, limit });
    const top = combined[0];
    if (top && isConfident(top) && hits.some((h) => h.passage.id === top.passage.id)) return { hits: combined, best: top };
  }
  return isConfident(first) ? { hits, best: first } : { hits };
}

/**
 * Follow-up questions: the FAQ questions among the hits (not the one just answered, not the user's own
 * question), then the page's suggestions, without repeats.
 */
export function followUps(
  index: KnowledgeIndex,
  hits: readonly PassageHit[],
  fallback: readonly string[],
  options: { answeredId?: string; message: string; max?: number },
): string[] {
  const answered = hits.find((h) => h.passage.id === options.answeredId);
  const skip = new Set([options.message.trim().toLowerCase()]);
  if (answered?.passage.kind === 'faq') skip.add(answered.passage.title.toLowerCase());
  const out: string[] = [];
  const add = (q: string | undefined) => {
    if (q && !skip.has(q.toLowerCase()) && !out.includes(q)) out.push(q);
  };
  for (const h of hits) {
    if (h.passage.id === options.answeredId || h.passage.kind !== 'faq') continue;
    add(index.faqEntry(h.passage.sourceId)?.question);
  }
  for (const q of fallback) add(q);
  return out.slice(0, options.max ?? 3);
}
