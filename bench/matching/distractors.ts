/**
 * Distractor queries at scale (issue 13: a query FPR of 1e-5 needs at least 100,000 distractor queries).
 *
 * The full protocol edits a 1024 px distractor original 33 ways (6 to 30 s of CPU per original here), so
 * 100,000 queries would take days. A query found on the web is usually a thumbnail anyway, and the matcher
 * shrinks every candidate below 1000 px to a 64 px short side before hashing, so here each distractor query
 * is generated small: a random window of a distractor original (any position, 30-100% of each side, so the
 * aspect changes too), brought to a long side of 160 to 320 px (a thumbnail), then one of the benchmark's seeded edits.
 * Each query goes through the product's own path: `hashCandidate` (and its quality gate), `bestMatch`
 * against every reference's hashes, and for grey-zone distances (above the strict threshold, at most the
 * loose one, or any distance within it for a query under CONFIDENT_QUALITY: `decide`) the verification stage
 * (functions/matching/verify.ts) against the nearest reference.
 * The original is decoded once to raw pixels; windows are cut from them without decoding again.
 */
import sharp, { type OutputInfo } from 'sharp';
import { bestMatch, decide, hashCandidate, MIN_QUALITY } from '../../functions/matching/index';
import { verifyCopy } from '../../functions/matching/verify';
import type { DiskCache } from './cache';
import type { OriginalRef } from './dataset';
import { EDIT_NAMES, EDITS } from './edits';
import type { QueryResult } from './evaluate';
import { NO_DISTANCE } from './methods';
import type { Gallery } from './run';
import { Rng } from './rng';

/** Shortest and longest long side of a generated distractor query, in pixels. */
export const QUERY_SIDE: readonly [number, number] = [160, 320];
/** Share of each side a window keeps, at least and at most. */
export const WINDOW_SHARE: readonly [number, number] = [0.3, 1];

/** One generated distractor query: where the window is (pixels of the original), its output size and the edit. */
export interface DistractorPlan {
  left: number;
  top: number;
  width: number;
  height: number;
  outWidth: number;
  outHeight: number;
  edit: string;
}

/**
 * The seeded plans of `count` queries of one original (pure: no pixels). Windows keep 30-100% of each side
 * independently (so the aspect ratio changes), anywhere in the original; the output keeps the window's
 * aspect with a long side in QUERY_SIDE (never enlarged past the window); the edit is drawn from every edit.
 */
export function planDistractorQueries(width: number, height: number, count: number, rng: Rng, edits: readonly string[] = EDIT_NAMES): DistractorPlan[] {
  const out: DistractorPlan[] = [];
  for (let k = 0; k < count; k++) {
    const w = Math.max(16, Math.min(width, Math.round(width * rng.range(WINDOW_SHARE[0], WINDOW_SHARE[1]))));
    const h = Math.max(16, Math.min(height, Math.round(height * rng.range(WINDOW_SHARE[0], WINDOW_SHARE[1]))));
    const left = rng.int(0, width - w);
    const top = rng.int(0, height - h);
    const long = Math.min(Math.max(w, h), rng.int(QUERY_SIDE[0], QUERY_SIDE[1]));
    const scale = long / Math.max(w, h);
    out.push({
      left,
      top,
      width: w,
      height: h,
      outWidth: Math.max(1, Math.round(w * scale)),
      outHeight: Math.max(1, Math.round(h * scale)),
      edit: rng.pick(edits),
    });
  }
  return out;
}

/**
 * Verifications one at a time: verify.ts keeps the features of 16 references and deletes the oldest's
 * OpenCV matrices when a 17th arrives, which breaks a verification still running against it (seen with 4
 * concurrent workers: "Mat.rows getter on deleted object"). Serialised, no verification overlaps another.
 */
let verifying: Promise<unknown> = Promise.resolve();
function verifyOneAtATime(candidate: Buffer, reference: Buffer, key: string): Promise<boolean> {
  const run = verifying.then(async () => (await verifyCopy(candidate, reference, key)).verified);
  verifying = run.catch(() => undefined);
  return run;
}

/** The originals of two folds alternately (fold 0's first, fold 1's first, ...), each with its fold. */
export function interleave<T>(folds: [T[], T[]]): [T, 0 | 1][] {
  const out: [T, 0 | 1][] = [];
  for (let i = 0; i < Math.max(folds[0].length, folds[1].length); i++) {
    if (i < folds[0].length) out.push([folds[0][i], 0]);
    if (i < folds[1].length) out.push([folds[1][i], 1]);
  }
  return out;
}

/**
 * A query's hashing outcome as cached: distance, nearest reference index (-1: none), ms hashing and scanning,
 * and the PDQ quality `decide` is given (the lower of the query's and its nearest reference's). Verification
 * is cached apart (`verify-distractor`), so a change to verify.ts or to the thresholds re-verifies only the
 * grey-zone queries instead of generating and hashing every query again.
 */
type HashRow = [number, number, number, number];

/** Queries per cache entry: a longer run (more queries per original) reuses every whole chunk of a shorter one. */
export const CHUNK = 16;

export interface GreyZone {
  strict: number;
  loose: number;
}

/** The query plans `[start, end)` of each cache entry of one original's `count` queries. */
export function chunksOf(count: number, size = CHUNK): [number, number][] {
  const out: [number, number][] = [];
  for (let start = 0; start < count; start += size) out.push([start, Math.min(count, start + size)]);
  return out;
}

/**
 * Generates, hashes and scans `count` distractor queries of one original; verifies those in the grey zone.
 * Cached per chunk of CHUNK queries (key: hashing code, seed, original, gallery, chunk), so an interrupted run
 * resumes and a run with more queries per original reuses a shorter run's; verification decisions are cached
 * per query (key: verify.ts's digest). The original is decoded to raw pixels once, and only when a chunk or a
 * verification is missing.
 */
export async function runDistractorQueries(
  o: OriginalRef,
  fold: 0 | 1,
  count: number,
  gallery: Gallery,
  grey: GreyZone,
  seed: number,
  cache: DiskCache,
  versions: { hashing: string; verify: string },
  /** Only the queries of these chunks (indices into `chunksOf(count)`), all by default. */
  chunks?: [number, number],
): Promise<QueryResult[]> {
  const base = `${versions.hashing}|${QUERY_SIDE}|${WINDOW_SHARE}|${seed}|${o.source}|${o.id}|${gallery.key}`;
  const plans = planDistractorQueries(o.width, o.height, count, new Rng(seed).fork(`distractors|${o.id}`));
  let raw: Promise<{ data: Buffer; info: OutputInfo }> | undefined;
  // One query's edited bytes, from the original decoded once.
  const queryBytes = async (k: number): Promise<Buffer> => {
    raw ??= o.load().then((original) => sharp(original.png).removeAlpha().raw().toBuffer({ resolveWithObject: true }));
    const { data, info } = await raw;
    const p = plans[k];
    const png = await sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
      .extract({ left: p.left, top: p.top, width: p.width, height: p.height })
      .resize(p.outWidth, p.outHeight, { fit: 'fill' })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const id = `${o.id}~${k}`;
    return EDITS[p.edit]({ id, source: o.source, png, width: p.outWidth, height: p.outHeight }, new Rng(seed).fork(`${id}|${p.edit}`));
  };
  const made = new Map<number, Buffer>();
  const rows: [number, HashRow][] = [];
  const all = chunksOf(count);
  for (const [start, end] of chunks ? all.slice(chunks[0], chunks[1]) : all) {
    const chunk = await cache.json('distractor-chunks', `${base}|${start}-${end}`, async () => {
      const out: HashRow[] = [];
      for (let k = start; k < end; k++) {
        const bytes = await queryBytes(k);
        const started = performance.now();
        let distance = NO_DISTANCE;
        let nearest = -1;
        let quality = 0;
        try {
          const c = await hashCandidate(bytes);
          quality = c.quality;
          const best = c.quality >= MIN_QUALITY ? bestMatch(c, gallery.set) : undefined;
          if (best) {
            distance = best.distance;
            nearest = gallery.refs.findIndex((r) => r.id === best.referenceId);
            // The quality the product's rule is given: the lower of the candidate's and its nearest reference's.
            quality = best.quality;
          }
        } catch {
          // Undecodable output (none expected): it can match nothing, as in the product.
        }
        out.push([distance, nearest, Math.round((performance.now() - started) * 100) / 100, quality]);
        // Kept for verification below, so a grey-zone query is not edited twice.
        if (decide(distance, quality, grey) === 'verify' && nearest >= 0) made.set(k, bytes);
      }
      return out;
    });
    rows.push(...chunk.map((row, i): [number, HashRow] => [start + i, row]));
  }
  const results: QueryResult[] = [];
  for (const [k, [distance, nearest, ms, quality]] of rows) {
    const r: QueryResult = { fold, edit: plans[k].edit, distance, original: `${o.id}~${k}`, reference: gallery.refs[nearest]?.id, ms, quality };
    if (decide(distance, quality, grey) === 'verify' && nearest >= 0) {
      const ref = gallery.refs[nearest];
      const v = await cache.json('verify-distractor', `${versions.verify}|${base}|${k}|${ref.id}`, async () => {
        const bytes = made.get(k) ?? (await queryBytes(k));
        const started = performance.now();
        const verified = await verifyOneAtATime(bytes, (await ref.load()).png, ref.id);
        return { verified, ms: Math.round((performance.now() - started) * 100) / 100 };
      });
      r.verified = v.verified;
      r.verifyMs = v.ms;
    }
    results.push(r);
  }
  return results;
}

/** Distances histogram up to `upTo` (index = distance) and the `n` nearest distractor queries. */
export function distanceTail(results: QueryResult[], upTo: number, n = 10): { histogram: Record<number, number>; nearest: QueryResult[] } {
  const histogram: Record<number, number> = {};
  for (const r of results) if (r.distance <= upTo) histogram[r.distance] = (histogram[r.distance] ?? 0) + 1;
  const nearest = [...results].sort((a, b) => a.distance - b.distance).slice(0, n);
  return { histogram, nearest };
}
