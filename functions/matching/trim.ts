import type { Box, LumaImage } from './luma';

/**
 * Luma levels either side of a line's dominant level that still count as that level: JPEG noise on flat
 * UI colour stays within it, while the smooth gradients of a photo (sky, skin, bokeh) do not.
 */
const TOLERANCE = Number(process.env.TRIM_TOL ?? 3);
/** A line is frame when at least this share of it sits at one level: borders, bars, captions, UI chrome. */
const FRAME_SHARE = Number(process.env.TRIM_SHARE ?? 0.6);
/** The content box must keep at least this share of each side, or the trim is not trusted. */
const MIN_SIDE_SHARE = 0.15;
const BINS = 256;

/**
 * True when most of the line (row or column) between `from` and `to` sits at one luma level. Uses a
 * 64-bin histogram and the densest window of +-TOLERANCE levels around a bin.
 */
function isFrameLine(img: LumaImage, index: number, from: number, to: number, horizontal: boolean, hist: Int32Array): boolean {
  hist.fill(0);
  const { data, width } = img;
  if (horizontal) {
    const row = index * width;
    for (let x = from; x < to; x++) hist[(data[row + x] * BINS) >> 8]++;
  } else {
    for (let y = from; y < to; y++) hist[(data[y * width + index] * BINS) >> 8]++;
  }
  const reach = Math.round((TOLERANCE * BINS) / 256);
  let best = 0;
  let window = 0;
  for (let b = 0; b < BINS + reach; b++) {
    if (b < BINS) window += hist[b];
    if (b - 2 * reach - 1 >= 0) window -= hist[b - 2 * reach - 1];
    if (window > best) best = window;
  }
  return best >= FRAME_SHARE * (to - from);
}

/**
 * The box of the picture inside uniform borders and frames: peels rows and columns from each side while
 * most of the line sits at one luma level. This undoes letterboxing and padding of any colour and most
 * screenshot chrome (status bars, title bars, captions with sparse text), and it does the same to the
 * reference, so a flat sky at the top of a photo is peeled on both sides alike. Returns the whole image when
 * what is left would be too small to trust.
 */
export function contentBox(img: LumaImage): Box {
  const hist = new Int32Array(BINS);
  let top = 0;
  let bottom = img.height;
  let left = 0;
  let right = img.width;
  // Two rounds: side margins only become uniform lines once the bars above and below are gone, and back.
  for (let round = 0; round < 2; round++) {
    while (bottom - top > 1 && isFrameLine(img, top, left, right, true, hist)) top++;
    while (bottom - top > 1 && isFrameLine(img, bottom - 1, left, right, true, hist)) bottom--;
    while (right - left > 1 && isFrameLine(img, left, top, bottom, false, hist)) left++;
    while (right - left > 1 && isFrameLine(img, right - 1, top, bottom, false, hist)) right--;
  }
  const w = right - left;
  const h = bottom - top;
  if (w < MIN_SIDE_SHARE * img.width || h < MIN_SIDE_SHARE * img.height || w < 8 || h < 8) {
    return { x: 0, y: 0, w: img.width, h: img.height };
  }
  return { x: left, y: top, w, h };
}

/** For each line (rows when `horizontal`), whether it is picture (1) or frame (0), between `from` and `to`. */
function pictureLines(img: LumaImage, horizontal: boolean, from: number, to: number, hist: Int32Array): Uint8Array {
  const n = horizontal ? img.height : img.width;
  const flags = new Uint8Array(n);
  for (let i = 0; i < n; i++) flags[i] = isFrameLine(img, i, from, to, horizontal, hist) ? 0 : 1;
  return flags;
}

/** The longest span of picture lines, bridging frame gaps of at most `gap` lines (flat bands inside a photo). */
function longestRun(flags: Uint8Array, gap: number): [number, number] {
  let best: [number, number] = [0, 0];
  let start = -1;
  let lastPicture = -1;
  for (let i = 0; i <= flags.length; i++) {
    const picture = i < flags.length && flags[i] === 1;
    if (picture) {
      if (start < 0 || i - lastPicture - 1 > gap) start = i;
      lastPicture = i;
      if (lastPicture + 1 - start > best[1] - best[0]) best = [start, lastPicture + 1];
    }
  }
  return best;
}

/**
 * The box of the largest picture-like block: the longest run of picture rows, then within it the longest
 * run of picture columns, then rows again within those columns. Unlike `contentBox` it is not stopped by
 * chrome that is not uniform (icons, text, a sidebar), so it finds a photo inside a phone or browser
 * screenshot; applied to both sides, it finds the same block in a reference and in its copy.
 */
export function pictureBox(img: LumaImage): Box {
  const hist = new Int32Array(BINS);
  let top = 0;
  let bottom = img.height;
  let left = 0;
  let right = img.width;
  for (let round = 0; round < 2; round++) {
    if (process.env.TRIM_DEBUG) console.log('rows', Array.from(pictureLines(img, true, left, right, hist)).join(''));
    [top, bottom] = longestRun(pictureLines(img, true, left, right, hist), Math.max(1, Math.round(0.015 * img.height)));
    if (bottom - top < 8) break;
    const cols = pictureLines(img, false, top, bottom, hist);
    if (process.env.TRIM_DEBUG) console.log('cols', top, bottom, Array.from(cols).join(''));
    [left, right] = longestRun(cols, Math.max(1, Math.round(0.015 * img.width)));
    if (right - left < 8) break;
  }
  const w = right - left;
  const h = bottom - top;
  if (w < MIN_SIDE_SHARE * img.width || h < MIN_SIDE_SHARE * img.height || w < 8 || h < 8) {
    return { x: 0, y: 0, w: img.width, h: img.height };
  }
  return { x: left, y: top, w, h };
}

/** True when two boxes are the same to within 2% of the image on every edge. */
export function sameBox(img: LumaImage, a: Box, b: Box): boolean {
  const tx = 0.02 * img.width;
  const ty = 0.02 * img.height;
  return Math.abs(a.x - b.x) <= tx && Math.abs(a.x + a.w - b.x - b.w) <= tx && Math.abs(a.y - b.y) <= ty && Math.abs(a.y + a.h - b.y - b.h) <= ty;
}

/** True when `box` leaves out a visible part of the image (more than 2% of a side). */
export function isTrimmed(img: LumaImage, box: Box): boolean {
  return box.w < 0.98 * img.width || box.h < 0.98 * img.height;
}
