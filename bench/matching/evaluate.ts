import { CONFIDENT_QUALITY, decide } from '../../functions/matching/index';

/**
 * Threshold calibration and recall, per method, from the distances the benchmark measured.
 *
 * Protocol (docs/reference/matching.md): a threshold is chosen on a calibration half so that the share of
 * distractor queries matching any reference is at most the FPR target; recall per edit is measured on the
 * other half. Both halves take a turn as calibration half (two folds) and recall is pooled over the two,
 * which doubles the recall sample without ever scoring a query against a threshold it helped to choose.
 */

export interface QueryResult {
  fold: 0 | 1;
  edit: string;
  /** Reference queries: distance to their own reference. Distractor queries: to the nearest reference. */
  distance: number;
  /** The query's original and, when known, the reference it was compared with (its own, or the nearest). */
  original?: string;
  reference?: string;
  /** Milliseconds to hash the query and scan the references. */
  ms?: number;
  /**
   * The PDQ quality `decide` is given (vigil; undefined for other methods): the lower of the query's and its
   * reference's. Below CONFIDENT_QUALITY the fingerprint does not decide alone.
   */
  quality?: number;
  /** Grey-zone queries: the verification stage's decision and its time. */
  verified?: boolean;
  verifyMs?: number;
}

export interface MethodResult {
  threshold: number;
  thresholds: [number, number];
  macroRecall: number;
  minEditRecall: number;
  perEdit: Record<string, number>;
  /** Share of evaluation-half distractor queries that matched a reference at the fold's threshold. */
  queryFpr: number;
  falsePositives: number;
  distractorQueries: number;
}

/** Largest threshold whose false-positive share on `distances` is at most `target` (-1 when none is). */
export function calibrate(distances: number[], target: number): number {
  const sorted = [...distances].sort((a, b) => a - b);
  const allowed = Math.floor(target * sorted.length);
  // With `allowed` false positives permitted, the threshold must stay below the (allowed+1)-th smallest distance.
  if (allowed >= sorted.length) return 256;
  return sorted[allowed] - 1;
}

export function evaluate(refQueries: QueryResult[], distractorQueries: QueryResult[], edits: string[], fprTarget: number, fixedThreshold?: number): MethodResult {
  const thresholds = [0, 1].map((fold) =>
    fixedThreshold ?? calibrate(distractorQueries.filter((q) => q.fold === fold).map((q) => q.distance), fprTarget),
  ) as [number, number];
  // A query of fold f is judged with the threshold calibrated on the other fold.
  const judged = (q: QueryResult) => q.distance <= thresholds[1 - q.fold];
  const perEdit: Record<string, number> = {};
  for (const edit of edits) {
    const qs = refQueries.filter((q) => q.edit === edit);
    perEdit[edit] = qs.length ? qs.filter(judged).length / qs.length : NaN;
  }
  const values = Object.values(perEdit).filter((v) => !Number.isNaN(v));
  const falsePositives = distractorQueries.filter(judged).length;
  return {
    threshold: Math.min(...thresholds),
    thresholds,
    macroRecall: values.reduce((a, b) => a + b, 0) / values.length,
    minEditRecall: Math.min(...values),
    perEdit,
    queryFpr: falsePositives / distractorQueries.length,
    falsePositives,
    distractorQueries: distractorQueries.length,
  };
}

export interface VerifiedResult {
  strict: [number, number];
  loose: [number, number];
  macroRecall: number;
  minEditRecall: number;
  perEdit: Record<string, number>;
  queryFpr: number;
  falsePositives: number;
  distractorQueries: number;
  referenceQueries: number;
  /** Reference queries matched by the fingerprint alone and by verification. */
  decidedBy: { fingerprint: number; verified: number };
}

/** Largest loose threshold (at most `upTo`) whose false positives, fingerprint or verified, stay within the target. */
function calibrateLoose(distractors: QueryResult[], strict: number, target: number, upTo: number): number {
  const allowed = Math.floor(target * distractors.length);
  let fp = distractors.filter((q) => q.distance <= strict).length;
  let loose = strict;
  for (let t = strict + 1; t <= upTo; t++) {
    fp += distractors.filter((q) => q.distance === t && q.verified).length;
    if (fp > allowed) break;
    loose = t;
  }
  return loose;
}

/**
 * The two-stage decision: a match when the distance is at most `strict`, or at most `loose` and verified.
 * With `fixed` thresholds (the shipped ones) every query is judged with them; otherwise strict and loose are
 * calibrated per fold and each fold judged with the other's, as in `evaluate`.
 */
export function evaluateVerified(refQueries: QueryResult[], distractorQueries: QueryResult[], edits: string[], fprTarget: number, fixed?: { strict: number; loose: number }, upTo = 72): VerifiedResult {
  const strict = [0, 1].map((f) => fixed?.strict ?? calibrate(distractorQueries.filter((q) => q.fold === f).map((q) => q.distance), fprTarget)) as [number, number];
  const loose = [0, 1].map(
    (f) => fixed?.loose ?? calibrateLoose(distractorQueries.filter((q) => q.fold === f), strict[f], fprTarget, upTo),
  ) as [number, number];
  const other = (q: QueryResult) => (fixed ? 0 : 1 - q.fold);
  // The product's rule (`decide`) with the fold's thresholds: the fingerprint decides alone only a confident
  // query; anything else within the loose threshold needs verification.
  const decision = (q: QueryResult) => decide(q.distance, q.quality ?? 100, { strict: strict[other(q)], loose: loose[other(q)] });
  const byPrint = (q: QueryResult) => decision(q) === 'fingerprint';
  const judged = (q: QueryResult) => byPrint(q) || (decision(q) === 'verify' && q.verified === true);
  const perEdit: Record<string, number> = {};
  for (const edit of edits) {
    const qs = refQueries.filter((q) => q.edit === edit);
    perEdit[edit] = qs.length ? qs.filter(judged).length / qs.length : NaN;
  }
  const values = Object.values(perEdit).filter((v) => !Number.isNaN(v));
  const falsePositives = distractorQueries.filter(judged).length;
  const fingerprint = refQueries.filter(byPrint).length;
  return {
    strict,
    loose,
    macroRecall: values.reduce((a, b) => a + b, 0) / values.length,
    minEditRecall: Math.min(...values),
    perEdit,
    queryFpr: falsePositives / distractorQueries.length,
    falsePositives,
    distractorQueries: distractorQueries.length,
    referenceQueries: refQueries.length,
    decidedBy: { fingerprint, verified: refQueries.filter(judged).length - fingerprint },
  };
}

/** What kind of picture a reference is, for the recall breakdown (`referenceKinds`). */
export type ReferenceKind = 'detailed' | 'flat' | 'no fingerprint';
export const REFERENCE_KINDS: ReferenceKind[] = ['detailed', 'flat', 'no fingerprint'];

/**
 * Each queried reference's kind: `no fingerprint` when the product stores no hash for it (every view too
 * plain: MIN_QUALITY), `detailed` when it and a plain thumbnail of it (`probeEdit`) hash at PDQ quality
 * CONFIDENT_QUALITY or more (photographs, paintings: a copy's fingerprint can decide alone), `flat` otherwise
 * (gradients, flat graphic wallpapers: copies go to verification).
 */
export function referenceKinds(refQueries: QueryResult[], storesHashes: (reference: string) => boolean, probeEdit = 'thumbnail-320'): Map<string, ReferenceKind> {
  const kinds = new Map<string, ReferenceKind>();
  for (const q of refQueries) {
    if (q.edit !== probeEdit || !q.reference) continue;
    kinds.set(q.reference, !storesHashes(q.reference) ? 'no fingerprint' : (q.quality ?? 100) >= CONFIDENT_QUALITY ? 'detailed' : 'flat');
  }
  return kinds;
}

export interface KindRecall {
  references: number;
  macroRecall: number;
  minEditRecall: number;
  perEdit: Record<string, number>;
}

/** The shipped decision's recall over the reference queries of each kind of reference (`referenceKinds`). */
export function recallByKind(refQueries: QueryResult[], kinds: Map<string, ReferenceKind>, edits: string[], shipped: { strict: number; loose: number }): Partial<Record<ReferenceKind, KindRecall>> {
  const out: Partial<Record<ReferenceKind, KindRecall>> = {};
  for (const kind of REFERENCE_KINDS) {
    const qs = refQueries.filter((q) => q.reference !== undefined && kinds.get(q.reference) === kind);
    if (!qs.length) continue;
    const r = evaluateVerified(qs, [], edits, 0, shipped);
    out[kind] = { references: new Set(qs.map((q) => q.reference)).size, macroRecall: r.macroRecall, minEditRecall: r.minEditRecall, perEdit: r.perEdit };
  }
  return out;
}

/** Issue 29: a decision of the shipped rule, verification included. */
function acceptedByShipped(q: QueryResult, shipped: { strict: number; loose: number }): boolean {
  const d = decide(q.distance, q.quality ?? 100, shipped);
  return d === 'fingerprint' || (d === 'verify' && q.verified === true);
}

/**
 * The shipped decision's recall over the references the product accepts (stores a hash for): a reference it
 * refuses as too plain to fingerprint is named to the creator and counts in `refusedShare`, not in recall.
 */
export function acceptedRecall(refQueries: QueryResult[], accepted: (reference: string) => boolean, edits: string[], shipped: { strict: number; loose: number }): KindRecall {
  const qs = refQueries.filter((q) => q.reference !== undefined && accepted(q.reference));
  const r = evaluateVerified(qs, [], edits, 0, shipped);
  return { references: new Set(qs.map((q) => q.reference)).size, macroRecall: r.macroRecall, minEditRecall: r.minEditRecall, perEdit: r.perEdit };
}

export interface RefusedShare {
  refused: number;
  total: number;
  share: number;
  /** The refused ones, by name. */
  names: string[];
}

/** How many of `ids` the product refuses (stores no hash for). */
export function refusedShare(ids: string[], refused: (id: string) => boolean): RefusedShare {
  const names = ids.filter(refused);
  return { refused: names.length, total: ids.length, share: ids.length ? names.length / ids.length : 0, names };
}

export interface SceneFpr {
  distractorQueries: number;
  /** Accepted distractor queries whose reference shows another scene: the false positives. */
  falsePositives: number;
  /** falsePositives / distractorQueries. */
  queryFpr: number;
  /** Accepted distractor queries whose reference shows the same scene (a stereo or near-view partner), counted apart. */
  sameSceneMatches: number;
  /** Same-scene matches per "distractor scene ~ reference" pair. */
  sameSceneByPair: Record<string, number>;
}

/**
 * The shipped decision over distractor queries, with matches to a reference of the same physical scene
 * (`sceneOf` of the query's original and of the reference agree) counted apart from the false positives
 * (issue 29). The FPR keeps every distractor query in its denominator.
 */
export function sceneFpr(distractors: QueryResult[], sceneOf: (id: string) => string, shipped: { strict: number; loose: number }): SceneFpr {
  let falsePositives = 0;
  const sameSceneByPair: Record<string, number> = {};
  for (const q of distractors) {
    if (!acceptedByShipped(q, shipped)) continue;
    if (q.original !== undefined && q.reference !== undefined && sceneOf(q.original) === sceneOf(q.reference)) {
      const pair = `${sceneOf(q.original)} ~ ${q.reference}`;
      sameSceneByPair[pair] = (sameSceneByPair[pair] ?? 0) + 1;
    } else falsePositives++;
  }
  const sameSceneMatches = Object.values(sameSceneByPair).reduce((a, b) => a + b, 0);
  return { distractorQueries: distractors.length, falsePositives, queryFpr: distractors.length ? falsePositives / distractors.length : 0, sameSceneMatches, sameSceneByPair };
}
