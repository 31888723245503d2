/**
 * The face probe (bench:lambda and infra/bundling/face-bundle.test.ts): functions/matching/likeness.ts built with
 * the Lambda bundle options into the `likeness` function's bundle folder, so it runs as deployed: face-api from
 * the face layer (through the runner's layer resolution), sharp from the media layer, the weights and wasm from
 * the bundle's `assets/face/`. At import it loads the models (the cold start a likeness function pays once),
 * detects the faces of each photo named in VIGIL_FACE_PROBE_PHOTOS (a JSON list of paths) and prints one JSON line.
 */
import { readFileSync } from 'node:fs';
import { detectFaces, loadFaceModels } from '../../functions/matching/likeness';

const photos = JSON.parse(process.env.VIGIL_FACE_PROBE_PHOTOS ?? '[]') as string[];
const started = performance.now();
await loadFaceModels();
const loadMs = performance.now() - started;
const pictures: { ms: number; faces: number }[] = [];
for (const file of photos) {
  const t = performance.now();
  const faces = await detectFaces(readFileSync(file));
  pictures.push({ ms: performance.now() - t, faces: faces.length });
}
process.stdout.write(`${JSON.stringify({ loadMs, pictures, bundleDir: (globalThis as { __VIGIL_BUNDLE_DIR__?: string }).__VIGIL_BUNDLE_DIR__ })}\n`);
