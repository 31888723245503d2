/**
 * Is a video a copy of a reference? The clip is sampled like a reference (one frame a second, `sampleFrames`)
 * and each frame is hashed as a candidate image, plus the clip's picture-in-picture inset when its edges
 * persist over the frames (`persistentInset`). The clip copies the reference that enough of its frames
 * agree on (`matchVideoCopy`): agreement of several frames is what keeps a clip's false-positive rate low
 * although it asks many more questions than one thumbnail does.
 */
import { bestMatch, hashCandidate, LOOSE_THRESHOLD, MIN_QUALITY, STRICT_THRESHOLD, type ImageHashes, type ReferenceSet } from './index';
import { candidateHashesFromLuma, cropLuma } from './hash-image';
import { edgePersistence, insetViews, persistentInset } from './inset';
import { decodeLuma, type Box, type LumaImage, type WorkingSize } from './luma';
import { paintOut, staticOverlays } from './overlay';
import { sampleFrames, withVideoFile } from './video';

/** Frames are looked at this large for the inset (a 512 px frame at half size): enough to place an edge within 1%. */
const INSET_WORKING_SIZE: WorkingSize = { minSide: 144, largeSide: 256, largeFrom: 1000 };
/** The inset is hashed this many pixels inside its edges, so no strip of the surrounding clip gets in. */
const INSET_MARGIN = 2;

/** The rule a clip must meet (see `matchVideoCopy`). */
export const VIDEO_RULE = {
  /** Share of the clip's informative frames that must be within LOOSE_THRESHOLD of the reference. */
  minFrameShare: 0.5,
  /** Frames that must be within STRICT_THRESHOLD of the reference (fewer only when the clip has fewer frames). */
  minStrictFrames: 2,
  /**
   * Frames the fingerprint decides alone (`bestMatch`'s `isMatch`: within NEAR_IDENTICAL, or within STRICT_THRESHOLD
   * when frame and reference are both of CONFIDENT_QUALITY) that make the clip a copy whatever its other frames are: each of them is a thumbnail-strength
   * match by itself. A slideshow whose other slides are too plain for the reference to store a hash of them
   * can have several such frames and still miss the share (bench/README.md).
   */
  minDecisiveFrames: 2,
};

export interface VideoCandidate {
  /** Per sampled frame: the candidate hashes of the frame and of its inset, empty when too flat to count. */
  frames: ImageHashes[];
  /** The picture-in-picture inset, in fractions of the frame, when one was found. */
  inset?: Box;
  /** Static overlays (a watermark, a logo) painted out of a further view of each frame, in fractions of the frame. */
  overlays: Box[];
  durationSeconds: number;
}

export interface VideoMatch {
  referenceId: string;
  /** Frames within STRICT_THRESHOLD, and within LOOSE_THRESHOLD, of this reference. */
  strictFrames: number;
  looseFrames: number;
  /** Frames whose fingerprint alone matches this reference (`bestMatch`'s `isMatch`). */
  decisiveFrames: number;
  /** Frames with enough detail to count (the denominator of the share). */
  informativeFrames: number;
  /** The closest frame's distance. */
  distance: number;
  isMatch: boolean;
}

/** The frame's candidate hashes when it has enough detail, else none. */
function informative(h: ImageHashes): Uint32Array[] {
  return h.quality >= MIN_QUALITY ? [h.hashes] : [];
}

function joined(parts: Uint32Array[], quality: number): ImageHashes {
  const hashes = new Uint32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    hashes.set(p, at);
    at += p.length;
  }
  return { hashes, quality: parts.length > 0 ? quality : 0 };
}

/**
 * Candidate hashes of a clip's frames (see the module comment). `frames` are the sampled frames as images
 * (PNG); each is hashed as a thumbnail would be; when the frames share a persistent inset, the inset is cut
 * out of each frame and hashed too; when they share static overlays (overlay.ts), each frame is hashed once
 * more with them painted out.
 */
export async function hashVideoFrames(pngs: Buffer[]): Promise<Omit<VideoCandidate, 'durationSeconds'>> {
  const views = await Promise.all(pngs.map((p) => decodeLuma(p, INSET_WORKING_SIZE)));
  const sameSize = views.filter((v) => v.width === views[0]?.width && v.height === views[0]?.height);
  const persistence = sameSize.length === views.length ? edgePersistence(views) : undefined;
  const box = persistence && persistentInset(persistence);
  const overlays = persistence ? staticOverlays(persistence) : [];
  const frames: ImageHashes[] = [];
  for (let i = 0; i < pngs.length; i++) {
    // The frame's views with detail, and the best quality among them (0 when none has any).
    const parts: Uint32Array[] = [];
    let quality = 0;
    const add = (view: ImageHashes) => {
      const kept = informative(view);
      parts.push(...kept);
      if (kept.length > 0) quality = Math.max(quality, view.quality);
    };
    add(await hashCandidate(pngs[i]));
    for (const view of box ? insetViews(box, views[i].width, views[i].height) : []) add(candidateHashesFromLuma(cropLuma(views[i], shrink(view, views[i]))));
    if (overlays.length > 0) add(candidateHashesFromLuma(paintOut(views[i], overlays)));
    frames.push(joined(parts, quality));
  }
  const first = views[0];
  const fraction = (b: Box) => ({ x: b.x / first.width, y: b.y / first.height, w: b.w / first.width, h: b.h / first.height });
  return { frames, inset: box && first ? fraction(box) : undefined, overlays: first ? overlays.map(fraction) : [] };
}

/** The box INSET_MARGIN pixels inside each side that is an edge (sides on the frame's border stay). */
function shrink(box: Box, img: LumaImage): Box {
  const left = box.x > 0 ? INSET_MARGIN : 0;
  const top = box.y > 0 ? INSET_MARGIN : 0;
  const right = box.x + box.w < img.width ? INSET_MARGIN : 0;
  const bottom = box.y + box.h < img.height ? INSET_MARGIN : 0;
  return { x: box.x + left, y: box.y + top, w: box.w - left - right, h: box.h - top - bottom };
}

/** Samples a clip (a path, or its bytes) and hashes its frames as a candidate (see `hashVideoFrames`). */
export async function hashVideoCandidate(input: string | Buffer, options: { fps?: number; maxFrames?: number; timeoutMs?: number } = {}): Promise<VideoCandidate> {
  return withVideoFile(input, async (file) => {
    const { pngs, durationSeconds } = await sampleFrames(file, options);
    return { ...(await hashVideoFrames(pngs)), durationSeconds };
  });
}

/**
 * The reference a clip copies, if any. Each informative frame votes for its closest reference (`bestMatch`
 * over the set). The clip is a copy of reference R when at least `minFrameShare` of its informative frames
 * are within LOOSE_THRESHOLD of R and at least `minStrictFrames` of them (all, for a shorter clip) within
 * STRICT_THRESHOLD: a thumbnail-strength match confirmed by the rest of the clip; or when at least
 * `minDecisiveFrames` of its frames match R by fingerprint alone, as a thumbnail would (`decide`). Returns the
 * matching reference, else the one with the most agreeing frames (undefined when no frame has detail or the
 * set is empty).
 */
export function matchVideoCopy(candidate: VideoCandidate | ImageHashes[], set: ReferenceSet, rule = VIDEO_RULE): VideoMatch | undefined {
  const frames = (Array.isArray(candidate) ? candidate : candidate.frames).filter((f) => f.hashes.length > 0 && f.quality >= MIN_QUALITY);
  const tally = new Map<string, { strict: number; loose: number; decisive: number; distance: number }>();
  for (const f of frames) {
    const m = bestMatch(f, set);
    if (!m || m.distance > LOOSE_THRESHOLD) continue;
    const t = tally.get(m.referenceId) ?? { strict: 0, loose: 0, decisive: 0, distance: 257 };
    t.loose++;
    if (m.distance <= STRICT_THRESHOLD) t.strict++;
    if (m.isMatch) t.decisive++;
    t.distance = Math.min(t.distance, m.distance);
    tally.set(m.referenceId, t);
  }
  // A matching reference first, then the one with the most agreeing frames.
  const rank = (m: VideoMatch) => [Number(m.isMatch), m.looseFrames, m.strictFrames];
  let best: VideoMatch | undefined;
  for (const [referenceId, t] of tally) {
    const agreed = t.strict >= Math.min(rule.minStrictFrames, frames.length) && t.loose >= rule.minFrameShare * frames.length;
    const isMatch = agreed || t.decisive >= Math.min(rule.minDecisiveFrames, frames.length);
    const candidate: VideoMatch = { referenceId, strictFrames: t.strict, looseFrames: t.loose, decisiveFrames: t.decisive, informativeFrames: frames.length, distance: t.distance, isMatch };
    if (!best || isAbove(rank(candidate), rank(best))) best = candidate;
  }
  return best;
}

/** Whether `a` comes before `b` in lexicographic order, largest first. */
function isAbove(a: number[], b: number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] > b[i];
  return false;
}
