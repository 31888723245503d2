import type { Box, LumaImage } from './luma';

/**
 * Luma levels either side of a line's dominant level that still count as that level: JPEG noise on flat
 * UI colour stays within it, while the smooth gradients of a photo (sky, skin, bokeh) do not.
 */
const TOLERANCE = 3;
/** A line is frame when at least this share of it sits at one level: borders, bars, captions, UI chrome. */
const FRAME_SHARE = 0.6;
/** The content box must keep at least this share of each side, or the trim is not trusted. */
const MIN_SIDE_SHARE = 0.15;

/**
 * True when most of the line (row or column) between `from` and `to` sits at one luma level: the densest
 * window of 2 * TOLERANCE + 1 levels in the line's histogram. `hist` is all zeros on entry and is left so.
 * Only the levels the line holds are scanned: a window ending outside [lowest, highest + 2 * TOLERANCE]
 * holds no pixel, so the densest window is the one a scan of all 256 levels finds (hashing speed, issue 29:
 * a 64-pixel line no longer pays for 259 histogram steps).
 */
function isFrameLine(img: LumaImage, index: number, from: number, to: number, horizontal: boolean, hist: Int32Array): boolean {
  const { data, width } = img;
  let lowest = 255;
  let highest = 0;
  if (horizontal) {
    const row = index * width;
    for (let x = from; x < to; x++) {
      const v = data[row + x] | 0;
      hist[v]++;
      if (v < lowest) lowest = v;
      if (v > highest) highest = v;
    }
  } else {
    for (let y = from; y < to; y++) {
      const v = data[y * width + index] | 0;
      hist[v]++;
      if (v < lowest) lowest = v;
      if (v > highest) highest = v;
    }
  }
  let best = 0;
  let window = 0;
  const last = Math.min(highest + 2 * TOLERANCE, 255 + TOLERANCE);
  for (let b = lowest; b <= last; b++) {
    if (b < 256) window += hist[b];
    if (b - 2 * TOLERANCE - 1 >= lowest) window -= hist[b - 2 * TOLERANCE - 1];
    if (window > best) best = window;
  }
  if (lowest <= highest) hist.fill(0, lowest, highest + 1);
  return best >= FRAME_SHARE * (to - from);
}

/** The line histogram of `contentBox` (hashing is synchronous, so one per process is enough). */
const LINE_HIST = new Int32Array(256);

/**
 * The box of the picture inside uniform borders: peels rows and columns from each side while most of the
 * line sits at one luma level. This undoes letterboxing and padding of any colour and plain bars with
 * sparse text; it does the same to the reference, so a flat band at the edge of a photo is peeled on both
 * sides alike. Returns the whole image when what is left would be too small to trust.
 */
export function contentBox(img: LumaImage): Box {
  const hist = LINE_HIST; // zeros between lines and between calls: isFrameLine clears what it counts
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

/** Levels around a border colour that still count as that colour when filling the background. */
const FILL_TOLERANCE = 4;
/** A border colour is background when at least this share of the border pixels has it. */
const BORDER_COLOUR_SHARE = 0.08;

/**
 * Connected components as parallel arrays, component i at index i in the order of its first run: its area,
 * and its bounding box [x0, x1) x [y0, y1). Typed arrays rather than an
 * object per component: a noisy mask has thousands of one-pixel components (hashing speed, issue 29).
 */
interface Components {
  count: number;
  area: Int32Array;
  x0: Int32Array;
  y0: Int32Array;
  x1: Int32Array;
  y1: Int32Array;
}

/**
 * Scratch arrays reused by every call of `pictureBox` (hashing is synchronous, so one set per process is
 * enough), grown when an image needs more: hashing a candidate used to allocate and zero about 13 bytes per
 * pixel here (with the resample's buffers, garbage collection fell from 2.2% to 0.4% of a profile of thumbnail
 * hashing once they were reused; hashing speed, issue 29).
 */
class Scratch {
  private arrays = new Map<string, Int32Array>();
  /** An Int32Array of at least `length` elements, contents undefined. */
  get(name: string, length: number): Int32Array {
    let a = this.arrays.get(name);
    if (!a || a.length < length) {
      a = new Int32Array(Math.max(length, 2 * (a?.length ?? 0)));
      this.arrays.set(name, a);
    }
    return a;
  }
}
const scratch = new Scratch();

/**
 * Two pixel-mark arrays that need no clearing between calls: a pixel is marked for a fill when it holds the
 * fill's number, and every fill takes a number no earlier fill used (`next`). Both are replaced by zeroed
 * arrays when the numbers would run out or an image needs more pixels, so an old number never comes back.
 */
class Marks {
  visited = new Int32Array(0);
  background = new Int32Array(0);
  private last = 0;
  /** Makes room for `n` pixels. */
  reserve(n: number): void {
    if (this.visited.length >= n && this.last < 0x7fff0000) return;
    this.visited = new Int32Array(Math.max(n, this.visited.length));
    this.background = new Int32Array(this.visited.length);
    this.last = 0;
  }
  next(): number {
    return ++this.last;
  }
}
const marks = new Marks();

/**
 * Connected components of the pixels of a `w` x `h` image that are NOT marked `background` in `marked`
 * (8-connected when `eight`), by runs: each row is cut into runs of such pixels and overlapping runs of
 * neighbouring rows are joined with union-find. Much faster in JavaScript than labelling every pixel by
 * flood fill. The arrays returned are scratch, valid until the next call.
 */
function components(marked: Int32Array, background: number, w: number, h: number, eight: boolean): Components {
  // y, start, end triplets; a row holds at most ceil(w / 2) runs.
  const runs = scratch.get('runs', 3 * h * ((w + 1) >> 1));
  let filled = 0;
  const rowFirst = scratch.get('rowFirst', h + 1);
  for (let y = 0; y < h; y++) {
    rowFirst[y] = filled / 3;
    const row = y * w;
    let x = 0;
    while (x < w) {
      while (x < w && marked[row + x] === background) x++;
      if (x >= w) break;
      const start = x;
      while (x < w && marked[row + x] !== background) x++;
      runs[filled++] = y;
      runs[filled++] = start;
      runs[filled++] = x;
    }
  }
  const count = filled / 3;
  rowFirst[h] = count;
  const parent = scratch.get('parent', count);
  for (let i = 0; i < count; i++) parent[i] = i;
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]];
      i = parent[i];
    }
    return i;
  };
  const ext = eight ? 1 : 0;
  for (let y = 1; y < h; y++) {
    let a = rowFirst[y - 1];
    let b = rowFirst[y];
    const aEnd = rowFirst[y];
    const bEnd = rowFirst[y + 1];
    while (a < aEnd && b < bEnd) {
      const as = runs[a * 3 + 1];
      const ae = runs[a * 3 + 2];
      const bs = runs[b * 3 + 1];
      const be = runs[b * 3 + 2];
      if (as < be + ext && bs < ae + ext) {
        const ra = find(a);
        const rb = find(b);
        if (ra !== rb) parent[ra] = rb;
      }
      if (ae < be) a++;
      else b++;
    }
  }
  const index = scratch.get('index', count).fill(-1, 0, count);
  const area = scratch.get('area', count).fill(0, 0, count);
  const x0 = scratch.get('x0', count);
  const y0 = scratch.get('y0', count);
  const x1 = scratch.get('x1', count).fill(0, 0, count);
  const y1 = scratch.get('y1', count).fill(0, 0, count);
  let n = 0;
  for (let r = 0; r < count; r++) {
    const root = find(r);
    if (index[root] < 0) {
      index[root] = n;
      x0[n] = w;
      y0[n] = h;
      n++;
    }
    const c = index[root];
    const y = runs[r * 3];
    const start = runs[r * 3 + 1];
    const end = runs[r * 3 + 2];
    area[c] += end - start;
    if (start < x0[c]) x0[c] = start;
    if (end > x1[c]) x1[c] = end;
    if (y < y0[c]) y0[c] = y;
    if (y + 1 > y1[c]) y1[c] = y + 1;
  }
  return { count: n, area, x0, y0, x1, y1 };
}

/**
 * The box of the largest picture-like block: the background is every region, connected to the image
 * border, of a colour that covers a good share of the border (to within a few levels); the largest
 * connected block of what remains is the picture. Unlike `contentBox` it is not stopped by chrome that is not
 * uniform (icons, text, a sidebar, a title bar), so it finds a photo inside a phone or browser screenshot
 * however small; a photo without borders has no background and stays whole. Applied to both sides, it finds
 * the same block in a reference and in its copy.
 */
export function pictureBox(img: LumaImage): Box {
  const { width: w, height: h, data } = img;
  const whole = { x: 0, y: 0, w, h };
  const n = w * h;
  const hist = scratch.get('hist', 256).fill(0, 0, 256);
  // Top row, bottom row, then the left and right columns between them.
  const level = (i: number) => Math.max(0, Math.min(255, Math.round(data[i])));
  for (let x = 0; x < w; x++) {
    hist[level(x)]++;
    hist[level((h - 1) * w + x)]++;
  }
  for (let y = 1; y < h - 1; y++) {
    hist[level(y * w)]++;
    hist[level(y * w + w - 1)]++;
  }
  const borderCount = 2 * w + 2 * Math.max(0, h - 2);
  // Flat UI colour and padding sit within a level or two (JPEG noise); a photo's edge spreads over many.
  const seeds: number[] = [];
  for (let v = 0; v < 256; v++) {
    if (hist[v] === 0) continue;
    const count = hist[v] + (v > 0 ? hist[v - 1] : 0) + (v < 255 ? hist[v + 1] : 0);
    const isPeak = (v === 0 || hist[v] >= hist[v - 1]) && (v === 255 || hist[v] > hist[v + 1]);
    if (isPeak && count >= BORDER_COLOUR_SHARE * borderCount && !seeds.some((s) => Math.abs(s - v) <= FILL_TOLERANCE)) seeds.push(v);
  }
  if (seeds.length === 0) return whole;
  // Background: regions of a seed colour (4-connected) that touch the border, filled from the border pixels
  // of that colour. A fill visits only the background it finds, where cutting the whole image into
  // components per seed cost a pass over every pixel per seed (hashing speed, issue 29); the set is the same.
  // `visited` holds a seed's mark once a pixel is filled for it, `background` this call's mark once a pixel
  // is filled for any seed (see `Marks`).
  marks.reserve(n);
  const { visited, background } = marks;
  const isBackground = marks.next();
  // A span fill pushes at most one pixel per run of a neighbouring row: at most 2 per filled pixel, plus the
  // border pixels it starts from.
  const stack = scratch.get('stack', 2 * n + 2 * (w + h));
  let filled = 0;
  // A scanline (span) fill, with no closures in its loops (a per-call closure stays slow): it fills each row's
  // run of the seed colour at once and looks for new runs only in the rows above and below, where a fill pixel
  // by pixel paid a division and four neighbour tests for every pixel (hashing speed, issue 29). Both fill
  // the same connected set.
  for (let k = 0; k < seeds.length; k++) {
    const seed = seeds[k];
    const mark = marks.next();
    let top = 0;
    for (let e = 0; e < 2 * (w + h); e++) {
      // The border pixels: top row, bottom row, left column, right column.
      const i = e < w ? e : e < 2 * w ? (h - 1) * w + e - w : e < 2 * w + h ? (e - 2 * w) * w : (e - 2 * w - h) * w + w - 1;
      const v = data[i];
      if (v - seed <= FILL_TOLERANCE && seed - v <= FILL_TOLERANCE) stack[top++] = i;
    }
    while (top > 0) {
      const i = stack[--top];
      if (visited[i] === mark) continue;
      const row = i - (i % w);
      let left = i;
      while (left > row && visited[left - 1] !== mark && data[left - 1] - seed <= FILL_TOLERANCE && seed - data[left - 1] <= FILL_TOLERANCE) left--;
      let right = i;
      while (right < row + w - 1 && visited[right + 1] !== mark && data[right + 1] - seed <= FILL_TOLERANCE && seed - data[right + 1] <= FILL_TOLERANCE) right++;
      for (let j = left; j <= right; j++) {
        visited[j] = mark;
        if (background[j] !== isBackground) {
          background[j] = isBackground;
          filled++;
        }
      }
      // One pixel per run of unfilled seed colour in the rows above and below the span.
      for (let side = 0; side < 2; side++) {
        const offset = side === 0 ? -w : w;
        if (row + offset < 0 || row + offset >= n) continue;
        let inRun = false;
        for (let j = left + offset; j <= right + offset; j++) {
          if (visited[j] !== mark && data[j] - seed <= FILL_TOLERANCE && seed - data[j] <= FILL_TOLERANCE) {
            if (!inRun) stack[top++] = j;
            inRun = true;
          } else {
            inRun = false;
          }
        }
      }
    }
  }
  // A photo whose border has a dominant colour but no frame (a black night sky, a white backdrop) fills
  // little: nothing to cut.
  if (filled < 0.02 * n) return whole;
  const blocks = components(background, isBackground, w, h, true);
  if (blocks.count === 0) return whole;
  let best = 0;
  for (let c = 1; c < blocks.count; c++) if (blocks.area[c] > blocks.area[best]) best = c;
  const bw = blocks.x1[best] - blocks.x0[best];
  const bh = blocks.y1[best] - blocks.y0[best];
  if (bw < MIN_SIDE_SHARE * w || bh < MIN_SIDE_SHARE * h || bw < 8 || bh < 8) return whole;
  return { x: blocks.x0[best], y: blocks.y0[best], w: bw, h: bh };
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
