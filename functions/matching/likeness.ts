import { createRequire } from 'node:module';
import path from 'node:path';
import { loadSharp } from '../lib/sharp';
import { bundleDir } from '../lib/bundle';
import { FACE_WASM_FILES } from './likeness-files';

/**
 * Likeness (face) matching: finds faces in a picture and describes each by a 128-number embedding
 * (@vladmandic/face-api: SSD-MobileNet v1 detector, 68-point landmarks for alignment, the dlib-style ResNet
 * descriptor), on TensorFlow.js with its WebAssembly backend. Nothing is downloaded: the weights ship in
 * face-api's `model/` folder and the `.wasm` files in @tensorflow/tfjs-backend-wasm.
 *
 * The library is large (about 600 KB gzip with TensorFlow.js), so it is loaded lazily, once per container, by
 * `await import()` on the first call: only the functions that detect faces (the likeness API area and Triage)
 * pay for it, and only when a creator has opted in. In a Lambda bundle the code comes from the face layer
 * (infra/layers/face-layer.ts) and the weights and wasm files from the bundle's `assets/face/` folder
 * (infra/bundling/copy-assets.ts); from source they are read from their packages.
 */

/** A face found in a picture: where (fractions 0..1 of the picture), how sure the detector is, and its embedding. */
export interface Face {
  box: { x: number; y: number; w: number; h: number };
  /** Detector confidence, 0..1. */
  score: number;
  /** 128 numbers; two faces of one person are within LIKENESS_THRESHOLD (Euclidean). */
  descriptor: number[];
  /** The face's size in pixels of the original picture (its shorter side). */
  sizePx: number;
}

/**
 * Euclidean distance at or below which two faces are taken for one person. face-api's authors suggest 0.6 for
 * "same person"; Vigil uses a stricter 0.5 because a likeness result names a person in a takedown flow, so a
 * false accept costs more than a miss. How it was chosen, and what cannot be measured offline: bench/README.md
 * ("Likeness").
 */
export const LIKENESS_THRESHOLD = 0.5;
/**
 * The enrolled faces must look like one person: each within this distance of most of the others (face-api's
 * suggested same-person distance; photos of one person taken apart in time are further apart than edits).
 */
export const ENROL_SAME_PERSON = 0.6;
/** Pictures are downscaled so their longer side is at most this many pixels before detection (2-8 s per full-size photo otherwise). */
export const DETECT_MAX_SIDE = 800;
/** Faces below this detector score are ignored. */
export const MIN_DETECTION_SCORE = 0.5;
/** An enrolment photo's face must be at least this sure and this large (shorter side, pixels of the original). */
export const ENROL_MIN_SCORE = 0.8;
export const ENROL_MIN_FACE_PX = 80;

type FaceApi = typeof import('@vladmandic/face-api/dist/face-api.node-wasm.js');

/** Where the weights and the wasm files are: beside the bundle, or in their packages when run from source. */
function assetDirs(): { model: string; wasm: string } {
  const bundled = bundleDir();
  if (bundled) return { model: path.join(bundled, 'assets', 'face', 'model'), wasm: path.join(bundled, 'assets', 'face', 'wasm') };
  const req = createRequire(path.join(process.cwd(), 'package.json'));
  return {
    model: path.join(path.dirname(req.resolve('@vladmandic/face-api/package.json')), 'model'),
    wasm: path.join(path.dirname(req.resolve('@tensorflow/tfjs-backend-wasm/package.json')), 'dist'),
  };
}

let loading: Promise<FaceApi> | undefined;

/** Loads the library and the three networks, once per container (a failed load is tried again on the next call). */
export function loadFaceModels(): Promise<FaceApi> {
  loading ??= (async () => {
    const mod = (await import('@vladmandic/face-api/dist/face-api.node-wasm.js')) as FaceApi & { default?: FaceApi };
    const faceapi = (mod.default ?? mod) as FaceApi;
    const dirs = assetDirs();
    const tf = faceapi.tf as unknown as {
      setWasmPaths: (p: string | Record<string, string>) => void;
      setBackend: (b: string) => Promise<boolean>;
      ready: () => Promise<void>;
      env: () => { set: (k: string, v: unknown) => void };
    };
    // Local files by name (nothing is fetched); TensorFlow.js picks the SIMD build where Node supports it.
    tf.setWasmPaths(Object.fromEntries(FACE_WASM_FILES.map((name) => [name, path.join(dirs.wasm, name)])));
    await tf.setBackend('wasm');
    await tf.ready();
    await faceapi.nets.ssdMobilenetv1.loadFromDisk(dirs.model);
    await faceapi.nets.faceLandmark68Net.loadFromDisk(dirs.model);
    await faceapi.nets.faceRecognitionNet.loadFromDisk(dirs.model);
    return faceapi;
  })();
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/** Decodes a picture (any format sharp reads), downscaled to DETECT_MAX_SIDE, as RGB bytes. */
async function decodeForDetection(bytes: Buffer, maxPixels?: number): Promise<{ data: Buffer; width: number; height: number; originalShort: number; scale: number }> {
  const sharp = await loadSharp();
  const img = sharp(bytes, { limitInputPixels: maxPixels ?? 100_000_000, failOn: 'error' }).rotate();
  const meta = await img.metadata();
  const ow = meta.autoOrient?.width ?? meta.width ?? 0;
  const oh = meta.autoOrient?.height ?? meta.height ?? 0;
  const { data, info } = await img
    .resize({ width: DETECT_MAX_SIDE, height: DETECT_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, originalShort: Math.min(ow, oh), scale: ow > 0 ? ow / info.width : 1 };
}

/** Finds the faces in a picture, best first. */
export async function detectFaces(bytes: Buffer, opts: { maxPixels?: number; maxFaces?: number } = {}): Promise<Face[]> {
  const faceapi = await loadFaceModels();
  const img = await decodeForDetection(bytes, opts.maxPixels);
  const tf = faceapi.tf;
  const tensor = tf.tensor3d(new Int32Array(img.data), [img.height, img.width, 3], 'int32');
  try {
    const found = await faceapi
      .detectAllFaces(tensor as never, new faceapi.SsdMobilenetv1Options({ minConfidence: MIN_DETECTION_SCORE, maxResults: opts.maxFaces ?? 10 }))
      .withFaceLandmarks()
      .withFaceDescriptors();
    return found
      .map((f) => {
        const b = f.detection.box;
        const x = Math.max(0, b.x / img.width);
        const y = Math.max(0, b.y / img.height);
        return {
          box: { x, y, w: Math.min(1 - x, b.width / img.width), h: Math.min(1 - y, b.height / img.height) },
          score: f.detection.score,
          descriptor: Array.from(f.descriptor, (v) => Math.round(v * 1e5) / 1e5),
          sizePx: Math.round(Math.min(b.width, b.height) * img.scale),
        };
      })
      .sort((a, b) => b.score - a.score);
  } finally {
    tensor.dispose();
  }
}

/** Euclidean distance between two embeddings. */
export function faceDistance(a: readonly number[], b: readonly number[]): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) {
    const d = a[i]! - (b[i] ?? 0);
    s += d * d;
  }
  return Math.sqrt(s);
}

/** The closest pair between found faces and enrolled ones, or undefined when there is none within the threshold. */
export function closestFace<E extends { descriptor: readonly number[] }>(found: readonly Face[], enrolled: readonly E[], threshold = LIKENESS_THRESHOLD): { face: Face; enrolled: E; distance: number } | undefined {
  let best: { face: Face; enrolled: E; distance: number } | undefined;
  for (const face of found) {
    for (const e of enrolled) {
      const distance = faceDistance(face.descriptor, e.descriptor);
      if (distance <= threshold && (!best || distance < best.distance)) best = { face, enrolled: e, distance };
    }
  }
  return best;
}

/** A small JPEG of a face (the box widened by a quarter), for the creator to confirm and for a review to show. */
export async function faceCrop(bytes: Buffer, box: Face['box'], size = 112): Promise<Buffer> {
  const sharp = await loadSharp();
  const img = sharp(bytes, { limitInputPixels: 100_000_000 }).rotate();
  const meta = await img.metadata();
  const W = meta.autoOrient?.width ?? meta.width ?? 0;
  const H = meta.autoOrient?.height ?? meta.height ?? 0;
  const pad = 0.25;
  const left = Math.max(0, Math.floor((box.x - box.w * pad) * W));
  const top = Math.max(0, Math.floor((box.y - box.h * pad) * H));
  const right = Math.min(W, Math.ceil((box.x + box.w * (1 + pad)) * W));
  const bottom = Math.min(H, Math.ceil((box.y + box.h * (1 + pad)) * H));
  return sharp(await img.toBuffer())
    .extract({ left, top, width: Math.max(1, right - left), height: Math.max(1, bottom - top) })
    .resize(size, size, { fit: 'cover' })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** The indexes of faces that are not within ENROL_SAME_PERSON of at least half of the others (empty: one person). */
export function outlierFaces(descriptors: readonly (readonly number[])[]): number[] {
  return descriptors
    .map((d, i) => {
      const others = descriptors.filter((_, j) => j !== i);
      const close = others.filter((o) => faceDistance(d, o) <= ENROL_SAME_PERSON).length;
      return close * 2 >= others.length ? -1 : i;
    })
    .filter((i) => i >= 0);
}

/** Why a face cannot be enrolled (one sentence), or undefined when it can. */
export function enrolmentProblem(faces: readonly Face[]): string | undefined {
  if (faces.length === 0) return 'No face was found in this photo. Use a clear, front-facing photo of yourself.';
  if (faces.length > 1) return `This photo shows ${faces.length} faces. Use a photo with only your face in it.`;
  const f = faces[0]!;
  if (f.sizePx < ENROL_MIN_FACE_PX) return `The face is too small (${f.sizePx} px). Use a photo where your face is at least ${ENROL_MIN_FACE_PX} px wide.`;
  if (f.score < ENROL_MIN_SCORE) return 'The face is not clear enough (blurred, turned away or covered). Use a sharper, front-facing photo.';
  return undefined;
}
