import { GRID } from './dct';

// Copied once: a bundler or test transform may turn imported constants into getters, costly in hot loops.
const G = GRID;
import type { Box, LumaImage } from './luma';

interface Taps {
  start: Int32Array;
  count: Int32Array;
  weights: Float64Array;
  stride: number;
  /** Cell c is source pixel start[0] + c with weight 1 (a side already 64 px long): the pass is a copy. */
  identity: boolean;
}

/**
 * For each of the G output cells over [from, from + length), the source pixels it covers and their areas,
 * written into `into` (one per axis, reused by every call: hashing is synchronous, and a candidate's few views
 * spent more on allocating these small arrays than on filling them; hashing speed, issue 29).
 */
function taps(from: number, length: number, limit: number, into: Taps): Taps {
  const step = length / G;
  const stride = Math.ceil(step) + 2;
  if (into.weights.length < G * stride) into.weights = new Float64Array(G * stride);
  const { start, count, weights } = into;
  let identity = true;
  for (let c = 0; c < G; c++) {
    const a = from + c * step;
    const b = a + step;
    const first = Math.max(0, Math.floor(a));
    const last = Math.min(limit - 1, Math.ceil(b) - 1);
    let total = 0;
    start[c] = first;
    for (let s = first; s <= last; s++) {
      const w = Math.min(b, s + 1) - Math.max(a, s);
      weights[c * stride + (s - first)] = w > 0 ? w : 0;
      total += w > 0 ? w : 0;
    }
    count[c] = last - first + 1;
    // Normalise so that cells clipped by the image edge still average instead of darkening.
    if (total > 0) for (let s = 0; s < count[c]; s++) weights[c * stride + s] /= total;
    if (count[c] !== 1 || weights[c * stride] !== 1 || first !== start[0] + c) identity = false;
  }
  into.stride = stride;
  into.identity = identity;
  return into;
}

const newTaps = (): Taps => ({ start: new Int32Array(G), count: new Int32Array(G), weights: new Float64Array(0), stride: 0, identity: false });
const X_TAPS = newTaps();
const Y_TAPS = newTaps();

/**
 * The horizontal pass's rows, reused by every call (hashing is synchronous) and grown when a box needs more:
 * a fresh array per view was most of the garbage a candidate's hashing left (hashing speed, issue 29).
 */
let rowSums = new Float64Array(0);

/**
 * Area-averages the region `box` of `img` down (or up) to a 64x64 grid: every output cell is the mean of the
 * source area it covers, fractional pixel edges included. Written by hand because it works on a sub-rectangle
 * of an image already in memory, which lets one decode serve the whole crop pyramid. Writes into `out` when
 * given (64 x 64 values), else into a new array.
 */
export function resampleToGrid(img: LumaImage, box: Box, out = new Float32Array(G * G)): Float32Array {
  const tx = taps(box.x, box.w, img.width, X_TAPS);
  const ty = taps(box.y, box.h, img.height, Y_TAPS);
  // Locals, not property reads, in the loops (hashing speed, issue 13: property reads cost about a third of the time).
  const data = img.data;
  const width = img.width;
  const xStart = tx.start;
  const xCount = tx.count;
  const xWeights = tx.weights;
  const xStride = tx.stride;
  const yStart = ty.start;
  const yCount = ty.count;
  const yWeights = ty.weights;
  const yStride = ty.stride;
  const xCopy = tx.identity;
  const yCopy = ty.identity;
  const y0 = yStart[0];
  const y1 = yStart[G - 1] + yCount[G - 1];
  const rows = y1 - y0;
  if (rowSums.length < rows * G) rowSums = new Float64Array(rows * G);
  const tmp = rowSums;
  // Each sum starts from 0 and adds its products in source order, whichever branch computes it, so the grid
  // is bit for bit that of one plain loop. A cell covers at most three source pixels when the box is at most
  // about twice the grid (a thumbnail's views): those are written out, because a loop of two or three steps
  // costs more than its products (hashing speed, issue 29). A pass whose taps are copies multiplies by 1, so
  // it copies (`set` converts between the float types as a store does).
  for (let r = 0; r < rows; r++) {
    const src = (y0 + r) * width;
    const row = r * G;
    if (xCopy) {
      tmp.set(data.subarray(src + xStart[0], src + xStart[0] + G), row);
      continue;
    }
    for (let c = 0; c < G; c++) {
      const s0 = src + xStart[c];
      const base = c * xStride;
      const n = xCount[c];
      let sum = 0;
      if (n > 0) sum += data[s0] * xWeights[base];
      if (n > 1) sum += data[s0 + 1] * xWeights[base + 1];
      if (n > 2) sum += data[s0 + 2] * xWeights[base + 2];
      for (let k = 3; k < n; k++) sum += data[s0 + k] * xWeights[base + k];
      tmp[row + c] = sum;
    }
  }
  for (let r = 0; r < G; r++) {
    const s0 = (yStart[r] - y0) * G;
    const base = r * yStride;
    const n = yCount[r];
    const row = r * G;
    if (yCopy) {
      out.set(tmp.subarray(s0, s0 + G), row);
    } else if (n >= 1 && n <= 3) {
      const w0 = yWeights[base];
      const w1 = n > 1 ? yWeights[base + 1] : 0;
      const w2 = n > 2 ? yWeights[base + 2] : 0;
      for (let c = 0; c < G; c++) {
        let sum = 0;
        sum += tmp[s0 + c] * w0; // n >= 1
        if (n > 1) sum += tmp[s0 + G + c] * w1;
        if (n > 2) sum += tmp[s0 + 2 * G + c] * w2;
        out[row + c] = sum;
      }
    } else {
      for (let c = 0; c < G; c++) {
        let sum = 0;
        for (let k = 0; k < n; k++) sum += tmp[s0 + k * G + c] * yWeights[base + k];
        out[row + c] = sum;
      }
    }
  }
  return out;
}

/**
 * The image rotated by `degrees` about its centre and zoomed just enough that no empty corner shows
 * ("cropped to fill"), at the same size, sampled bilinearly. Reposts straightened or tilted in an editor look
 * like this.
 */
export function rotateToFill(img: LumaImage, degrees: number): LumaImage {
  const t = (Math.abs(degrees) * Math.PI) / 180;
  const { width: w, height: h } = img;
  // Largest centred w*s x h*s rectangle that, rotated back, stays inside the source.
  const s = Math.min(w / (w * Math.cos(t) + h * Math.sin(t)), h / (w * Math.sin(t) + h * Math.cos(t)));
  return rotate(img, degrees, s);
}

/**
 * The image rotated by `degrees` inside its own frame, the corners it uncovers filled with `fill`: what a
 * "rotate" in most editors and repost tools produces when it keeps the canvas.
 */
export function rotateInFrame(img: LumaImage, degrees: number, fill: number): LumaImage {
  return rotate(img, degrees, 1, fill);
}

/** Rotation about the centre with source scale `s`; outside samples take `fill`, or the nearest edge pixel. */
function rotate(img: LumaImage, degrees: number, s: number, fill?: number): LumaImage {
  const { width: w, height: h, data } = img;
  const a = (degrees * Math.PI) / 180;
  const ca = Math.cos(a) * s;
  const sa = Math.sin(a) * s;
  const cx = (w - 1) / 2;
  const cy = (h - 1) / 2;
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const dy = y - cy;
    for (let x = 0; x < w; x++) {
      const dx = x - cx;
      let sx = cx + ca * dx - sa * dy;
      let sy = cy + sa * dx + ca * dy;
      if (fill !== undefined && (sx < -0.5 || sx > w - 0.5 || sy < -0.5 || sy > h - 0.5)) {
        out[y * w + x] = fill;
        continue;
      }
      sx = sx < 0 ? 0 : sx > w - 1 ? w - 1 : sx;
      sy = sy < 0 ? 0 : sy > h - 1 ? h - 1 : sy;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const x1 = x0 + 1 < w ? x0 + 1 : x0;
      const y1 = y0 + 1 < h ? y0 + 1 : y0;
      const fx = sx - x0;
      const fy = sy - y0;
      const top = data[y0 * w + x0] * (1 - fx) + data[y0 * w + x1] * fx;
      const bottom = data[y1 * w + x0] * (1 - fx) + data[y1 * w + x1] * fx;
      out[y * w + x] = top * (1 - fy) + bottom * fy;
    }
  }
  return { data: out, width: w, height: h };
}
