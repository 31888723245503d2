import { MIN_FRAMES, type EdgePersistence } from './inset';
import type { Box, LumaImage } from './luma';

/**
 * Finding a static overlay in a video (a watermark, a channel's logo) and painting it out.
 *
 * A reposter's watermark sits on the same pixels in every frame while the clip under it moves, so its
 * letters and its box are edges in (nearly) every frame, where the clip's own edges come and go with pans
 * and cuts. Over a plain or softly graded clip the watermark is the strongest structure in the frame and
 * carries its hash 90 bits away from the reference (bench:video); painted out, the frame is back within the
 * strict threshold. Painting is a linear blend across the overlay's short side between the pixels just
 * outside it: exact on the gradients where it matters, and on a detailed picture only a smooth band instead
 * of letters. Written here for the same reason as inset.ts, no maintained package on the npm registry finds
 * persistent overlays, and without OpenCV, whose dilation, connected components and inpainting would do the
 * rest: its 7 MB WebAssembly build is loaded by triage's verification only, and what is needed here is a
 * dilation, a flood fill and a linear blend.
 */

/** A pixel is part of an overlay when it is an edge in at least this share of the frames. */
const OVERLAY_PERSISTENCE = 0.8;
/** Persistent pixels this close (in pixels of the working size) belong to one overlay: the letters of a word, its box. */
const JOIN = 3;
/** An overlay has at least this many persistent pixels (a speck of compression noise does not count). */
const MIN_PIXELS = 30;
/**
 * One overlay covers at most this share of the frame, and all of them together at most MAX_TOTAL_SHARE: more
 * is a clip whose picture does not move (every edge persists), or an inset (half the size is a quarter of
 * the frame), not something laid over a clip.
 */
const MAX_SHARE = 0.15;
const MAX_TOTAL_SHARE = 0.2;
/**
 * A component whose persistent pixels are at most LINE pixels thick is a line, not a mark: the edge of a
 * letterbox's bar or of a frame around the clip (a blurred step is an edge on 3 or 4 lines of pixels),
 * which the hash's border trimming handles; over dark parts of the picture it breaks into pieces, so the
 * test is on thickness, not on length.
 */
const LINE = 4;

/**
 * The boxes of the static overlays of a clip's frames (their edge persistence, over at least MIN_FRAMES
 * frames), in pixels, each padded by JOIN; none when the frames are too few, or when what persists is too large to
 * be an overlay (see MAX_SHARE).
 */
export function staticOverlays({ vertical, horizontal, width, height, frames }: EdgePersistence): Box[] {
  if (frames < MIN_FRAMES) return [];
  const persistent = new Uint8Array(width * height);
  for (let i = 0; i < persistent.length; i++) persistent[i] = Math.max(vertical[i], horizontal[i]) >= OVERLAY_PERSISTENCE ? 1 : 0;
  const joined = dilate(persistent, width, height, JOIN);
  const boxes: Box[] = [];
  let area = 0;
  const label = new Uint8Array(width * height);
  const stack: number[] = [];
  for (let start = 0; start < joined.length; start++) {
    if (!joined[start] || label[start]) continue;
    // One overlay: the 4-connected component of the joined mask, its box and its persistent pixels.
    let [x0, y0, x1, y1, pixels] = [width, height, 0, 0, 0];
    label[start] = 1;
    stack.push(start);
    while (stack.length > 0) {
      const i = stack.pop()!;
      const x = i % width;
      const y = (i - x) / width;
      [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
      pixels += persistent[i];
      for (const n of [x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1, y > 0 ? i - width : -1, y < height - 1 ? i + width : -1]) {
        if (n >= 0 && joined[n] && !label[n]) {
          label[n] = 1;
          stack.push(n);
        }
      }
    }
    const box = { x: x0, y: y0, w: x1 - x0 + 1, h: y1 - y0 + 1 };
    if (pixels < MIN_PIXELS) continue;
    if (Math.min(box.w, box.h) <= 2 * JOIN + LINE) continue;
    if (box.w * box.h > MAX_SHARE * width * height) return [];
    area += box.w * box.h;
    boxes.push(box);
  }
  return area <= MAX_TOTAL_SHARE * width * height ? boxes : [];
}

/** Pixels within `radius` (a square) of a set pixel. */
function dilate(mask: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  // Separable: along rows, then along columns.
  const rows = new Uint8Array(mask.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!mask[y * width + x]) continue;
      for (let d = Math.max(0, x - radius); d <= Math.min(width - 1, x + radius); d++) rows[y * width + d] = 1;
    }
  }
  const out = new Uint8Array(mask.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!rows[y * width + x]) continue;
      for (let d = Math.max(0, y - radius); d <= Math.min(height - 1, y + radius); d++) out[d * width + x] = 1;
    }
  }
  return out;
}

/**
 * A copy of `img` with each box painted out: every line across the box's shorter side is a linear blend of
 * the two pixels just outside it (the one there is, at the frame's border). A box spanning the frame across
 * its shorter side is left as it is.
 */
export function paintOut(img: LumaImage, boxes: Box[]): LumaImage {
  const { width, height } = img;
  const data = Float32Array.from(img.data);
  for (const box of boxes) {
    const across = box.h <= box.w;
    // In the box's own frame: `along` runs the long side, `t` across the short one, from before to after.
    const [alongFrom, alongTo] = across ? [box.x, box.x + box.w] : [box.y, box.y + box.h];
    const [before, after] = across ? [box.y - 1, box.y + box.h] : [box.x - 1, box.x + box.w];
    const limit = across ? height : width;
    if (before < 0 && after >= limit) continue;
    const at = (along: number, t: number) => (across ? t * width + along : along * width + t);
    for (let along = alongFrom; along < alongTo; along++) {
      const a = before >= 0 ? data[at(along, before)] : data[at(along, after)];
      const b = after < limit ? data[at(along, after)] : a;
      for (let t = before + 1; t < after; t++) data[at(along, t)] = a + ((b - a) * (t - before)) / (after - before);
    }
  }
  return { data, width, height };
}
