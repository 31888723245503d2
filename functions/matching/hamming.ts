import { HASH_WORDS } from './dct';

// Copied once: a bundler or test transform may turn imported constants into getters, costly in hot loops.
const WORDS = HASH_WORDS;

/** Set bits in a 32-bit word (SWAR popcount; JavaScript has no native one). */
export function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

/** Hamming distance between the 256-bit hash at word offset `ai` of `a` and the one at `bi` of `b`. */
export function hammingAt(a: Uint32Array, ai: number, b: Uint32Array, bi: number): number {
  return (
    popcount32(a[ai] ^ b[bi]) +
    popcount32(a[ai + 1] ^ b[bi + 1]) +
    popcount32(a[ai + 2] ^ b[bi + 2]) +
    popcount32(a[ai + 3] ^ b[bi + 3]) +
    popcount32(a[ai + 4] ^ b[bi + 4]) +
    popcount32(a[ai + 5] ^ b[bi + 5]) +
    popcount32(a[ai + 6] ^ b[bi + 6]) +
    popcount32(a[ai + 7] ^ b[bi + 7])
  );
}

/**
 * The smallest distance between any hash of `queries` and any hash of `set`, and the index (in hashes) of
 * the closest one in `set`: a plain linear scan, which for per-creator sets (thousands of hashes) runs at
 * tens of millions of comparisons a second; multi-index hashing would only pay beyond millions.
 */
export function nearest(queries: Uint32Array, set: Uint32Array): { distance: number; index: number } {
  let distance = 257;
  let index = -1;
  for (let q = 0; q < queries.length; q += WORDS) {
    for (let s = 0; s < set.length; s += WORDS) {
      const d = hammingAt(queries, q, set, s);
      if (d < distance) {
        distance = d;
        index = s / WORDS;
      }
    }
  }
  return { distance, index };
}
