/**
 * The files functions/matching/likeness.ts reads at run time: face-api's weights of the three networks it uses
 * and TensorFlow.js's wasm builds. A Lambda bundle that holds likeness.ts gets them in `assets/face/model/` and
 * `assets/face/wasm/` (infra/bundling/copy-assets.ts reads these lists). No imports: infra reads it.
 */
/** The model files a bundle that detects faces must carry (copy-assets.ts copies them into `assets/face/model/`). */
export const FACE_MODEL_FILES = [
  'ssd_mobilenetv1_model-weights_manifest.json',
  'ssd_mobilenetv1_model.bin',
  'face_landmark_68_model-weights_manifest.json',
  'face_landmark_68_model.bin',
  'face_recognition_model-weights_manifest.json',
  'face_recognition_model.bin',
] as const;
export const FACE_WASM_FILES = ['tfjs-backend-wasm.wasm', 'tfjs-backend-wasm-simd.wasm', 'tfjs-backend-wasm-threaded-simd.wasm'] as const;

