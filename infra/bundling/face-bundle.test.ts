import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { buildBundles, type BuiltBundles } from '../../local/bundles/build';
import { probeFaceBundle } from '../../local/bundles/face-probe';
import { REPO_ROOT } from '../context';

/*
 * Likeness (issue 24): the deployable `likeness` bundle detects faces on its own. Built as `cdk synth` builds it,
 * outside the repository, it runs in a fresh process with only its layers (media: sharp; face: face-api with
 * TensorFlow.js) and the weights and wasm files its asset step copied beside it; nothing resolves from the
 * repository. bench:lambda measures the same probe's cold start and time per picture.
 */
const demo = path.join(path.dirname(createRequire(path.join(REPO_ROOT, 'package.json')).resolve('@vladmandic/face-api/package.json')), 'demo');

describe('the likeness bundle', () => {
  let built: BuiltBundles;
  beforeAll(async () => {
    built = await buildBundles({ only: (s) => s.name === 'likeness' });
  }, 120_000);
  afterAll(() => fs.rmSync(built.dir, { recursive: true, force: true }));

  it('carries the three networks and the wasm files, and the face layer holds face-api with TensorFlow.js in one file', () => {
    const dir = built.bundles.get('likeness')!.dir;
    expect(fs.readdirSync(path.join(dir, 'assets', 'face', 'model')).sort()).toEqual(expect.arrayContaining(['face_recognition_model.bin', 'ssd_mobilenetv1_model.bin', 'face_landmark_68_model.bin']));
    expect(fs.readdirSync(path.join(dir, 'assets', 'face', 'wasm'))).toContain('tfjs-backend-wasm-simd.wasm');
    const layerFile = path.join(built.faceLayer!.nodeModules, '@vladmandic', 'face-api', 'dist', 'face-api.node-wasm.js');
    expect(fs.readFileSync(layerFile, 'utf8')).not.toMatch(/require\("@tensorflow\//);
  });

  it('finds the faces of a photo from its own folder, with its layers only', () => {
    const probe = probeFaceBundle(built, [path.join(demo, 'sample1.jpg')]);
    expect(probe.bundleDir).toBe(built.bundles.get('likeness')!.dir);
    expect(probe.pictures).toEqual([{ ms: expect.any(Number), faces: 3 }]);
  }, 180_000);
});
