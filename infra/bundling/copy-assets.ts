import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import type { Metafile } from 'esbuild';
import { FACE_MODEL_FILES, FACE_WASM_FILES } from '../../functions/matching/likeness-files';
import { REPO_ROOT } from '../context';

/**
 * The asset step of every Lambda bundle (`buildLambdaBundles`, for `cdk synth` and the local runtime alike).
 * esbuild bundles code only; a module that reads a file from disk at run time (a font) gets that file here,
 * copied beside the bundle under `assets/`, and finds it there through `bundleDir()` (functions/lib/bundle.ts).
 * Which bundle needs what is read from the bundle's esbuild metafile: a rule applies when one of the bundle's
 * inputs ends with the rule's module path, so only bundles that hold the module carry its files.
 */

const resolveFromRepo = createRequire(path.join(REPO_ROOT, 'package.json')).resolve;
const pdfmakeFonts = () => path.join(path.dirname(resolveFromRepo('pdfmake/package.json')), 'fonts', 'Roboto');

/**
 * What each module reads at run time, and where it goes in the bundle (relative to the bundle's folder).
 * Keep `to` in step with the module's own bundle path (notice-fonts.ts: `assets/fonts/<file>`).
 */
const faceApiModels = () => path.join(path.dirname(resolveFromRepo('@vladmandic/face-api/package.json')), 'model');
const tfjsWasm = () => path.join(path.dirname(resolveFromRepo('@tensorflow/tfjs-backend-wasm/package.json')), 'dist');

const ASSET_RULES = [
  {
    module: 'notice-fonts.ts',
    files: () => [
      ...['Roboto-Regular.ttf', 'Roboto-Medium.ttf', 'Roboto-Italic.ttf', 'Roboto-MediumItalic.ttf'].map((name) => ({
        from: path.join(pdfmakeFonts(), name),
        to: `assets/fonts/${name}`,
      })),
      {
        from: resolveFromRepo('@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf'),
        to: 'assets/fonts/NotoSansJP-Regular.ttf',
      },
    ],
  },
  {
    // Likeness (issue 24): the three networks' weights and TensorFlow.js's wasm files, read by
    // functions/matching/likeness.ts from `assets/face/` (its FACE_MODEL_FILES and FACE_WASM_FILES).
    module: 'matching/likeness.ts',
    files: () => [
      ...FACE_MODEL_FILES.map((name) => ({ from: path.join(faceApiModels(), name), to: `assets/face/model/${name}` })),
      ...FACE_WASM_FILES.map((name) => ({ from: path.join(tfjsWasm(), name), to: `assets/face/wasm/${name}` })),
    ],
  },
];

/** Copies the assets the bundle in `outDir` needs (its inputs read from `metafile`). */
export function copyBundleAssets(outDir: string, metafile: Metafile): void {
  const inputs = Object.keys(metafile.inputs).map((p) => p.split(path.sep).join('/'));
  for (const rule of ASSET_RULES) {
    if (!inputs.some((input) => input === rule.module || input.endsWith(`/${rule.module}`))) continue;
    for (const { from, to } of rule.files()) {
      const target = path.join(outDir, to);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.copyFileSync(from, target);
    }
  }
}
