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
const T_SUM = new Float64Array(32);
const T_DIFF = new Float64Array(32);

/**
 * The kept 16x16 DCT block of a 64x64 image (row-major, 4096 values), as D * A * D^T computing only the
 * needed rows. Each cosine row is symmetric (even frequency) or antisymmetric (odd frequency) about the
 * middle, so both products fold the 64 samples into 32 sums or differences first: half the multiplications.
 *
 * Every coefficient is a sum of products added one after another in k's order, starting from 0, so every
 * block (and every hash) is bit for bit that of the plain triple loop; the loops are only arranged so that
 * each value is loaded once for as many products as possible (hashing speed, issues 13 and 29).
 */
export function dct64To16(image: Float32Array | Float64Array): Float64Array {
  // Locals, not module bindings, in the loops.
  const sum = SUM;
  const diff = DIFF;
  const t = T;
  const d = DCT_MATRIX;
  // Fold rows k and 63-k of A (sequential memory access).
  for (let k = 0; k < 32; k++) {
    const a = k * GRID;
    const b = (GRID - 1 - k) * GRID;
    for (let j = 0; j < GRID; j++) {
      const x = image[a + j];
      const y = image[b + j];
      sum[a + j] = x + y;
      diff[a + j] = x - y;
    }
  }
  // T = D * A. Frequency i + 1 is odd for even i: those rows are antisymmetric and use the differences. The four
  // rows of D that read the same folded rows (i, i + 2, i + 4, i + 6) go together, four folded rows per pass: each
  // folded value loaded serves sixteen products, each T cell is loaded and stored once per four.
  t.fill(0);
  for (let half = 0; half < DCT_SIDE; half += 8) {
    for (let odd = 0; odd < 2; odd++) {
      const folded = odd === 0 ? diff : sum;
      const ra = (half + odd) * GRID;
      const rb = ra + 2 * GRID;
      const rc = rb + 2 * GRID;
      const rd = rc + 2 * GRID;
      for (let k = 0; k < 32; k += 4) {
        const a0 = d[ra + k];
        const a1 = d[ra + k + 1];
        const a2 = d[ra + k + 2];
        const a3 = d[ra + k + 3];
        const b0 = d[rb + k];
        const b1 = d[rb + k + 1];
        const b2 = d[rb + k + 2];
        const b3 = d[rb + k + 3];
        const c0 = d[rc + k];
        const c1 = d[rc + k + 1];
        const c2 = d[rc + k + 2];
        const c3 = d[rc + k + 3];
        const d0 = d[rd + k];
        const d1 = d[rd + k + 1];
        const d2 = d[rd + k + 2];
        const d3 = d[rd + k + 3];
        const r = k * GRID;
        for (let j = 0; j < GRID; j++) {
          const f0 = folded[r + j];
          const f1 = folded[r + GRID + j];
          const f2 = folded[r + 2 * GRID + j];
          const f3 = folded[r + 3 * GRID + j];
          let ta = t[ra + j];
          ta += a0 * f0;
          ta += a1 * f1;
          ta += a2 * f2;
          ta += a3 * f3;
          t[ra + j] = ta;
          let tb = t[rb + j];
          tb += b0 * f0;
          tb += b1 * f1;
          tb += b2 * f2;
          tb += b3 * f3;
          t[rb + j] = tb;
          let tc = t[rc + j];
          tc += c0 * f0;
          tc += c1 * f1;
          tc += c2 * f2;
          tc += c3 * f3;
          t[rc + j] = tc;
          let td = t[rd + j];
          td += d0 * f0;
          td += d1 * f1;
          td += d2 * f2;
          td += d3 * f3;
          t[rd + j] = td;
        }
      }
    }
  }
  // B = T * D^T, each row of T folded once into sums and differences, two columns of B at a time.
  const tSum = T_SUM;
  const tDiff = T_DIFF;
  const out = new Float64Array(DCT_SIDE * DCT_SIDE);
  for (let i = 0; i < DCT_SIDE; i++) {
    const ti = i * GRID;
    for (let k = 0; k < 32; k++) {
      const x = t[ti + k];
      const y = t[ti + GRID - 1 - k];
      tSum[k] = x + y;
      tDiff[k] = x - y;
    }
    for (let j = 0; j < DCT_SIDE; j += 2) {
      const even = j * GRID;
      const odd = even + GRID;
      let a = 0;
      let b = 0;
      for (let k = 0; k < 32; k++) {
        a += tDiff[k] * d[even + k];
        b += tSum[k] * d[odd + k];
      }
      out[i * DCT_SIDE + j] = a;
      out[i * DCT_SIDE + j + 1] = b;
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
  // One pass over the rows: each cell's gradient to the cell to its right and to the cell below. Each term is
  // an integer (`| 0` truncates like Math.trunc below 2^31; these are at most 100), so the sum is exact in any
  // order.
  let sum = 0;
  const lo = margin;
  const hi = GRID - margin;
  for (let i = lo; i < hi; i++) {
    const row = i * GRID;
    const below = row + GRID;
    for (let j = lo; j < hi - 1; j++) {
      const v = image[row + j];
      sum += Math.abs((((v - image[row + j + 1]) * 100) / 255) | 0);
      if (i < hi - 1) sum += Math.abs((((v - image[below + j]) * 100) / 255) | 0);
    }
    if (i < hi - 1) sum += Math.abs((((image[row + hi - 1] - image[below + hi - 1]) * 100) / 255) | 0);
  }
  return Math.min(100, Math.trunc(sum / 90));
}

/** Where `median` partitions its copy of the block. */
const SCRATCH = new Float64Array(DCT_SIDE * DCT_SIDE);

/**
 * The median of 256 values: the mean of the 128th and 129th smallest. Found by selection (Hoare's quickselect)
 * on a copy, not by sorting it: the two order statistics are the same values whatever finds them, and a sort of
 * every view's block was a tenth of a candidate's hashing (hashing speed, issue 29).
 */
function median(values: Float64Array): number {
  const a = SCRATCH;
  a.set(values);
  const k = 128;
  let lo = 0;
  let hi = a.length - 1;
  // Invariant: everything left of lo <= everything in [lo, hi] <= everything right of hi, and k is in [lo, hi].
  while (lo < hi) {
    const pivot = a[(lo + hi) >> 1];
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i] < pivot) i++;
      while (a[j] > pivot) j--;
      if (i <= j) {
        const t = a[i];
        a[i] = a[j];
        a[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else break;
  }
  // a[k] is the 129th smallest and nothing left of it is larger: the 128th smallest is the largest of those.
  let below = a[0];
  for (let i = 1; i < k; i++) if (a[i] > below) below = a[i];
  return (below + a[k]) / 2;
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
