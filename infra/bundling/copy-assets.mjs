#!/usr/bin/env node
/**
 * The asset step of every Lambda bundle: `node infra/bundling/copy-assets.mjs <bundle dir>`, run by
 * NodejsFunction's afterBundling hook on `cdk synth` and by the local bundle builder, so both ship the same
 * files. esbuild bundles code only; a module that reads a file from disk at run time (a font) gets that file
 * here, copied beside the bundle under `assets/`, and finds it there through `bundleDir()`
 * (functions/lib/bundle.ts). Which bundle needs what is read from esbuild's metafile: a rule applies when one
 * of the bundle's inputs ends with the rule's module path, so only bundles that hold the module carry its files.
 * The metafile is removed afterwards (Lambda has no use for it).
 *
 * Plain JavaScript on purpose: the hook runs with `node` alone, once per function, on every synth.
 */
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const resolveFromRepo = createRequire(path.join(REPO_ROOT, 'package.json')).resolve;
const pdfmakeFonts = () => path.join(path.dirname(resolveFromRepo('pdfmake/package.json')), 'fonts', 'Roboto');

/**
 * What each module reads at run time, and where it goes in the bundle (relative to the bundle's folder).
 * Keep `to` in step with the module's own bundle path (notice-fonts.ts: `assets/fonts/<file>`).
 */
export const ASSET_RULES = [
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
];

/** Copies the assets the bundle in `outDir` needs (read from its metafile); returns the copied paths. */
export function copyBundleAssets(outDir, metafileName = 'index.meta.json') {
  const metafilePath = path.join(outDir, metafileName);
  const meta = JSON.parse(fs.readFileSync(metafilePath, 'utf8'));
  const inputs = Object.keys(meta.inputs).map((p) => p.split(path.sep).join('/'));
  const copied = [];
  for (const rule of ASSET_RULES) {
    if (!inputs.some((input) => input === rule.module || input.endsWith(`/${rule.module}`))) continue;
    for (const { from, to } of rule.files()) {
      const target = path.join(outDir, to);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.copyFileSync(from, target);
      copied.push(to);
    }
  }
  fs.rmSync(metafilePath);
  return copied;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outDir = process.argv[2];
  if (!outDir) {
    console.error('usage: node infra/bundling/copy-assets.mjs <bundle dir>');
    process.exit(2);
  }
  copyBundleAssets(outDir);
}
