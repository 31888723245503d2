/**
 * The perceptual matcher: does an image found on the web copy one of a creator's reference files?
 *
 * - `hashReference(bytes)` / `hashVideoReference(pathOrBytes)`: a few dozen to a few hundred 256-bit
 *   PDQ-style hashes per reference (flips, rotations by 90 degrees, crops, small tilts; per frame for video).
 * - `hashCandidate(bytes)`: one to four hashes for an image found on the web (as is, without borders or
 *   screenshot chrome, and the picture of a screenshot decoded a second time, finer).
 * - `ReferenceSet.from([...])` then `bestMatch(candidate, set)`: the closest reference, its Hamming distance,
 *   `similarity` (0..1), and `isMatch` or `needsVerification` as `decide` rules (distance and PDQ quality).
 * - `encodeHashes` / `decodeHashes`: base64 for DynamoDB or S3.
 *
 * The method: docs/ARCHITECTURE.md, "Matcher" (built on PDQ: docs/reference/matching.md). How the thresholds
 * were calibrated: bench/match.ts and bench/README.md.
 */
import { createHash } from 'node:crypto';
import { config, perConfig } from '../lib/config';
import { HASH_WORDS } from './dct';
import { hammingAt } from './hamming';
import { hashVideoReference as hashVideoReferenceFile, type VideoHashes, type VideoOptions } from './video';

// Copied once: a bundler or test transform may turn imported constants into getters, costly in hot loops.
const WORDS = HASH_WORDS;
import { hashCandidateImage, hashReferenceImage, MIN_QUALITY, type ImageHashes } from './hash-image';

export { decodeHashes, encodeHashes, hashFromHex, hashToHex } from './serialise';
export type { ImageHashes } from './hash-image';
export { HASH_WORDS } from './dct';

/**
 * Distances (of 256 bits) that decide a match. At or below `STRICT_THRESHOLD` the fingerprint alone decides;
 * between it and `LOOSE_THRESHOLD` the candidate is a copy only if the verification stage (verify.ts)
 * finds the reference's features in it in one consistent geometry; above it, never. Calibrated with
 * `npm run bench:match` on the calibration set of bench/setup-photos.sh, never on the reserved packages. The
 * strict one keeps the detailed distractors those runs found out of the fingerprint's reach (verification
 * refuses them); lower, more copies would need verification and its cost would grow. The loose one is the
 * largest at which no distractor of the calibration run was verified. The runs: bench/README.md.
 */
export const STRICT_THRESHOLD = 48;
export const LOOSE_THRESHOLD = 72;
/** The fingerprint-only threshold (kept for callers that cannot verify). */
export const MATCH_THRESHOLD = STRICT_THRESHOLD;

/** PDQ's quality below which a view's hash is mostly noise: such views are never hashed (see hash-image.ts). */
export { MIN_QUALITY };

/**
 * PDQ quality from which a fingerprint match decides alone. Below it (a graphic of a few flat areas and edges,
 * quality MIN_QUALITY to 69) a hash says little more than where the edges run, and unrelated graphics share
 * that, so such a pair is a copy only if verified, from NEAR_IDENTICAL to LOOSE_THRESHOLD. Photographs score
 * 70 and more. Both pictures are held to it (`decide` is given the lower of the two qualities): a detailed
 * picture near a graphic reference is just as unreliable.
 */
export const CONFIDENT_QUALITY = 70;

/**
 * Distance at or below which the fingerprint decides alone whatever the quality (from MIN_QUALITY): the same
 * picture re-encoded, resized or lightly edited. It lets graphics' plain copies (a thumbnail, a JPEG) match
 * without verification, which rarely finds enough features in a flat graphic to pass; unrelated graphics
 * almost never come this close (bench/README.md has the one pair found).
 */
export const NEAR_IDENTICAL = 24;

/**
 * How a candidate at `distance` from its nearest reference is decided; `quality` is the lower of the two
 * pictures' PDQ qualities (each its best kept view's).
 */
export type Decision = 'fingerprint' | 'verify' | 'none';

/**
 * The matcher's rule, in one place (triage, the benchmarks): see STRICT_THRESHOLD and CONFIDENT_QUALITY. The
 * benchmark passes other thresholds to judge a calibration.
 */
export function decide(distance: number, quality: number, thresholds: { strict: number; loose: number } = { strict: STRICT_THRESHOLD, loose: LOOSE_THRESHOLD }): Decision {
  if (quality < MIN_QUALITY || distance > thresholds.loose) return 'none';
  if (distance <= NEAR_IDENTICAL) return 'fingerprint';
  return distance <= thresholds.strict && quality >= CONFIDENT_QUALITY ? 'fingerprint' : 'verify';
}

/** Hashes of a reference image (see the module comment). Throws on bytes that are not a decodable image. */
export function hashReference(input: Buffer | Uint8Array): Promise<ImageHashes> {
  return remembered('image', input, () => hashReferenceImage(input));
}

/** Hashes of a reference video, frame by frame (video.ts). A path is read from disk; bytes go through a temporary file. */
export function hashVideoReference(input: string | Buffer, options: VideoOptions = {}): Promise<VideoHashes> {
  if (typeof input === 'string' || Object.keys(options).length > 0) return hashVideoReferenceFile(input, options);
  return remembered('video', input, () => hashVideoReferenceFile(input));
}

/**
 * The local runtime's and tests' memo of hashes (REFERENCE_HASH_MEMO_ENTRIES, off by default and refused inside
 * Lambda): reference files and the candidate pictures found on the (sandbox) web, which a test file's scans find
 * again run after run, keyed by kind and the bytes' SHA-256, the most recently used entries kept. Hashing is a
 * pure function of the bytes, so a remembered answer is the one hashing again would give.
 */
const referenceMemo = perConfig(() => new Map<string, Promise<unknown>>());

function remembered<T>(kind: 'image' | 'video' | 'candidate', input: Buffer | Uint8Array, hash: () => Promise<T>): Promise<T> {
  const entries = config().referenceHashMemoEntries;
  if (entries === 0) return hash();
  const memo = referenceMemo();
  const key = `${kind}:${createHash('sha256').update(input).digest('hex')}`;
  let hashed = memo.get(key) as Promise<T> | undefined;
  if (hashed) memo.delete(key); // moved to the end: most recently used
  else {
    hashed = hash();
    hashed.catch(() => memo.delete(key)); // a failure is not remembered
  }
  memo.set(key, hashed);
  while (memo.size > entries) memo.delete(memo.keys().next().value!);
  return hashed;
}

/** Hashes of a candidate image found on the web. Throws on bytes that are not a decodable image. */
export function hashCandidate(input: Buffer | Uint8Array): Promise<ImageHashes> {
  return remembered('candidate', input, () => hashCandidateImage(input));
}

/**
 * The hashes of several references packed for one linear scan; `owners[i]` is the index of hash i's reference,
 * `qualities[r]` reference r's PDQ quality.
 */
export class ReferenceSet {
  private constructor(
    readonly ids: string[],
    readonly words: Uint32Array,
    readonly owners: Uint32Array,
    readonly qualities: Uint8Array,
  ) {}

  /**
   * Packs references (their ids, hashes and quality, e.g. decoded from storage). A reference stored without its
   * quality (a monitor's set kept before the quality was stored) counts as a photograph, the rule it was kept under.
   */
  static from(references: { id: string; hashes: Uint32Array; quality?: number }[]): ReferenceSet {
    const total = references.reduce((n, r) => n + r.hashes.length, 0);
    const words = new Uint32Array(total);
    const owners = new Uint32Array(total / WORDS);
    let at = 0;
    references.forEach((r, i) => {
      if (r.hashes.length % WORDS !== 0) throw new RangeError(`reference ${r.id} has a partial hash`);
      words.set(r.hashes, at);
      owners.fill(i, at / WORDS, (at + r.hashes.length) / WORDS);
      at += r.hashes.length;
    });
    return new ReferenceSet(
      references.map((r) => r.id),
      words,
      owners,
      Uint8Array.from(references, (r) => r.quality ?? 100),
    );
  }

  get size(): number {
    return this.owners.length;
  }
}

export interface Match {
  referenceId: string;
  /** Hamming distance, 0..256. */
  distance: number;
  /** 0..1, see `similarityFromDistance`. */
  similarity: number;
  /** The PDQ quality `decide` was given: the lower of the candidate's and the reference's. */
  quality: number;
  /** A copy by fingerprint alone (`decide`): within `NEAR_IDENTICAL`, or within `STRICT_THRESHOLD` when both pictures' quality is at least `CONFIDENT_QUALITY`. */
  isMatch: boolean;
  /** Within `LOOSE_THRESHOLD` but not decided by the fingerprint (`decide`): a copy only if verified. */
  needsVerification: boolean;
}

/**
 * Maps a distance to a 0..1 similarity that reads like a score: 1 for identical, 0.8 exactly at the
 * calibrated threshold (so "80% or more" means a match, like the red confidence badge), falling linearly
 * to 0 at 128 bits, the distance of unrelated images.
 */
export function similarityFromDistance(distance: number): number {
  const random = 128;
  if (distance <= MATCH_THRESHOLD) return 1 - (0.2 * distance) / MATCH_THRESHOLD;
  if (distance >= random) return 0;
  return (0.8 * (random - distance)) / (random - MATCH_THRESHOLD);
}

/**
 * The reference closest to any of the candidate's hashes: a linear scan (per-creator sets are small; it runs
 * at tens of millions of hash comparisons a second). Returns undefined for an empty set.
 */
export function bestMatch(candidate: ImageHashes | Uint32Array, set: ReferenceSet): Match | undefined {
  const hashes = candidate instanceof Uint32Array ? candidate : candidate.hashes;
  const quality = candidate instanceof Uint32Array ? 100 : candidate.quality;
  let distance = 257;
  let owner = -1;
  for (let q = 0; q < hashes.length; q += WORDS) {
    for (let s = 0, i = 0; s < set.words.length; s += WORDS, i++) {
      const d = hammingAt(hashes, q, set.words, s);
      if (d < distance) {
        distance = d;
        owner = set.owners[i];
      }
    }
  }
  if (owner < 0) return undefined;
  const both = Math.min(quality, set.qualities[owner]);
  const decision = decide(distance, both);
  return {
    referenceId: set.ids[owner],
    distance,
    similarity: similarityFromDistance(distance),
    quality: both,
    isMatch: decision === 'fingerprint',
    needsVerification: decision === 'verify',
  };
}
