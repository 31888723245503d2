import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { buildSync } from 'esbuild';
import { copyBundleAssets } from '../../infra/bundling/copy-assets';
import { esbuildOptions } from '../../infra/bundling/lambda-bundle';
import { layerEnvironment, type BuiltBundles } from './build';

export interface FaceProbe {
  /** Loading face-api, TensorFlow.js's wasm backend and the three networks in a fresh process (ms). */
  loadMs: number;
  /** Per photo: detection, landmarks and descriptors (ms), and the faces found. */
  pictures: { ms: number; faces: number }[];
  /** The folder the probe found its assets in (the bundle's). */
  bundleDir: string;
  /** Wall time of the whole process (ms): Node start, the import, the load and the photos. */
  wallMs: number;
}

/**
 * Runs face detection as the `likeness` function's bundle does on Lambda (local/bundles/face-probe-entry.ts):
 * built with the Lambda options into that bundle's folder, in a fresh process through the runner, with the
 * function's layers only. Throws when it fails (a missing layer, asset or model).
 */
export function probeFaceBundle(built: BuiltBundles, photos: string[]): FaceProbe {
  const bundle = built.bundles.get('likeness');
  if (!bundle) throw new Error('no likeness bundle was built');
  const opts = esbuildOptions('local/bundles/face-probe-entry.ts', bundle.dir);
  const outfile = path.join(bundle.dir, 'face-probe.mjs');
  const { metafile } = buildSync({ ...opts, outfile, sourcemap: false });
  copyBundleAssets(bundle.dir, metafile!);
  const { NODE_OPTIONS: _o, NODE_PATH: _p, ...env } = process.env;
  const started = process.hrtime.bigint();
  const res = spawnSync(process.execPath, [built.runner, outfile], {
    cwd: bundle.dir,
    env: { ...env, ...layerEnvironment(built, bundle.spec), VIGIL_FACE_PROBE_PHOTOS: JSON.stringify(photos) },
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 1024 * 1024,
  });
  const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
  rmSync(outfile, { force: true });
  if (res.status !== 0) throw new Error(`the face probe failed (exit ${res.status}): ${res.stderr.toString().slice(-1500)}`);
  const line = res.stdout.toString().trim().split('\n').pop()!;
  return { ...(JSON.parse(line) as Omit<FaceProbe, 'wallMs'>), wallMs };
}
