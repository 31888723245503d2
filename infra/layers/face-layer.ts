import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import { buildSync } from 'esbuild';
import { REPO_ROOT } from '../context';

/**
 * The face layer (likeness matching, issue 24): @vladmandic/face-api with TensorFlow.js and its WebAssembly
 * backend, about 2.4 MB of JavaScript (600 KB gzip), which would put the likeness API area over the bundle
 * budget (ARCHITECTURE.md, "Lambda bundles"). Every bundle leaves these packages out (LAMBDA_BUNDLE.external);
 * the functions that detect faces (the `likeness` area, Triage) get this layer. The packages themselves hold
 * over 100 MB of builds for other targets, so the layer is not a copy of them: it is face-api's
 * `dist/face-api.node-wasm.js` bundled once with the two TensorFlow.js packages it requires into that same path
 * (`nodejs/node_modules/@vladmandic/face-api/`, with face-api's package.json), at synth and by the local bundle
 * builder, by esbuild from the project's node_modules. Plain JavaScript, so it serves arm64 too. The weights and
 * the `.wasm` files are not in it: they are bundle assets (infra/bundling/copy-assets.ts, `assets/face/`).
 */

/** Module specifiers the layer provides (and every bundle leaves out; esbuild treats their subpaths alike). */
export const FACE_LAYER_MODULES = ['@vladmandic/face-api', '@tensorflow/tfjs', '@tensorflow/tfjs-backend-wasm'] as const;
/** The one file functions import (functions/matching/likeness.ts). */
export const FACE_API_ENTRY = '@vladmandic/face-api/dist/face-api.node-wasm.js';
/** SPDX expression of the layer's content (face-api MIT, TensorFlow.js Apache-2.0, and their dependencies). */
export const FACE_LAYER_LICENSE = 'MIT AND Apache-2.0';

/** Lays the layer out in `outDir` (`nodejs/node_modules/...`); returns its node_modules folder. */
export function buildFaceLayer(outDir: string): { dir: string; nodeModules: string } {
  const nodeModules = path.join(outDir, 'nodejs', 'node_modules');
  const req = createRequire(path.join(REPO_ROOT, 'package.json'));
  const pkgDir = path.join(nodeModules, '@vladmandic', 'face-api');
  fs.mkdirSync(path.join(pkgDir, 'dist'), { recursive: true });
  fs.copyFileSync(req.resolve('@vladmandic/face-api/package.json'), path.join(pkgDir, 'package.json'));
  buildSync({
    entryPoints: [req.resolve(FACE_API_ENTRY)],
    outfile: path.join(pkgDir, 'dist', 'face-api.node-wasm.js'),
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'cjs',
    minify: true,
    legalComments: 'eof',
    logLevel: 'error',
    absWorkingDir: REPO_ROOT,
  });
  return { dir: outDir, nodeModules };
}

let synthDir: string | undefined;
/** The layer for `cdk synth`, built once per process in a folder of its own (the asset is hashed by content). */
export function faceLayerForSynth(): string {
  synthDir ??= buildFaceLayer(fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-face-layer-'))).dir;
  return synthDir;
}
