import sharp from 'sharp';
import { GRID, dct64To16, qualityOf, writeBits } from '../../functions/matching/dct';
import { lumaFromPixels, type LumaImage } from '../../functions/matching/luma';

/**
 * PDQ as Meta publishes it, for comparison: luma, two X/Y passes of Jarosz box filters (a tent), decimation
 * to 64x64, DCT, median bits; one hash per image, match at distance 31 or less. Like the common ports, the
 * image is first brought to at most 512 px (the reference C++ reads it in full; the filter then makes the
 * same 64x64 to within rounding).
 */
export const PDQ_THRESHOLD = 31;

function box1d(input: Float64Array, output: Float64Array, offset: number, length: number, stride: number, window: number): void {
  const half = Math.floor((window + 2) / 2);
  const p1 = half - 1;
  const p2 = window - half + 1;
  const p3 = length - window;
  const p4 = half - 1;
  let li = offset;
  let ri = offset;
  let oi = offset;
  let sum = 0;
  let size = 0;
  for (let i = 0; i < p1; i++, ri += stride) {
    sum += input[ri];
    size++;
  }
  for (let i = 0; i < p2; i++, ri += stride, oi += stride) {
    sum += input[ri];
    size++;
    output[oi] = sum / size;
  }
  for (let i = 0; i < p3; i++, li += stride, ri += stride, oi += stride) {
    sum += input[ri] - input[li];
    output[oi] = sum / size;
  }
  for (let i = 0; i < p4; i++, li += stride, oi += stride) {
    sum -= input[li];
    size--;
    output[oi] = sum / size;
  }
}

/** PDQ's downsampler: Jarosz tent filter, then sampling at block centres. */
export function jaroszTo64(img: LumaImage): Float64Array {
  const { width: cols, height: rows } = img;
  const a = Float64Array.from(img.data);
  const b = new Float64Array(a.length);
  const wr = Math.floor((cols + 2 * GRID - 1) / (2 * GRID));
  const wc = Math.floor((rows + 2 * GRID - 1) / (2 * GRID));
  for (let pass = 0; pass < 2; pass++) {
    for (let i = 0; i < rows; i++) box1d(a, b, i * cols, cols, 1, wr);
    for (let j = 0; j < cols; j++) box1d(b, a, j, rows, cols, wc);
  }
  const out = new Float64Array(GRID * GRID);
  for (let i = 0; i < GRID; i++) {
    const si = Math.floor(((i + 0.5) * rows) / GRID);
    for (let j = 0; j < GRID; j++) out[i * GRID + j] = a[si * cols + Math.floor(((j + 0.5) * cols) / GRID)];
  }
  return out;
}

/** One PDQ hash (8 words) and its quality. */
export async function pdqHash(input: Buffer): Promise<{ hash: Uint32Array; quality: number }> {
  const { data, info } = await sharp(input)
    .rotate()
    .flatten({ background: '#ffffff' })
    .resize({ width: 512, height: 512, fit: 'inside', withoutEnlargement: true })
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  const grid = jaroszTo64(lumaFromPixels(data, info.width, info.height, info.channels));
  const hash = new Uint32Array(8);
  writeBits(dct64To16(grid), hash);
  return { hash, quality: qualityOf(grid) };
}
