import { DIHEDRAL, GRID, HASH_WORDS, dct64To16, dihedralBlock, qualityOf, writeBits } from './dct';
import { sniffDimensions } from './dimensions';
import { decodeLuma, decodeLumaRegion, REFERENCE_WORKING_SIZE, WORKING_SIZE, type Box, type LumaImage, type WorkingSize } from './luma';
import { resampleToGrid, rotateInFrame, rotateToFill } from './resample';
import { contentBox, isTrimmed, pictureBox, sameBox } from './trim';

/**
 * The hashes of one image, packed 8 words (256 bits) each, and PDQ's quality (0..100): the best of the kept
 * views' own qualities, 0 when every view was too flat to keep (then `hashes` is empty).
 */
export interface ImageHashes {
  hashes: Uint32Array;
  quality: number;
}

/**
 * PDQ's quality below which a view's hash is mostly noise (flat graphics, gradients, blank walls). Every
 * view, of a reference and of a candidate, is gated by its own quality: a view below it is not emitted, so it
 * can neither match nor go to verification. Gating the whole image alone is not enough: a padding or a
 * screenshot frame adds strong edges around a flat picture whose trimmed view, the one that matches, is flat.
 */
export const MIN_QUALITY = 20;

/** A crop as fractions of the picture's content box. */
export interface CropFraction {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Which variants a reference is hashed with. */
export interface ReferencePlan {
  /** Size of the decoded working image. */
  working: WorkingSize;
  crops: CropFraction[];
  /** Degrees; each rotated view is cropped to fill. */
  rotations: number[];
  /** Degrees; rotated inside the frame with black and with white corners. */
  framedRotations: number[];
  /** Add the 8 dihedral variants of every view (true) or only of the uncropped view (false). */
  dihedralEverywhere: boolean;
  /**
   * Also crop the whole picture when `contentBox` peeled borders from it (not only the content box): a copy
   * cropped from the whole picture keeps part of the flat bands `contentBox` peels (a sky, one half of a
   * two-tone graphic), which crops of the content box miss. It brought no distractor near in the run that
   * measured it (the nearest at 68 bits, far above STRICT_THRESHOLD, 48). Figures: bench/README.md.
   */
  cropWhole: boolean;
}

/**
 * Crops of `keep` of each side at every position on a grid of `step` (fractions of the side). A PDQ-style
 * hash changes by ~20 bits per 1% shift and ~30 bits per 3% of scale (measured), so crops must be dense to
 * catch any off-centre crop; a 2.5% grid leaves at most 1.25% of shift on each axis.
 */
function cropGrid(keeps: number[], step: number): CropFraction[] {
  const out: CropFraction[] = [];
  for (const keep of keeps) {
    const slack = 1 - keep;
    const n = Math.max(1, Math.round(slack / step));
    for (let i = 0; i <= n; i++) for (let j = 0; j <= n; j++) out.push({ x: (slack * i) / n, y: (slack * j) / n, w: keep, h: keep });
  }
  return out;
}

/**
 * The shipped reference plan, chosen with bench/match.ts: crops keeping 95% to 80% of each side (smaller
 * crops let stereo pairs and other near views match, which costs more than it gains), tilts cropped to fill
 * and tilts inside the frame with black or white corners. About 190 hashes (6 KB) per reference image, about
 * 350 (11 KB) when its edges have flat bands (`cropWhole`: the 164 crops are taken of the whole picture too).
 */
export const REFERENCE_PLAN: ReferencePlan = {
  working: REFERENCE_WORKING_SIZE,
  crops: cropGrid([0.95, 0.9, 0.85, 0.8], 0.025),
  rotations: [-6, -3, 3, 6],
  framedRotations: [-6, -4, -2, 2, 4, 6],
  dihedralEverywhere: false,
  cropWhole: true,
};

/**
 * The plan of video frames (video.ts hashes each frame with `referenceHashesFromLuma` and no plan): up to 120
 * frames a video, often letterboxed, so their crops stay inside the content box (`cropWhole` is not measured
 * with bench:video yet).
 */
export const FRAME_PLAN: ReferencePlan = { ...REFERENCE_PLAN, cropWhole: false };

/**
 * The views of an image that normalisation proposes: the whole image, the box inside uniform borders
 * (`contentBox`) and the largest picture-like block (`pictureBox`), without repeats.
 */
export function normalisedViews(img: LumaImage, picture: Box = pictureBox(img)): Box[] {
  const views: Box[] = [{ x: 0, y: 0, w: img.width, h: img.height }];
  for (const box of [contentBox(img), picture]) if (!views.some((v) => sameBox(img, v, box))) views.push(box);
  return views;
}

interface View {
  block: Float64Array;
  quality: number;
}

/**
 * Cells of the 64x64 grid left out on each side when a view's quality is measured: a box found in a 64 px
 * working image can keep a pixel of the black or white border it was trimmed from (a padded flat gradient's
 * trimmed view measured 68 with it, 0 without).
 */
const QUALITY_MARGIN = 3;

/** The 64x64 grid every view is resampled into: read at once by the DCT and the quality, never kept. */
const GRID_SCRATCH = new Float32Array(GRID * GRID);

/** DCT block and quality of one view (a box of the working image). */
function viewBlock(img: LumaImage, box: Box): View {
  const grid = resampleToGrid(img, box, GRID_SCRATCH);
  return { block: dct64To16(grid), quality: qualityOf(grid, QUALITY_MARGIN) };
}

/**
 * The whole picture's view, with the best quality of its trimmed views (`normalisedViews`: inside uniform
 * borders, the picture-like block) when it has some: a padding or a screenshot frame adds strong edges
 * around a flat picture but no detail of it, so the whole view of a padded flat gradient must not pass where
 * its trimmed views do not.
 */
function wholeView(img: LumaImage, full: Box, trimmed: View[]): View {
  const whole = viewBlock(img, full);
  return trimmed.length === 0 ? whole : { block: whole.block, quality: Math.min(whole.quality, Math.max(...trimmed.map((v) => v.quality))) };
}

/** Collects the hashes of the views whose own quality is at least MIN_QUALITY (the others are dropped). */
class HashWriter {
  private words: Uint32Array;
  private n = 0;
  /** The best quality of the views kept so far (0 when none). */
  quality = 0;
  constructor(capacity: number) {
    this.words = new Uint32Array(capacity * HASH_WORDS);
  }
  /** Whether a view is kept (its quality is at least MIN_QUALITY); records the best kept quality. */
  keep(view: View): boolean {
    if (view.quality < MIN_QUALITY) return false;
    this.quality = Math.max(this.quality, view.quality);
    return true;
  }
  add(block: Float64Array): void {
    if ((this.n + 1) * HASH_WORDS > this.words.length) {
      const grown = new Uint32Array(this.words.length * 2);
      grown.set(this.words);
      this.words = grown;
    }
    writeBits(block, this.words, this.n * HASH_WORDS);
    this.n++;
  }
  addDihedral(block: Float64Array): void {
    for (const kind of DIHEDRAL) this.add(kind === 'original' ? block : dihedralBlock(block, kind));
  }
  done(): Uint32Array {
    return this.words.slice(0, this.n * HASH_WORDS);
  }
}

/**
 * Reference-side hashes of a decoded working image: the 8 dihedral variants of the whole picture and of each
 * trimmed view (`normalisedViews`), then the crop grid and tilts of the box inside uniform borders, so that a
 * copy which was cropped, padded, mirrored, tilted or framed still lands near one of them. Views below
 * MIN_QUALITY are dropped; an entirely flat reference yields no hash (quality 0), which Fingerprint reports
 * as too plain to fingerprint.
 */
export function referenceHashesFromLuma(img: LumaImage, plan: ReferencePlan = FRAME_PLAN): ImageHashes {
  const out = new HashWriter(64);
  const [full, ...trimmed] = normalisedViews(img);
  const dihedral = (view: View) => {
    if (out.keep(view)) out.addDihedral(view.block);
  };
  const add = (view: View) => {
    if (out.keep(view)) (plan.dihedralEverywhere ? out.addDihedral : out.add).call(out, view.block);
  };
  const content = contentBox(img);
  const inner = trimmed.map((box) => viewBlock(img, box));
  const whole = wholeView(img, full, inner);
  dihedral(whole);
  for (const view of inner) dihedral(view);
  // Crops of the picture inside its uniform borders and, when those borders were peeled, of the whole
  // picture too: a photo with flat bands at its edges (a sky, a two-tone graphic) loses them to contentBox,
  // but a copy cropped from the whole picture keeps part of them.
  for (const base of isTrimmed(img, content) && plan.cropWhole ? [content, full] : [content]) {
    for (const c of plan.crops) add(viewBlock(img, { x: base.x + c.x * base.w, y: base.y + c.y * base.h, w: c.w * base.w, h: c.h * base.h }));
  }
  if (plan.rotations.length > 0) {
    const cropped = isTrimmed(img, content) ? cropLuma(img, content) : img;
    for (const degrees of plan.rotations) {
      const turned = rotateToFill(cropped, degrees);
      add(viewBlock(turned, { x: 0, y: 0, w: turned.width, h: turned.height }));
    }
  }
  // A tilt inside the frame adds corners with strong edges: it is gated by the untilted picture's quality.
  for (const degrees of whole.quality >= MIN_QUALITY ? plan.framedRotations : []) {
    for (const fill of [0, 255]) {
      const turned = rotateInFrame(img, degrees, fill);
      add(viewBlock(turned, full));
    }
  }
  return { hashes: out.done(), quality: out.quality };
}

/**
 * Candidate-side hashes of a decoded working image: one per normalised view (1 to 3), then, when given, one
 * of `refined` (the picture of a screenshot decoded a second time, finer; see `hashCandidateImage`). Views
 * below MIN_QUALITY are dropped, so a flat picture yields no hash at all.
 */
export function candidateHashesFromLuma(img: LumaImage, picture: Box = pictureBox(img), refined?: LumaImage): ImageHashes {
  const out = new HashWriter(4);
  const add = (view: View) => {
    if (out.keep(view)) out.add(view.block);
  };
  const [full, ...trimmed] = normalisedViews(img, picture);
  const inner = trimmed.map((box) => viewBlock(img, box));
  add(wholeView(img, full, inner));
  for (const view of inner) add(view);
  if (refined) add(viewBlock(refined, pictureBox(refined)));
  return { hashes: out.done(), quality: out.quality };
}

/**
 * The second look at a picture inside a screenshot. At the working size (256 px for a large input) the
 * photo of a 1440x900 browser or 1080x2340 phone screenshot is about 100 px wide, so its box is off by up to
 * a pixel on each edge (1%, about 20 bits of a PDQ hash). When the picture box covers at most
 * `REFINE_MAX_AREA` of a large input of at most `REFINE_MAX_PIXELS`, the box (with a margin of page around it)
 * is decoded again at `REFINE_SIDE` px and the picture is found again in it, which puts a screenshot copy
 * a median of about 8 bits from its reference instead of about 20 (bench/README.md). Photos of more than 4.5 MP are never
 * decoded twice (hashing speed, issue 13), nor is any input without a frame around its picture.
 */
export const REFINE_MAX_PIXELS = 4_500_000;
export const REFINE_MAX_AREA = 0.8;
const REFINE_MARGIN = 0.05;
const REFINE_SIDE = 256;

function refineRegion(img: LumaImage, picture: Box): { x: number; y: number; w: number; h: number } | undefined {
  if (!isTrimmed(img, picture) || picture.w * picture.h > REFINE_MAX_AREA * img.width * img.height) return undefined;
  const mx = REFINE_MARGIN * picture.w;
  const my = REFINE_MARGIN * picture.h;
  const x0 = Math.max(0, picture.x - mx);
  const y0 = Math.max(0, picture.y - my);
  const x1 = Math.min(img.width, picture.x + picture.w + mx);
  const y1 = Math.min(img.height, picture.y + picture.h + my);
  return { x: x0 / img.width, y: y0 / img.height, w: (x1 - x0) / img.width, h: (y1 - y0) / img.height };
}

/** A copy of the pixels inside an integer box. */
export function cropLuma(img: LumaImage, box: Box): LumaImage {
  const x0 = Math.round(box.x);
  const y0 = Math.round(box.y);
  const w = Math.max(1, Math.round(box.w));
  const h = Math.max(1, Math.round(box.h));
  const data = new Float32Array(w * h);
  for (let y = 0; y < h; y++) data.set(img.data.subarray((y0 + y) * img.width + x0, (y0 + y) * img.width + x0 + w), y * w);
  return { data, width: w, height: h };
}

/** Decodes and hashes a reference image (see `referenceHashesFromLuma`). */
export async function hashReferenceImage(input: Buffer | Uint8Array, plan: ReferencePlan = REFERENCE_PLAN): Promise<ImageHashes> {
  return referenceHashesFromLuma(await decodeLuma(input, plan.working), plan);
}

/** Decodes and hashes a candidate image (see `candidateHashesFromLuma`). */
export async function hashCandidateImage(input: Buffer | Uint8Array, working: WorkingSize = WORKING_SIZE): Promise<ImageHashes> {
  const img = await decodeLuma(input, working);
  const picture = pictureBox(img);
  let refined: LumaImage | undefined;
  const region = Math.max(img.width, img.height) >= working.largeSide ? refineRegion(img, picture) : undefined;
  if (region) {
    // JPEG and PNG headers give the size for free; other formats are asked in decodeLumaRegion.
    const dims = sniffDimensions(input);
    if (!dims || dims.width * dims.height <= REFINE_MAX_PIXELS) refined = await decodeLumaRegion(input, region, REFINE_SIDE, REFINE_MAX_PIXELS);
  }
  return candidateHashesFromLuma(img, picture, refined);
}
