import stem from 'wink-porter2-stemmer';

/**
 * Term normalisation shared by the knowledge index and the retrieval checks: stop words out, then the
 * Porter2 stemmer (so "disputed" finds "dispute" and "takedowns" finds "takedown"). The stop-word list is
 * hand-written because it is policy for this corpus, not an algorithm: "long" and "much" stay in, since
 * "how long" asks for a time and "how much" for a price.
 */
const STOP_WORDS = new Set(
  (
    'a an the and or but if then so of to in on at by for from with without about into over under as is are was were be been being ' +
    'do does did doing done have has had having i me my mine we us our you your yours it its this that these those there here ' +
    'what which who whom whose when where why how can could should would will shall may might must let get got any some each ' +
    'please tell know want need like just also very really there their they them he she his her him not no yes ok okay hi hello ' +
    'work works way possible option options feature features policy thing things anything something able vigil s t'
  ).split(' '),
);

/** Normalises one token for indexing and querying: lower case, stop words and one-letter tokens dropped, stemmed. */
export function normaliseTerm(term: string): string | null {
  const t = term.toLowerCase().replace(/['\u2019]/g, '');
  if (t.length < 2 || STOP_WORDS.has(t)) return null;
  return /^\d/.test(t) ? t : stem(t);
}

/** Splits on spaces, punctuation and symbols, so "$50/month" yields "50" and "month". */
export function tokenize(text: string): string[] {
  return text.split(/[\s\p{P}\p{S}]+/u).filter(Boolean);
}

/** Splits text into normalised terms, exactly as the knowledge index does. */
export function terms(text: string): string[] {
  return tokenize(text)
    .map(normaliseTerm)
    .filter((t): t is string => t !== null);
}
