/**
 * Geometric verification of a grey-zone candidate (issue 13): a candidate whose hash distance falls between
 * `STRICT_THRESHOLD` and `LOOSE_THRESHOLD` is a copy only if local features of the reference reappear in it
 * in one consistent geometry. ORB keypoints of both pictures are matched (Hamming distance, Lowe's ratio
 * test), a RANSAC homography is fitted from reference to candidate, and the decision rests on its inliers:
 * how many there are, how much of the reference they cover (`spread`), and whether the transform is one a
 * repost can produce (orientation kept, bounded scale, a convex image of the reference). Two tests then tell
 * a copy from another photograph of the same flat thing (a stereo view's background, a poster): the outliers
 * must not move together as a second surface (`parallaxOf`), and the reference warped onto the candidate must
 * agree with it cell by cell (`agreementOf`). The reference is also tried mirrored, since ORB descriptors do
 * not survive a flip.
 *
 * OpenCV comes from `@techstark/opencv-js` (OpenCV 4.5 compiled to WebAssembly, the WASM embedded in one
 * 7.7 MB script): it is imported lazily on the first verification, so it loads once per Lambda container
 * (about 0.3 s) and only in the task that verifies (Triage); no API bundle imports this module.
 */
import { loadSharp } from '../lib/sharp';
import { decodeLimits, withDecodeSlot } from '../lib/decode-limits';

/* eslint-disable @typescript-eslint/no-explicit-any -- opencv-js ships no usable types (its `mirada` typings are for another build); the few calls used are wrapped here. */
type Cv = any;
type Mat = any;

/** Keypoints kept per picture. */
const FEATURES = 1000;
/**
 * ORB's scale pyramid (its default is 8 levels of 1.2x): 6 levels cover a 2.5x scale difference between a
 * keypoint in the reference (512 px) and in the candidate (up to 800 px), which thumbnails and screenshots stay within.
 */
const PYRAMID_LEVELS = 6;
/** Long side the reference and the candidate are decoded at for feature detection. */
const REFERENCE_SIDE = 512;
const CANDIDATE_SIDE = 800;
/** Lowe's ratio: the best match must be clearly better than the second best. */
const RATIO = 0.8;
/** RANSAC reprojection tolerance, in candidate pixels. */
const RANSAC_PX = 5;

/**
 * A reference with fewer ORB keypoints than this is low in texture or contrast (fog, haze, a dusk sky, soft
 * focus, motion blur: photographs whose features FAST's fixed contrast test of 20 grey levels misses), so it
 * and its candidates are looked at again with their local contrast raised (CLAHE, `enhance`) before
 * detection. Both sides are treated alike, so the descriptors still compare. Issue 29; bench/README.md.
 */
export const LOW_TEXTURE_KEYPOINTS = 400;
/** CLAHE's clip limit and tile grid (OpenCV's defaults are 40 and 8x8; a lower limit keeps JPEG noise down). */
const CLAHE_CLIP = 3;
const CLAHE_TILES = 8;

/** Keypoints a cell of the 4x4 grid needs to count in a low-texture reference's spread. */
const CELL_KEYPOINTS = 8;

/** A copy needs at least this many inlier correspondences... */
export const MIN_INLIERS = 16;
/** ...spread over at least this share of the reference (cells of a 4x4 grid holding an inlier). */
export const MIN_SPREAD = 0.3;
/**
 * ...and the homography's outliers must not hold a second surface: at most this many of them may move together
 * (see `parallaxOf`). A copy is one picture, so one homography maps all of it; a photograph of the same scene
 * from a few centimetres away (the hard negatives of docs/reference/matching.md: opencv's aloeL/aloeR) maps its
 * background plane by a homography with hundreds of inliers, while the correct correspondences on nearer
 * surfaces are outliers that agree with their neighbours.
 */
export const MAX_PARALLAX = 15;
/** Outliers within this distance of each other on the reference (its decoded pixels) are neighbours... */
const PARALLAX_RADIUS = 40;
/** ...and move together when their residuals (candidate pixels) differ by less than this. */
const PARALLAX_AGREEMENT = 2;

/**
 * ...and the reference, warped by the homography onto the candidate, must look like it there: the mean
 * normalised cross-correlation of AGREEMENT_CELL px cells (see `agreementOf`) at least this. A copy agrees
 * cell by cell (brightness, contrast and colour edits change a cell's level and gain, not its pattern); the
 * same scene from another viewpoint does not where nearer surfaces moved.
 */
export const MIN_AGREEMENT = 0.7;
/** Side of the cells compared, in candidate pixels. */
const AGREEMENT_CELL = 12;
/** Both pictures are smoothed first (Gaussian sigma, candidate pixels): resampling and JPEG noise do not count. */
const AGREEMENT_BLUR = 1.5;
/**
 * Cells flatter than this (grey-level standard deviation) in either picture say nothing and are skipped: flat in
 * the candidate, padding or screenshot chrome; flat in the reference, a smooth area a watermark was written on.
 */
const AGREEMENT_MIN_DETAIL = 6;
/**
 * Cells of the candidate with more than this times the reference's variance are skipped too: something was
 * drawn on top there (a watermark's letters, a logo, a caption). A nearer surface that moved brings no more
 * detail than the background it covers, so the stereo pair's cells still count. Without it a large watermark
 * over a photo agreed at 0.56 (the rocket fixture), with it 0.81.
 */
const AGREEMENT_OVERLAY = 3;

/** The matched region in the candidate, fractions 0..1 of its width and height. */
export interface Region {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface Verification {
  verified: boolean;
  inliers: number;
  /** Share of the reference's 4x4 grid cells holding an inlier (0..1). */
  spread: number;
  /** Homography from reference to candidate pixels, row-major 3x3 (both at their decoded sizes, normalised to 0..1 units). */
  transform: number[];
  /** Whether the reference matched mirrored. */
  mirrored: boolean;
  /** Outlier correspondences that move together off the homography: a second surface (see `MAX_PARALLAX`). */
  parallax: number;
  /** How well the warped reference agrees with the candidate, -1..1 (see `MIN_AGREEMENT`); measured only for a fit that passed the geometric tests, 0 otherwise. */
  agreement: number;
  region?: Region;
}

let loading: Promise<{ cv: Cv; loadMs: number }> | undefined;

/** Loads OpenCV once per process (the first call waits for the WebAssembly runtime; later calls reuse it). */
export function loadOpenCv(): Promise<{ cv: Cv; loadMs: number }> {
  loading ??= (async () => {
    const started = performance.now();
    // A plain require (bundled, and evaluated only here): the module is an Emscripten object with a `then`
    // method that resolves to itself, so `await import()` of it would never settle.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const cv: Cv = require('@techstark/opencv-js');
    if (!cv.Mat || !cv.ORB) {
      await new Promise<void>((resolve) => {
        const previous = cv.onRuntimeInitialized;
        cv.onRuntimeInitialized = () => {
          previous?.();
          resolve();
        };
      });
    }
    return { cv, loadMs: performance.now() - started };
  })();
  return loading;
}

interface Grey {
  data: Uint8Array;
  width: number;
  height: number;
}

/** Decodes in one of the function's decode slots, under the same pixel limit as hashing (lib/decode-limits.ts). */
async function decodeGrey(input: Buffer | Uint8Array, side: number): Promise<Grey> {
  const sharp = await loadSharp();
  const { data, info } = await withDecodeSlot(() =>
    sharp(input, { limitInputPixels: decodeLimits().maxPixels, failOn: 'none' })
      .rotate()
      .flatten({ background: '#ffffff' })
      // Linear resampling: features are found at this size; Lanczos made a phone screenshot's decode and resize 30 ms, not 22.
      .resize(side, side, { fit: 'inside', withoutEnlargement: true, kernel: 'linear' })
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true }),
  );
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
}

interface Features {
  width: number;
  height: number;
  /** Whether local contrast was raised before detection (a low-texture reference and its candidates). */
  enhanced: boolean;
  /**
   * Cells of the 4x4 grid holding at least CELL_KEYPOINTS keypoints (at least 1). A low-texture reference's
   * `spread` is over these: the detail of a dusk horizon or a blurred object sits in a few cells, and its
   * copies cannot show inliers where it has none.
   */
  cells: number;
  /** The picture the keypoints were found in (mirrored when they were), for the photometric test. */
  pixels: Uint8Array;
  /** x, y of each keypoint. */
  points: Float32Array;
  descriptors: Mat;
}

/** Raises local contrast in place (CLAHE). */
function enhance(cv: Cv, img: Mat): void {
  const clahe = new cv.CLAHE(CLAHE_CLIP, new cv.Size(CLAHE_TILES, CLAHE_TILES));
  try {
    clahe.apply(img, img);
  } finally {
    clahe.delete();
  }
}

function detect(cv: Cv, grey: Grey, mirror: boolean, enhanced = false): Features {
  const img = new cv.Mat(grey.height, grey.width, cv.CV_8UC1);
  img.data.set(grey.data);
  if (mirror) cv.flip(img, img, 1);
  if (enhanced) enhance(cv, img);
  const orb = new cv.ORB(FEATURES);
  orb.setNLevels(PYRAMID_LEVELS);
  const keypoints = new cv.KeyPointVector();
  const descriptors = new cv.Mat();
  const none = new cv.Mat();
  try {
    orb.detectAndCompute(img, none, keypoints, descriptors);
    const points = new Float32Array(keypoints.size() * 2);
    for (let i = 0; i < keypoints.size(); i++) {
      const p = keypoints.get(i).pt;
      points[2 * i] = p.x;
      points[2 * i + 1] = p.y;
    }
    const pixels = mirror || enhanced ? Uint8Array.from(img.data as Uint8Array) : grey.data;
    const perCell = new Uint16Array(16);
    for (let i = 0; i < points.length; i += 2) perCell[Math.min(3, Math.floor((4 * points[i + 1]) / grey.height)) * 4 + Math.min(3, Math.floor((4 * points[i]) / grey.width))]++;
    const cells = Math.max(1, perCell.filter((n) => n >= CELL_KEYPOINTS).length);
    return { width: grey.width, height: grey.height, enhanced, cells, pixels, points, descriptors };
  } finally {
    img.delete();
    orb.delete();
    keypoints.delete();
    none.delete();
  }
}

const NOT_VERIFIED: Verification = { verified: false, inliers: 0, spread: 0, transform: [], mirrored: false, parallax: 0, agreement: 0 };

/**
 * A 2x3 affine transform as a 3x3 homography (undefined when the fit failed). A low-texture reference's
 * detail often lies along one band (a horizon at dusk, a shoreline in fog), where a homography's eight degrees
 * of freedom are ill-determined and project the reference to an implausible quad; a repost's geometry (scale,
 * crop, small tilt) is affine, which such a band determines.
 */
function affineAsHomography(cv: Cv, affine: Mat | undefined): Mat | undefined {
  if (!affine) return undefined;
  try {
    if (affine.rows !== 2 || affine.cols !== 3) return undefined;
    const a = Array.from(affine.data64F as Float64Array);
    return cv.matFromArray(3, 3, cv.CV_64F, [...a, 0, 0, 1]);
  } finally {
    affine.delete();
  }
}

/** Fits reference -> candidate and judges the fit (see the module comment). */
function fit(cv: Cv, ref: Features, cand: Features, mirrored: boolean): Verification {
  if (ref.descriptors.rows < 2 || cand.descriptors.rows < 2) return { ...NOT_VERIFIED, mirrored };
  const matcher = new cv.BFMatcher(cv.NORM_HAMMING, false);
  const knn = new cv.DMatchVectorVector();
  const src: number[] = [];
  const dst: number[] = [];
  try {
    matcher.knnMatch(ref.descriptors, cand.descriptors, knn, 2);
    for (let i = 0; i < knn.size(); i++) {
      const pair = knn.get(i);
      if (pair.size() < 2) continue;
      const a = pair.get(0);
      const b = pair.get(1);
      if (a.distance < RATIO * b.distance) {
        src.push(ref.points[2 * a.queryIdx], ref.points[2 * a.queryIdx + 1]);
        dst.push(cand.points[2 * a.trainIdx], cand.points[2 * a.trainIdx + 1]);
      }
    }
  } finally {
    matcher.delete();
    knn.delete();
  }
  const n = src.length / 2;
  if (n < 4) return { ...NOT_VERIFIED, mirrored };
  const srcMat = cv.matFromArray(n, 1, cv.CV_32FC2, src);
  const dstMat = cv.matFromArray(n, 1, cv.CV_32FC2, dst);
  const mask = new cv.Mat();
  let h: Mat | undefined;
  try {
    h = ref.enhanced ? affineAsHomography(cv, cv.estimateAffine2D(srcMat, dstMat, mask, cv.RANSAC, RANSAC_PX)) : cv.findHomography(srcMat, dstMat, cv.RANSAC, RANSAC_PX, mask);
    if (!h || h.rows !== 3) return { ...NOT_VERIFIED, mirrored };
    const m = Array.from(h.data64F as Float64Array);
    const cells = new Set<number>();
    let inliers = 0;
    for (let i = 0; i < n; i++) {
      if (!mask.data[i]) continue;
      inliers++;
      const cx = Math.min(3, Math.floor((4 * src[2 * i]) / ref.width));
      const cy = Math.min(3, Math.floor((4 * src[2 * i + 1]) / ref.height));
      cells.add(cy * 4 + cx);
    }
    const spread = Math.min(1, cells.size / (ref.enhanced ? ref.cells : 16));
    const parallax = parallaxOf(m, src, dst, mask.data as Uint8Array);
    const quad = project(m, ref.width, ref.height);
    const region = quad ? regionOf(quad, cand.width, cand.height) : undefined;
    const plausible = !!quad && plausibleQuad(quad, cand.width, cand.height);
    // The transform in normalised units (0..1 of each picture) so it reads the same at any decode size.
    const transform = normalise(m, ref.width, ref.height, cand.width, cand.height);
    const geometric = plausible && inliers >= MIN_INLIERS && spread >= MIN_SPREAD && parallax <= MAX_PARALLAX;
    const agreement = geometric ? agreementOf(cv, ref, cand, h) : 0;
    return {
      verified: geometric && agreement >= MIN_AGREEMENT,
      inliers,
      spread,
      transform,
      mirrored,
      parallax,
      agreement: Math.round(agreement * 1000) / 1000,
      region,
    };
  } finally {
    srcMat.delete();
    dstMat.delete();
    mask.delete();
    h?.delete();
  }
}

/**
 * The photometric test: the reference is warped by the homography onto the candidate and both are compared
 * in AGREEMENT_CELL px cells lying wholly inside the warped reference, by normalised cross-correlation; cells
 * flat in either picture, or much busier in the candidate (AGREEMENT_MIN_DETAIL, AGREEMENT_OVERLAY), are
 * skipped. Returns the mean over the cells (1 when none has detail). At MIN_AGREEMENT it refuses the stereo
 * windows that show a nearer surface and about 1% of copies; a photograph of the same flat surface agrees
 * like a copy (bench/README.md, "Two more tests in verification"). Written here because OpenCV.js has the
 * warp and the blur but no per-cell correlation; a few milliseconds at 800 px.
 */
function agreementOf(cv: Cv, ref: Features, cand: Features, h: Mat): number {
  const size = new cv.Size(cand.width, cand.height);
  const source = new cv.Mat(ref.height, ref.width, cv.CV_8UC1);
  const target = new cv.Mat(cand.height, cand.width, cv.CV_8UC1);
  const inside = new cv.Mat(ref.height, ref.width, cv.CV_8UC1, new cv.Scalar(255));
  const warped = new cv.Mat();
  const covered = new cv.Mat();
  const a = new cv.Mat();
  const b = new cv.Mat();
  const kernel = cv.Mat.ones(3, 3, cv.CV_8U);
  try {
    source.data.set(ref.pixels);
    target.data.set(cand.pixels);
    cv.warpPerspective(source, warped, h, size, cv.INTER_LINEAR, cv.BORDER_CONSTANT, new cv.Scalar(0));
    cv.warpPerspective(inside, covered, h, size, cv.INTER_NEAREST, cv.BORDER_CONSTANT, new cv.Scalar(0));
    // The warp's edge pixels mix in the border: one pixel in from it.
    cv.erode(covered, covered, kernel);
    warped.convertTo(a, cv.CV_32F);
    target.convertTo(b, cv.CV_32F);
    const blur = new cv.Size(0, 0);
    cv.GaussianBlur(a, a, blur, AGREEMENT_BLUR, AGREEMENT_BLUR, cv.BORDER_REFLECT);
    cv.GaussianBlur(b, b, blur, AGREEMENT_BLUR, AGREEMENT_BLUR, cv.BORDER_REFLECT);
    return meanCellCorrelation(a.data32F as Float32Array, b.data32F as Float32Array, covered.data as Uint8Array, cand.width, cand.height);
  } finally {
    for (const m of [source, target, inside, warped, covered, a, b, kernel]) m.delete();
  }
}

/** Mean normalised cross-correlation of `a` (reference) and `b` (candidate) over AGREEMENT_CELL px cells wholly `inside`, with detail in both and nothing drawn on top in `b`; 1 when no cell qualifies. */
function meanCellCorrelation(a: Float32Array, b: Float32Array, inside: Uint8Array, width: number, height: number): number {
  const c = AGREEMENT_CELL;
  const n = c * c;
  let sum = 0;
  let cells = 0;
  for (let y0 = 0; y0 + c <= height; y0 += c) {
    cell: for (let x0 = 0; x0 + c <= width; x0 += c) {
      let sa = 0;
      let sb = 0;
      for (let y = y0; y < y0 + c; y++) {
        for (let i = y * width + x0, end = i + c; i < end; i++) {
          if (!inside[i]) continue cell;
          sa += a[i];
          sb += b[i];
        }
      }
      const ma = sa / n;
      const mb = sb / n;
      let vaa = 0;
      let vbb = 0;
      let vab = 0;
      for (let y = y0; y < y0 + c; y++) {
        for (let i = y * width + x0, end = i + c; i < end; i++) {
          const da = a[i] - ma;
          const db = b[i] - mb;
          vaa += da * da;
          vbb += db * db;
          vab += da * db;
        }
      }
      const flat = AGREEMENT_MIN_DETAIL * AGREEMENT_MIN_DETAIL * n;
      if (vbb < flat || vaa < flat || vbb > AGREEMENT_OVERLAY * vaa) continue;
      sum += vab / Math.sqrt(vaa * vbb);
      cells++;
    }
  }
  return cells ? sum / cells : 1;
}

/**
 * How many of the homography's outliers lie on a second surface: an outlier counts when at least two other
 * outliers within PARALLAX_RADIUS of it on the reference are off the homography by the same residual (within
 * PARALLAX_AGREEMENT). A copy's outliers are wrong matches, scattered at random; a nearer surface seen from
 * another viewpoint moves as one. It separates full-size stereo windows from copies well and thumbnails
 * hardly at all, since they keep too few features on the nearer surface (bench/README.md, "Two more tests in
 * verification"). Written here because OpenCV.js has no multi-model test; a few hundred outliers at most,
 * under a millisecond.
 */
function parallaxOf(m: number[], src: number[], dst: number[], inlier: Uint8Array): number {
  const xs: number[] = [];
  const ys: number[] = [];
  const rx: number[] = [];
  const ry: number[] = [];
  for (let i = 0; i < inlier.length; i++) {
    if (inlier[i]) continue;
    const x = src[2 * i];
    const y = src[2 * i + 1];
    // A point the homography sends to infinity has no residual another could agree with.
    const p = mapPoint(m, x, y);
    if (!p) continue;
    const dx = dst[2 * i] - p[0];
    const dy = dst[2 * i + 1] - p[1];
    if (Math.hypot(dx, dy) <= RANSAC_PX) continue;
    xs.push(x);
    ys.push(y);
    rx.push(dx);
    ry.push(dy);
  }
  // Squared distances: Math.hypot made the loop ten times slower (10 ms for 600 outliers).
  const radius2 = PARALLAX_RADIUS * PARALLAX_RADIUS;
  const agreement2 = PARALLAX_AGREEMENT * PARALLAX_AGREEMENT;
  let count = 0;
  for (let i = 0; i < xs.length; i++) {
    let agreeing = 0;
    for (let j = 0; j < xs.length && agreeing < 2; j++) {
      const dx = xs[i] - xs[j];
      const dy = ys[i] - ys[j];
      if (j === i || dx * dx + dy * dy >= radius2) continue;
      const ex = rx[i] - rx[j];
      const ey = ry[i] - ry[j];
      if (ex * ex + ey * ey < agreement2) agreeing++;
    }
    if (agreeing >= 2) count++;
  }
  return count;
}

type Quad = [number, number][];

/** The reference's corners through the homography; undefined when a corner goes to infinity. */
function project(m: number[], w: number, h: number): Quad | undefined {
  const out: Quad = [];
  for (const [x, y] of [
    [0, 0],
    [w, 0],
    [w, h],
    [0, h],
  ]) {
    const p = mapPoint(m, x, y);
    if (!p) return undefined;
    out.push(p);
  }
  return out;
}

/** (x, y) through the homography `m` (row-major 3x3); undefined when it goes to infinity. */
function mapPoint(m: number[], x: number, y: number): [number, number] | undefined {
  const z = m[6] * x + m[7] * y + m[8];
  if (!(Math.abs(z) > 1e-9)) return undefined;
  return [(m[0] * x + m[1] * y + m[2]) / z, (m[3] * x + m[4] * y + m[5]) / z];
}

/**
 * A repost keeps the picture's orientation (mirrors are tried separately), so the projected corners form a
 * convex quadrilateral turning the same way as the reference's, covering between 0.5% and 2500% of the
 * candidate's area, with opposite sides of similar length (no extreme perspective).
 */
function plausibleQuad(q: Quad, cw: number, ch: number): boolean {
  let sign = 0;
  for (let i = 0; i < 4; i++) {
    const [ax, ay] = q[i];
    const [bx, by] = q[(i + 1) % 4];
    const [cx, cy] = q[(i + 2) % 4];
    const cross = (bx - ax) * (cy - by) - (by - ay) * (cx - bx);
    const s = Math.sign(cross);
    if (s === 0 || (sign !== 0 && s !== sign)) return false;
    sign = s;
  }
  if (sign < 0) return false;
  let area = 0;
  for (let i = 0; i < 4; i++) area += q[i][0] * q[(i + 1) % 4][1] - q[(i + 1) % 4][0] * q[i][1];
  const share = Math.abs(area) / 2 / (cw * ch);
  if (share < 0.005 || share > 25) return false;
  const len = (i: number) => Math.hypot(q[(i + 1) % 4][0] - q[i][0], q[(i + 1) % 4][1] - q[i][1]);
  const ratio = (a: number, b: number) => Math.max(a, b) / Math.max(1e-9, Math.min(a, b));
  return ratio(len(0), len(2)) < 1.5 && ratio(len(1), len(3)) < 1.5;
}

function regionOf(q: Quad, w: number, h: number): Region {
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  const xs = q.map((p) => clamp(p[0] / w));
  const ys = q.map((p) => clamp(p[1] / h));
  const round = (v: number) => Math.round(v * 1000) / 1000;
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x: round(x), y: round(y), w: round(Math.max(...xs) - x), h: round(Math.max(...ys) - y) };
}

/** H' = S_c^-1 * H * S_r: maps reference fractions to candidate fractions. */
function normalise(m: number[], rw: number, rh: number, cw: number, ch: number): number[] {
  const out = [m[0] * rw, m[1] * rh, m[2], m[3] * rw, m[4] * rh, m[5], m[6] * rw, m[7] * rh, m[8]];
  for (let i = 0; i < 3; i++) out[i] /= cw;
  for (let i = 3; i < 6; i++) out[i] /= ch;
  const z = out[8] || 1;
  return out.map((v) => Math.round((v / z) * 1e4) / 1e4);
}

/**
 * Reference features by key, kept while a task runs (a scan verifies many candidates against few references).
 * An entry counts its users: triage verifies several candidates at once, so an entry pushed out of the cache
 * by a newer one frees its OpenCV matrices only when the last verification using it has finished (freeing
 * them at once made a concurrent verification read deleted matrices).
 */
interface CachedReference {
  features: Promise<[Features, Features]>;
  users: number;
  evicted: boolean;
}
const referenceCache = new Map<string, CachedReference>();
const REFERENCE_CACHE_SIZE = 16;

function freeWhenUnused(entry: CachedReference): void {
  if (!entry.evicted || entry.users > 0) return;
  void entry.features.then(([a, b]) => (a.descriptors.delete(), b.descriptors.delete())).catch(() => undefined);
}

/** The reference's features, straight and mirrored, and a release to call once they are no longer used. */
function acquireReference(cv: Cv, reference: Buffer | Uint8Array, key?: string): { features: Promise<[Features, Features]>; release: () => void } {
  const make = async (): Promise<[Features, Features]> => {
    const grey = await decodeGrey(reference, REFERENCE_SIDE);
    const plain = detect(cv, grey, false);
    if (plain.descriptors.rows >= LOW_TEXTURE_KEYPOINTS) return [plain, detect(cv, grey, true)];
    plain.descriptors.delete();
    return [detect(cv, grey, false, true), detect(cv, grey, true, true)];
  };
  if (!key) {
    const features = make();
    return { features, release: () => void features.then(([a, b]) => (a.descriptors.delete(), b.descriptors.delete())).catch(() => undefined) };
  }
  let entry = referenceCache.get(key);
  if (!entry) {
    if (referenceCache.size >= REFERENCE_CACHE_SIZE) {
      const [oldestKey, oldest] = referenceCache.entries().next().value!;
      referenceCache.delete(oldestKey);
      oldest.evicted = true;
      freeWhenUnused(oldest);
    }
    const created: CachedReference = { features: make(), users: 0, evicted: false };
    referenceCache.set(key, created);
    created.features.catch(() => referenceCache.get(key) === created && referenceCache.delete(key));
    entry = created;
  }
  const held = entry;
  held.users++;
  return {
    features: held.features,
    release: () => {
      held.users--;
      freeWhenUnused(held);
    },
  };
}

/**
 * Verifies that `candidate` shows `reference` (see the module comment). `referenceKey`, when given, keeps the
 * reference's features for the next candidates. Throws on bytes that are not decodable images.
 */
export async function verifyCopy(candidate: Buffer | Uint8Array, reference: Buffer | Uint8Array, referenceKey?: string): Promise<Verification> {
  const { cv } = await loadOpenCv();
  const held = acquireReference(cv, reference, referenceKey);
  try {
    const [ref, mirrored] = await held.features;
    // Inliers are matches of keypoints of both pictures: a reference (a flat graphic) with fewer keypoints than
    // a copy needs, straight or mirrored, cannot be verified, so the candidate is not even decoded; a candidate
    // with too few is not matched. The decision is the one the full fit would give (reported with 0 inliers).
    if (ref.descriptors.rows < MIN_INLIERS && mirrored.descriptors.rows < MIN_INLIERS) return NOT_VERIFIED;
    const cand = detect(cv, await decodeGrey(candidate, CANDIDATE_SIDE), false, ref.enhanced);
    try {
      if (cand.descriptors.rows < MIN_INLIERS) return NOT_VERIFIED;
      const straight = fit(cv, ref, cand, false);
      if (straight.verified) return straight;
      const flipped = fit(cv, mirrored, cand, true);
      if (flipped.verified) return flipped;
      return straight.inliers >= flipped.inliers ? straight : flipped;
    } finally {
      cand.descriptors.delete();
    }
  } finally {
    held.release();
  }
}
