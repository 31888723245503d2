/**
 * The PDQ core (Meta's ThreatExchange PDQ, written here because no maintained npm package exists): a 64x64
 * luma image goes through a 2-D DCT of which only frequencies 1..16 in each direction are kept, and each of
 * those 256 coefficients becomes one bit (above the median or not). The 8 dihedral variants (flips, 90-degree
 * rotations) come from the same coefficients by sign changes and a transpose, so they cost no extra DCT.
 */

/** Side of the downsampled luma image the DCT reads. */
export const GRID = 64;
/** Side of the kept block of DCT coefficients: 16 x 16 = 256 bits. */
export const DCT_SIDE = 16;
/** 32-bit words in one hash (256 bits). */
export const HASH_WORDS = 8;
/** Bytes in one hash. */
export const HASH_BYTES = 32;

/** Rows are frequencies 1..16 (PDQ drops the DC term), columns the 64 samples; scaled like PDQ's matrix. */
const DCT_MATRIX = (() => {
  const m = new Float64Array(DCT_SIDE * GRID);
  const scale = Math.sqrt(2 / GRID);
  for (let i = 0; i < DCT_SIDE; i++) {
    for (let j = 0; j < GRID; j++) m[i * GRID + j] = scale * Math.cos((Math.PI / 2 / GRID) * (i + 1) * (2 * j + 1));
  }
  return m;
})();

/** Scratch rows reused by every call (hashing is synchronous, so one set per process is enough). */
const SUM = new Float64Array(32 * GRID);
const DIFF = new Float64Array(32 * GRID);
const T = new Float64Array(DCT_SIDE * GRID);

/**
 * The kept 16x16 DCT block of a 64x64 image (row-major, 4096 values), as D * A * D^T computing only the
 * needed rows. Each cosine row is symmetric (even frequency) or antisymmetric (odd frequency) about the
 * middle, so both products fold the 64 samples into 32 sums or differences first: half the multiplications.
 */
export function dct64To16(image: Float32Array | Float64Array): Float64Array {
  // Fold rows k and 63-k of A (sequential memory access).
  for (let k = 0; k < 32; k++) {
    const a = k * GRID;
    const b = (GRID - 1 - k) * GRID;
    for (let j = 0; j < GRID; j++) {
      SUM[a + j] = image[a + j] + image[b + j];
      DIFF[a + j] = image[a + j] - image[b + j];
    }
  }
  // T = D * A; frequency i + 1 is odd for even i: those rows are antisymmetric and use the differences.
  // Four folded rows per pass: each T cell is loaded and stored once per four products instead of once per
  // product (hashing speed, issue 13), and the products are still added one after another in k's order, so
  // every sum, and every hash, is bit for bit that of one row at a time.
  T.fill(0);
  for (let i = 0; i < DCT_SIDE; i++) {
    const folded = i % 2 === 0 ? DIFF : SUM;
    const ti = i * GRID;
    for (let k = 0; k < 32; k += 4) {
      const d0 = DCT_MATRIX[ti + k];
      const d1 = DCT_MATRIX[ti + k + 1];
      const d2 = DCT_MATRIX[ti + k + 2];
      const d3 = DCT_MATRIX[ti + k + 3];
      const r0 = k * GRID;
      const r1 = r0 + GRID;
      const r2 = r1 + GRID;
      const r3 = r2 + GRID;
      for (let j = 0; j < GRID; j++) {
        let t = T[ti + j];
        t += d0 * folded[r0 + j];
        t += d1 * folded[r1 + j];
        t += d2 * folded[r2 + j];
        t += d3 * folded[r3 + j];
        T[ti + j] = t;
      }
    }
  }
  // B = T * D^T, folding each row of T the same way.
  const out = new Float64Array(DCT_SIDE * DCT_SIDE);
  for (let i = 0; i < DCT_SIDE; i++) {
    const ti = i * GRID;
    for (let j = 0; j < DCT_SIDE; j++) {
      const dj = j * GRID;
      let sum = 0;
      if (j % 2 === 0) for (let k = 0; k < 32; k++) sum += (T[ti + k] - T[ti + GRID - 1 - k]) * DCT_MATRIX[dj + k];
      else for (let k = 0; k < 32; k++) sum += (T[ti + k] + T[ti + GRID - 1 - k]) * DCT_MATRIX[dj + k];
      out[i * DCT_SIDE + j] = sum;
    }
  }
  return out;
}

/**
 * PDQ's image-domain quality: the sum of quantised gradients over the 64x64 image / 90, capped at 100.
 * Flat images (few edges) score low; their hashes are mostly noise and PDQ does not trust them below 50.
 * `margin` leaves that many cells out on each side (hash-image.ts: a trimmed view keeps a sliver of the
 * border it was cut from, whose edge alone would pass a flat view).
 */
export function qualityOf(image: Float32Array | Float64Array, margin = 0): number {
  let sum = 0;
  const lo = margin;
  const hi = GRID - margin;
  for (let i = lo; i < hi - 1; i++) {
    for (let j = lo; j < hi; j++) sum += Math.abs(Math.trunc(((image[i * GRID + j] - image[(i + 1) * GRID + j]) * 100) / 255));
  }
  for (let i = lo; i < hi; i++) {
    for (let j = lo; j < hi - 1; j++) sum += Math.abs(Math.trunc(((image[i * GRID + j] - image[i * GRID + j + 1]) * 100) / 255));
  }
  return Math.min(100, Math.trunc(sum / 90));
}

/** The median of 256 values (a sorted copy: 256 elements sort in microseconds). */
function median(values: Float64Array): number {
  const sorted = Float64Array.from(values).sort();
  return (sorted[127] + sorted[128]) / 2;
}

/**
 * Writes the 256 bits of one DCT block into `out` at word offset `at`: bit i*16+j is set when coefficient
 * (i, j) is above the block's median.
 */
export function writeBits(dct: Float64Array, out: Uint32Array, at = 0): void {
  const m = median(dct);
  for (let w = 0; w < HASH_WORDS; w++) out[at + w] = 0;
  for (let k = 0; k < 256; k++) if (dct[k] > m) out[at + (k >>> 5)] |= 1 << (k & 31);
}

/** The 8 dihedral transforms, in the order `dihedralBlocks` returns them. */
export const DIHEDRAL = ['original', 'rotate90', 'rotate180', 'rotate270', 'flipX', 'flipY', 'flipPlus1', 'flipMinus1'] as const;
export type Dihedral = (typeof DIHEDRAL)[number];

/**
 * The DCT block of a flipped or rotated image, from the original block. Under a mirror, a cosine basis
 * function of odd frequency changes sign; index i holds frequency i + 1, so even indices flip. A transpose
 * swaps the axes. Row index = vertical frequency: `flipX` mirrors top-bottom, `flipY` left-right.
 */
export function dihedralBlock(a: Float64Array, kind: Dihedral): Float64Array {
  const b = new Float64Array(256);
  for (let i = 0; i < DCT_SIDE; i++) {
    for (let j = 0; j < DCT_SIDE; j++) {
      const v = a[i * DCT_SIDE + j];
      switch (kind) {
        case 'original':
          b[i * 16 + j] = v;
          break;
        case 'rotate90':
          b[j * 16 + i] = j & 1 ? v : -v;
          break;
        case 'rotate180':
          b[i * 16 + j] = (i + j) & 1 ? -v : v;
          break;
        case 'rotate270':
          b[j * 16 + i] = i & 1 ? v : -v;
          break;
        case 'flipX':
          b[i * 16 + j] = i & 1 ? v : -v;
          break;
        case 'flipY':
          b[i * 16 + j] = j & 1 ? v : -v;
          break;
        case 'flipPlus1':
          b[j * 16 + i] = v;
          break;
        case 'flipMinus1':
          b[j * 16 + i] = (i + j) & 1 ? -v : v;
          break;
      }
    }
  }
  return b;
}
