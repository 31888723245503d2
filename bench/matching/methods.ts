import { bmvbhash } from 'blockhash-core';
import sharp from 'sharp';
import phash from 'sharp-phash';
import { hashCandidateImage, hashReferenceImage, REFERENCE_PLAN, type ReferencePlan } from '../../functions/matching/hash-image';
import { popcount32 } from '../../functions/matching/hamming';
import { MIN_QUALITY } from '../../functions/matching/index';
import { matcherDigest } from './run';
import { PDQ_THRESHOLD, pdqHash } from './pdq-published';

/** A hashing method under test: how it hashes a reference and a query, and how wide its hashes are. */
export interface Method {
  name: string;
  /** Changes when the method's code does (cache keys). */
  version: string;
  /** 32-bit words per hash. */
  words: number;
  /** A published threshold used as is instead of calibrating (PDQ's 31). */
  fixedThreshold?: number;
  /** A reference's hashes, with its PDQ quality for a method whose decision depends on it (vigil: `decide`). */
  reference(input: Buffer): Promise<{ hashes: Uint32Array; quality?: number }>;
  query(input: Buffer): Promise<Uint32Array>;
  /** The query's hashes with its PDQ quality, for a method whose decision depends on it (vigil: `decide`). */
  candidate?(input: Buffer): Promise<{ hashes: Uint32Array; quality: number }>;
}

/** The distance of a query that has nothing to compare: more than any 256-bit distance, so no threshold accepts it. */
export const NO_DISTANCE = 257;

/**
 * Smallest Hamming distance between any hash of `a` and any of `b`, hashes `words` wide; NO_DISTANCE when
 * either has none (a reference too plain to store a hash matches nothing, as in the product).
 */
export function minDistance(a: Uint32Array, b: Uint32Array, words: number): number {
  let best = NO_DISTANCE;
  for (let i = 0; i < a.length; i += words) {
    for (let j = 0; j < b.length; j += words) {
      let d = 0;
      for (let k = 0; k < words; k++) d += popcount32(a[i + k] ^ b[j + k]);
      if (d < best) best = d;
    }
  }
  return best;
}

function fromBitString(bits: string): Uint32Array {
  const out = new Uint32Array(Math.ceil(bits.length / 32));
  for (let i = 0; i < bits.length; i++) if (bits[i] === '1') out[i >>> 5] |= 1 << (i & 31);
  return out;
}

function fromHex(hex: string): Uint32Array {
  const out = new Uint32Array(hex.length / 8);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 8, i * 8 + 8), 16) >>> 0;
  return out;
}

/** Ours: reference-side variants, candidate-side trim (functions/matching). */
export async function vigil(plan: ReferencePlan = REFERENCE_PLAN): Promise<Method> {
  // The product's rule: a flat candidate (PDQ quality below MIN_QUALITY) never matches.
  const candidate = async (b: Buffer) => {
    const c = await hashCandidateImage(b);
    return c.quality >= MIN_QUALITY ? c : { hashes: new Uint32Array(0), quality: c.quality };
  };
  return {
    name: 'vigil',
    version: `${await matcherDigest()}|${JSON.stringify(plan)}`,
    words: 8,
    reference: (b) => hashReferenceImage(b, plan),
    query: async (b) => (await candidate(b)).hashes,
    candidate,
  };
}

const pdq: Method = {
  name: 'pdq',
  version: '1',
  words: 8,
  fixedThreshold: PDQ_THRESHOLD,
  reference: async (b) => ({ hashes: (await pdqHash(b)).hash }),
  query: async (b) => (await pdqHash(b)).hash,
};

const sharpPhash: Method = {
  name: 'sharp-phash',
  version: '1',
  words: 2,
  reference: async (b) => ({ hashes: fromBitString(await phash(b)) }),
  query: async (b) => fromBitString(await phash(b)),
};

/** blockhash-core on RGBA pixels; the image is brought to at most 256 px first, which changes the blocks' means only by rounding. */
async function blockhash(b: Buffer): Promise<Uint32Array> {
  const { data, info } = await sharp(b)
    .rotate()
    .resize({ width: 256, height: 256, fit: 'inside', withoutEnlargement: true })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return fromHex(bmvbhash({ width: info.width, height: info.height, data }, 16));
}

const blockhashCore: Method = { name: 'blockhash-core', version: '1', words: 8, reference: async (b) => ({ hashes: await blockhash(b) }), query: blockhash };

/** The classic 64-bit difference hash: 9x8 grey, each pixel compared with its right neighbour. */
export async function dhash64(b: Buffer): Promise<Uint32Array> {
  const px = await sharp(b).rotate().greyscale().resize(9, 8, { fit: 'fill' }).raw().toBuffer();
  const out = new Uint32Array(2);
  for (let r = 0; r < 8; r++) for (let c = 0; c < 8; c++) if (px[r * 9 + c] > px[r * 9 + c + 1]) out[(r * 8 + c) >>> 5] |= 1 << ((r * 8 + c) & 31);
  return out;
}

const dhash: Method = { name: 'dhash', version: '1', words: 2, reference: async (b) => ({ hashes: await dhash64(b) }), query: dhash64 };

export const PEERS: Method[] = [pdq, sharpPhash, blockhashCore, dhash];
