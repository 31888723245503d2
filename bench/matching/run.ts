import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import pMap from 'p-map';
import { bestMatch, decide, NEAR_IDENTICAL, ReferenceSet } from '../../functions/matching/index';
import { loadOpenCv, verifyCopy } from '../../functions/matching/verify';
import { packWords, sourceDigest, unpackWords, type DiskCache } from './cache';
import type { OriginalRef, QueryOriginal } from './dataset';
import { EDIT_NAMES, EDITS } from './edits';
import type { QueryResult } from './evaluate';
import { minDistance, NO_DISTANCE, type Method } from './methods';
import { Rng } from './rng';

const MATCHING_DIR = path.resolve(__dirname, '..', '..', 'functions', 'matching');

/** The files that decide a hash (thresholds in index.ts do not): cached hashes of other code are not reused. */
const HASHING_FILES = ['dct.ts', 'dimensions.ts', 'hash-image.ts', 'luma.ts', 'resample.ts', 'trim.ts'];

/** A digest of the hashing code, or of one file (verify.ts). */
export function matcherDigest(only?: string): Promise<string> {
  return sourceDigest(MATCHING_DIR, only ? [only] : [...HASHING_FILES]);
}

/** One method's reference hashes, packed for the scan. */
export interface Gallery {
  refs: OriginalRef[];
  hashes: Map<string, Uint32Array>;
  /** Each reference's PDQ quality (vigil; 100 for the others): `decide` holds both pictures to CONFIDENT_QUALITY. */
  qualities: Map<string, number>;
  /** All hashes with their owners (vigil uses the product's `ReferenceSet`). */
  set: ReferenceSet;
  /** Identifies the gallery (method version and reference ids) in cache keys. */
  key: string;
}

export async function referenceHashes(m: Method, refs: OriginalRef[], cache: DiskCache, concurrency: number): Promise<Gallery> {
  const hashes = new Map<string, Uint32Array>();
  const qualities = new Map<string, number>();
  await pMap(
    refs,
    async (o) => {
      const stored = await cache.json('ref', `${m.name}|${m.version}|quality|${o.source}|${o.id}`, async () => {
        const r = await m.reference((await o.load()).png);
        return { hashes: packWords(r.hashes), quality: r.quality ?? 100 };
      });
      hashes.set(o.id, unpackWords(stored.hashes));
      qualities.set(o.id, stored.quality);
    },
    { concurrency },
  );
  return galleryFrom(refs, hashes, qualities, m.words, `${m.name}|${m.version}|quality|${refs.map((r) => `${r.source}|${r.id}`).join(',')}`);
}

/** A gallery from hashes already made (a worker thread is given them as plain data: bench/matching/pool.ts). */
export function galleryFrom(refs: OriginalRef[], hashes: Map<string, Uint32Array>, qualities: Map<string, number>, words: number, key: string): Gallery {
  const set = ReferenceSet.from(refs.map((o) => ({ id: o.id, hashes: words === 8 ? hashes.get(o.id)! : new Uint32Array(0), quality: qualities.get(o.id) })));
  return { refs, hashes, qualities, set, key };
}

/** Per edit: distance, nearest reference index (distractors), the milliseconds hashing and scanning took, and the query's PDQ quality (vigil; 100 for the others). */
type Cached = Record<string, [number, number, number, number]>;

/**
 * Edits one query original every way, hashes each edit with every method and finds its distance (to its
 * own reference, or for a distractor to the nearest reference of the gallery). Cached per method.
 */
export async function hashQueries(
  q: QueryOriginal,
  methods: Method[],
  galleries: Map<string, Gallery>,
  seed: number,
  cache: DiskCache,
  verifyInline?: { version: string; upTo: number },
): Promise<Record<string, QueryResult[]>> {
  const key = (m: Method) => `${m.version}|quality|${seed}|${q.role}|${q.original.source}|${q.original.id}|${q.role === 'distractor' ? galleries.get(m.name)!.key : ''}`;
  const found: Record<string, Cached | undefined> = {};
  for (const m of methods) {
    const hit = await cache.get('dist', key(m));
    found[m.name] = hit ? (JSON.parse(hit.toString()) as Cached) : undefined;
  }
  const missing = methods.filter((m) => !found[m.name]);
  if (missing.length) {
    const o = await q.original.load();
    const made: Record<string, Cached> = Object.fromEntries(missing.map((m) => [m.name, {}]));
    for (const edit of EDIT_NAMES) {
      const bytes = await EDITS[edit](o, new Rng(seed).fork(`${o.id}|${edit}`));
      for (const m of missing) {
        const g = galleries.get(m.name)!;
        const started = performance.now();
        const { hashes, quality } = m.candidate ? await m.candidate(bytes) : { hashes: await m.query(bytes), quality: 100 };
        let distance: number;
        let nearest = -1;
        if (q.role === 'reference') {
          distance = minDistance(hashes, g.hashes.get(o.id)!, m.words);
        } else if (m.words === 8) {
          const best = hashes.length ? bestMatch({ hashes, quality }, g.set) : undefined;
          distance = best?.distance ?? NO_DISTANCE;
          nearest = best ? g.refs.findIndex((r) => r.id === best.referenceId) : -1;
        } else {
          distance = NO_DISTANCE;
          for (let i = 0; i < g.refs.length; i++) {
            const d = minDistance(hashes, g.hashes.get(g.refs[i].id)!, m.words);
            if (d < distance) [distance, nearest] = [d, i];
          }
        }
        made[m.name][edit] = [distance, nearest, Math.round((performance.now() - started) * 100) / 100, quality];
        // A reference query in the grey zone is verified now, while its edited bytes are at hand (verifyGreyZone
        // would edit the original again); the decision goes to the same cache entry verifyGreyZone reads.
        if (verifyInline && m.name === 'vigil' && q.role === 'reference') {
          const both = Math.min(quality, g.qualities.get(o.id) ?? 100);
          if (decide(distance, both, { strict: VERIFY_FROM, loose: verifyInline.upTo }) === 'verify') {
            const vkey = verifyKey(verifyInline.version, seed, q.original.source, o.id, edit, o.id);
            if (!(await cache.get('verify', vkey))) {
              const at = performance.now();
              const res = await verifyCopy(bytes, o.png, o.id);
              await cache.put('verify', vkey, JSON.stringify({ verified: res.verified, inliers: res.inliers, spread: res.spread, ms: Math.round((performance.now() - at) * 100) / 100 }));
            }
          }
        }
      }
    }
    for (const m of missing) {
      await cache.put('dist', key(m), JSON.stringify(made[m.name]));
      found[m.name] = made[m.name];
    }
  }
  const out: Record<string, QueryResult[]> = {};
  for (const m of methods) {
    const c = found[m.name]!;
    const g = galleries.get(m.name)!;
    out[m.name] = EDIT_NAMES.map((edit) => {
      const reference = q.role === 'reference' ? q.original.id : g.refs[c[edit][1]]?.id;
      return {
        fold: q.fold,
        edit,
        // Distances cached before NO_DISTANCE were Infinity, which JSON wrote as null (and `null <= 24` is true).
        distance: c[edit][0] ?? NO_DISTANCE,
        original: q.original.id,
        reference,
        ms: c[edit][2],
        // What the product's rule is given: the lower of the query's and its reference's quality.
        quality: Math.min(c[edit][3], (reference === undefined ? undefined : g.qualities.get(reference)) ?? 100),
      };
    });
  }
  return out;
}

/** The cache key of one query's verification (verify.ts's digest, seed, query original, edit, reference). */
function verifyKey(version: string, seed: number, source: string, original: string, edit: string, reference: string): string {
  return `${version}|${seed}|${source}|${original}|${edit}|${reference}`;
}

/**
 * Grey-zone bounds the benchmark verifies by default: from NEAR_IDENTICAL, below which the fingerprint always
 * decides, so a calibration may put the strict threshold anywhere above it (it was 40 until stop 20, when the
 * strict threshold was calibrated down to 48); `--verify-up-to` widens the top.
 */
export const VERIFY_FROM = NEAR_IDENTICAL;
export const VERIFY_UP_TO = 80;

/**
 * Verifies (functions/matching/verify.ts) every vigil query whose distance is in (VERIFY_FROM, VERIFY_UP_TO]
 * against the reference it is nearest to, and writes `verified` on the query. Cached per query; the cost
 * figures are for the shipped grey zone.
 */
export async function verifyGreyZone(
  results: QueryResult[],
  queries: QueryOriginal[],
  gallery: Gallery,
  seed: number,
  cache: DiskCache,
  concurrency: number,
  log: (...parts: unknown[]) => void,
  shipped: { strict: number; loose: number },
  upTo = VERIFY_UP_TO,
): Promise<{ cost: VerifyCost }> {
  const version = await matcherDigest('verify.ts');
  const byOriginal = new Map<string, QueryResult[]>();
  for (const r of results) {
    // The product's rule over the widest grey zone a calibration may choose.
    if (decide(r.distance, r.quality ?? 100, { strict: VERIFY_FROM, loose: upTo }) !== 'verify' || !r.reference || !r.original) continue;
    byOriginal.set(r.original, [...(byOriginal.get(r.original!) ?? []), r]);
  }
  const originals = new Map(queries.map((q) => [q.original.id, q.original]));
  const refs = new Map(gallery.refs.map((r) => [r.id, r]));
  const { loadMs } = await loadOpenCv();
  let done = 0;
  const total = [...byOriginal.values()].reduce((n, l) => n + l.length, 0);
  log(`verifying ${total} grey-zone queries (distance ${VERIFY_FROM + 1}..${upTo})`);
  await pMap(
    [...byOriginal.entries()],
    async ([id, list]) => {
      let original: Awaited<ReturnType<OriginalRef['load']>> | undefined;
      for (const r of list) {
        const key = verifyKey(version, seed, originals.get(id)!.source, id, r.edit, r.reference!);
        const hit = await cache.get('verify', key);
        let v: { verified: boolean; inliers: number; spread: number; ms: number };
        if (hit) v = JSON.parse(hit.toString());
        else {
          original ??= await originals.get(id)!.load();
          const bytes = await EDITS[r.edit](original, new Rng(seed).fork(`${id}|${r.edit}`));
          const refPng = (await refs.get(r.reference!)!.load()).png;
          const started = performance.now();
          const res = await verifyCopy(bytes, refPng, r.reference);
          v = { verified: res.verified, inliers: res.inliers, spread: res.spread, ms: Math.round((performance.now() - started) * 100) / 100 };
          await cache.put('verify', key, JSON.stringify(v));
        }
        r.verified = v.verified;
        r.verifyMs = v.ms;
        if (++done % 500 === 0) log(`  ${done}/${total} verified`);
      }
    },
    { concurrency },
  );
  const grey = results.filter((r) => decide(r.distance, r.quality ?? 100, shipped) === 'verify' && r.verifyMs !== undefined);
  const verifyMs = grey.reduce((n, r) => n + r.verifyMs!, 0);
  const baseMs = results.reduce((n, r) => n + (r.ms ?? 0), 0);
  return {
    cost: {
      verified: grey.length,
      queries: results.length,
      meanVerifyMs: grey.length ? verifyMs / grey.length : 0,
      meanBaseMs: baseMs / results.length,
      addedShare: baseMs ? verifyMs / baseMs : 0,
      loadMs,
    },
  };
}

export interface VerifyCost {
  /** Queries in the shipped grey zone (verified). */
  verified: number;
  queries: number;
  meanVerifyMs: number;
  /** Decode, hash and scan per query. */
  meanBaseMs: number;
  /** Verification time over hashing time, summed over every query: what verification adds per candidate on average. */
  addedShare: number;
  loadMs: number;
}

/**
 * Whether the product refuses each source as too plain to fingerprint (issue 29, `refusedPhotographShare`):
 * each file hashed whole, as a creator would upload it (not the benchmark's tiles), with the method's
 * reference hashing; a source of several files (a video's frames) is refused when every file is. Cached per
 * file.
 */
export async function refusedSources(m: Method, files: Map<string, string[]>, cache: DiskCache, concurrency: number): Promise<Map<string, boolean>> {
  const out = new Map<string, boolean>();
  await pMap(
    [...files.entries()],
    async ([source, list]) => {
      let refused = true;
      for (const file of list) {
        const mtime = (await stat(file)).mtimeMs;
        const stored = await cache.json('refused', `${m.name}|${m.version}|${file}|${mtime}`, async () => {
          try {
            return { hashes: (await m.reference(await readFile(file))).hashes.length };
          } catch {
            return { hashes: 0 };
          }
        });
        if (stored.hashes > 0) {
          refused = false;
          break;
        }
      }
      out.set(source, refused);
    },
    { concurrency },
  );
  return out;
}
