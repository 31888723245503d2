import type { Box, LumaImage } from './luma';

/**
 * Finding a picture-in-picture inset in a video from the persistence of its edges.
 *
 * A clip shown at a reduced size over another clip keeps the same rectangle in every frame while the
 * content on both sides of its edges changes; the edges inside either picture move or come and go with
 * cuts and pans. So the share of frames in which a pixel sits on a strong luma step (its *persistence*)
 * is high along the inset's four sides and low elsewhere once a few different shots have passed. A still
 * photo has no such signal, which is why this exists for video only. Written here because no maintained
 * library on the npm registry detects insets; OpenCV's line detectors see one frame at a time.
 */

/** A luma step (across two pixels, 0..255) at least this large is an edge in one frame. */
const EDGE_STEP = 14;
/** A side of a rectangle is persistent when its pixels are edges in at least this share of the frames, on average. */
const MIN_SIDE_PERSISTENCE = 0.6;
/** Candidate lines: columns (rows) with a run of persistent pixels at least this share of the frame's height (width). */
const MIN_RUN_SHARE = 0.2;
/** How many candidate columns and rows are kept (the strongest runs). */
const MAX_LINES = 10;
/** An inset keeps at least this share, and at most this share, of each side of the frame. */
const MIN_SIDE_SHARE = 0.25;
const MAX_SIDE_SHARE = 0.9;
/**
 * A side must also stand out from the lines parallel to it OFFSET pixels either side by this much
 * persistence: an inset's edge is a thin line, whereas a texture (gravel, a grid, a pattern panned across)
 * keeps edges everywhere.
 */
const MIN_SIDE_CONTRAST = 0.3;
const OFFSET = 3;
/** Frames that must differ for persistence to mean anything (a static shot proves nothing). */
export const MIN_FRAMES = 3;

/**
 * Per-pixel persistence of vertical edges (steps along x) and horizontal edges (steps along y): the share of
 * the frames in which the pixel sits on a luma step of at least EDGE_STEP. Computed once per clip and read by
 * both `persistentInset` and `staticOverlays` (overlay.ts).
 */
export interface EdgePersistence {
  vertical: Float32Array;
  horizontal: Float32Array;
  width: number;
  height: number;
  /** How many frames it was measured over. */
  frames: number;
}

/** The edge persistence of frames all of the same size (see `EdgePersistence`). */
export function edgePersistence(frames: LumaImage[]): EdgePersistence {
  const { width, height } = frames[0] ?? { width: 0, height: 0 };
  const vertical = new Float32Array(width * height);
  const horizontal = new Float32Array(width * height);
  for (const { data } of frames) {
    for (let y = 1; y < height - 1; y++) {
      for (let x = 1; x < width - 1; x++) {
        const i = y * width + x;
        // The step is taken across two pixels and assigned to the middle one, so an edge blurred over a
        // pixel boundary (scaling, compression) still lands on one line.
        if (Math.abs(data[i + 1] - data[i - 1]) >= EDGE_STEP) vertical[i]++;
        if (Math.abs(data[i + width] - data[i - width]) >= EDGE_STEP) horizontal[i]++;
      }
    }
  }
  for (let i = 0; i < vertical.length; i++) {
    vertical[i] /= frames.length;
    horizontal[i] /= frames.length;
  }
  return { vertical, horizontal, width, height, frames: frames.length };
}

/**
 * The strongest candidate lines: for each line (a column when `alongY`, else a row) the longest run of
 * pixels persistent in at least MIN_SIDE_PERSISTENCE of the frames, allowing gaps of 3 pixels; lines whose
 * run reaches MIN_RUN_SHARE of their length, best first, at most MAX_LINES, neighbours of a kept line skipped.
 */
function candidateLines(p: Float32Array, width: number, height: number, alongY: boolean): number[] {
  const lines = alongY ? width : height;
  const length = alongY ? height : width;
  const runs: { line: number; run: number }[] = [];
  for (let l = 1; l < lines - 1; l++) {
    let best = 0;
    let start = -1;
    let gap = 0;
    for (let k = 1; k < length - 1; k++) {
      const v = alongY ? p[k * width + l] : p[l * width + k];
      if (v >= MIN_SIDE_PERSISTENCE) {
        if (start < 0) start = k;
        gap = 0;
        best = Math.max(best, k - start + 1);
      } else if (start >= 0 && ++gap > 3) {
        start = -1;
        gap = 0;
      }
    }
    if (best >= MIN_RUN_SHARE * length) runs.push({ line: l, run: best });
  }
  runs.sort((a, b) => b.run - a.run);
  const kept: number[] = [];
  for (const r of runs) {
    if (kept.length >= MAX_LINES) break;
    if (!kept.some((k) => Math.abs(k - r.line) <= 2)) kept.push(r.line);
  }
  return kept;
}

/** Mean persistence along a column x from y0 to y1 (or a row y from x0 to x1), read from prefix sums. */
function prefixAlong(p: Float32Array, width: number, height: number, alongY: boolean): Float64Array[] {
  const lines = alongY ? width : height;
  const length = alongY ? height : width;
  const out: Float64Array[] = [];
  for (let l = 0; l < lines; l++) {
    const s = new Float64Array(length + 1);
    for (let k = 0; k < length; k++) s[k + 1] = s[k] + (alongY ? p[k * width + l] : p[l * width + k]);
    out.push(s);
  }
  return out;
}

/**
 * The inset of a clip, if it has one: the rectangle whose sides are the most persistent edges over the
 * frames (at least MIN_FRAMES of them). A side may lie on the frame's border (an
 * inset in a corner) but at least one vertical and one horizontal side must be edges, each persistent in
 * MIN_SIDE_PERSISTENCE of the frames along its whole length and standing out from its neighbours. Each side keeps 25% to 90% of the frame's.
 * Returns the box in pixels of the frames, or undefined.
 */
export function persistentInset({ vertical, horizontal, width, height, frames }: EdgePersistence): Box | undefined {
  if (frames < MIN_FRAMES) return undefined;
  const xs = candidateLines(vertical, width, height, true);
  const ys = candidateLines(horizontal, width, height, false);
  if (xs.length === 0 || ys.length === 0) return undefined;
  const cols = prefixAlong(vertical, width, height, true);
  const rows = prefixAlong(horizontal, width, height, false);
  // Border positions stand for a side on the frame's edge (no edge to see there).
  const xOptions = [0, ...xs, width];
  const yOptions = [0, ...ys, height];
  const mean = (prefix: Float64Array[], line: number, from: number, to: number) => (prefix[line][to] - prefix[line][from]) / Math.max(1, to - from);
  /**
   * A side on `line` (or the line either side of it, where the edge is sharpest: a candidate line is placed
   * by its longest run, which a blurred edge can put a pixel off): its persistence and where it lies, or 0
   * when it does not stand out by MIN_SIDE_CONTRAST from the less persistent of its parallel neighbours.
   * The less: an inset's edge has the other picture on one side, which may be busy, while a texture has
   * edges on both sides.
   */
  const side = (prefix: Float64Array[], line: number, from: number, to: number) => {
    let found = { value: 0, line };
    for (const l of [line - 1, line, line + 1]) {
      if (l < 1 || l >= prefix.length - 1) continue;
      const on = mean(prefix, l, from, to);
      const off = Math.min(...[l - OFFSET, l + OFFSET].filter((n) => n >= 0 && n < prefix.length).map((n) => mean(prefix, n, from, to)));
      if (on - off >= MIN_SIDE_CONTRAST && on > found.value) found = { value: on, line: l };
    }
    return found;
  };
  let best: { box: Box; score: number } | undefined;
  for (const x0 of xOptions) {
    for (const x1 of xOptions) {
      const w = x1 - x0;
      if (w < MIN_SIDE_SHARE * width || w > MAX_SIDE_SHARE * width) continue;
      for (const y0 of yOptions) {
        for (const y1 of yOptions) {
          const h = y1 - y0;
          if (h < MIN_SIDE_SHARE * height || h > MAX_SIDE_SHARE * height) continue;
          // Sides are read one pixel in from the corners, where the two edges meet.
          const sides: number[] = [];
          const [left, right] = [x0, x1].map((x) => (x === 0 || x === width ? { value: -1, line: x } : side(cols, x, y0 + 1, y1 - 1)));
          const [top, bottom] = [y0, y1].map((y) => (y === 0 || y === height ? { value: -1, line: y } : side(rows, y, x0 + 1, x1 - 1)));
          for (const s of [left, right, top, bottom]) if (s.value >= 0) sides.push(s.value);
          if (left.value < 0 && right.value < 0) continue;
          if (top.value < 0 && bottom.value < 0) continue;
          const score = Math.min(...sides);
          if (score < MIN_SIDE_PERSISTENCE) continue;
          // Prefer the rectangle with the most edge sides, then the most persistent: a side on the border is a
          // guess, and an inset a few pixels from the border would otherwise win as the larger box reaching it.
          const ranked = sides.length + score;
          const box = { x: left.line, y: top.line, w: right.line - left.line, h: bottom.line - top.line };
          if (!best || ranked > best.score) best = { box, score: ranked };
        }
      }
    }
  }
  return best?.box;
}

/**
 * The boxes to hash for an inset: the box itself and, when one of its sides was taken on the frame's border
 * opposite an edge (an inset whose edge there was too faint to persist, or which touches the border), the
 * box completed to the frame's aspect ratio from its two edge sides across: a clip shrunk into another
 * keeps its shape, so a faint side is better guessed from that than from the border.
 */
export function insetViews(box: Box, width: number, height: number): Box[] {
  const views = [box];
  const onLeft = box.x === 0;
  const onRight = box.x + box.w === width;
  const onTop = box.y === 0;
  const onBottom = box.y + box.h === height;
  if ((onTop || onBottom) && !(onTop && onBottom) && !onLeft && !onRight) {
    const h = Math.min(height, (box.w * height) / width);
    views.push({ x: box.x, y: onTop ? box.y + box.h - h : box.y, w: box.w, h });
  } else if ((onLeft || onRight) && !(onLeft && onRight) && !onTop && !onBottom) {
    const w = Math.min(width, (box.h * width) / height);
    views.push({ x: onLeft ? box.x + box.w - w : box.x, y: box.y, w, h: box.h });
  }
  return views;
}
