import * as fs from 'node:fs';
import * as path from 'node:path';
import { buildSync, type BuildOptions, type Metafile } from 'esbuild';
import { REPO_ROOT } from '../context';
import { copyBundleAssets } from './copy-assets';
import { MEDIA_LAYER_MODULES } from '../layers/media-layer';
import { FACE_LAYER_MODULES } from '../layers/face-layer';
import { PDF_LAYER_MODULES } from '../layers/pdf-layer';

/**
 * The one definition of how a Lambda bundle is built. `ApiFunction`'s code (`lambdaCode`, the asset `cdk synth`
 * stages) and the local bundle builder (`local/bundles/build.ts`, for `VIGIL_HANDLERS=bundles` and
 * `npm run bench:lambda`) both come from `buildLambdaBundles`: the options of `LAMBDA_BUNDLE` and the asset step
 * (`copyBundleAssets`), so what the local runtime and the tests load is what `cdk deploy` uploads.
 */
export const LAMBDA_BUNDLE = {
  /** Lambda's runtime is Node 22 (VIGIL_RUNTIME). */
  target: 'node22',
  // ESM output: several dependencies (middy, openid-client, jose) ship ESM only.
  format: 'esm',
  mainFields: ['module', 'main'],
  minify: true,
  sourcemap: true,
  sourcesContent: false,
  /**
   * Gives bundled CommonJS code a `require` for Node built-ins and its `__dirname`/`__filename` (see `define`),
   * and records the bundle's own folder, so code finds the assets copied beside the bundle (`bundleDir()` in
   * functions/lib/bundle.ts) without resolving packages at run time.
   */
  banner:
    "import { createRequire as __vigilCreateRequire } from 'node:module'; import { dirname as __vigilDirnameOf } from 'node:path'; " +
    "import { fileURLToPath as __vigilFileURLToPath } from 'node:url'; const require = __vigilCreateRequire(import.meta.url); " +
    'const __vigilFilename = __vigilFileURLToPath(import.meta.url); const __vigilDirname = __vigilDirnameOf(__vigilFilename); ' +
    'globalThis.__VIGIL_BUNDLE_DIR__ = __vigilDirname;',
  /**
   * CommonJS modules that read `__dirname` (pdfmake's virtual file system does on every font lookup) get the
   * bundle's folder; an ES module has no such variable and would throw a ReferenceError. Only free references
   * are replaced, never a module's own variable of that name.
   */
  define: { __dirname: '__vigilDirname', __filename: '__vigilFilename' } as Record<string, string>,
  /**
   * sharp is never bundled: it loads its native binding (`@img/sharp-<platform>/sharp.node`) at run time
   * beside its own package, so it comes from the media layer (`/opt/nodejs/node_modules`). The PDF renderer
   * (pdfmake, fontkit) comes from the PDF layer, which keeps the `documents` area within the bundle budget; face
   * detection (face-api with TensorFlow.js) from the face layer, likewise for the `likeness` area.
   * Everything else, the AWS SDK included, is bundled, so Lambda runs the very versions the tests ran.
   */
  external: [...MEDIA_LAYER_MODULES, ...PDF_LAYER_MODULES, ...FACE_LAYER_MODULES] as string[],
  /** The bundle's file name inside its folder; the Lambda handler is `index.<export>`. */
  outfile: 'index.mjs',
} as const;

/** esbuild API options for LAMBDA_BUNDLE, for one entry built alone. */
export function esbuildOptions(entry: string, outDir: string): BuildOptions {
  return {
    entryPoints: [path.resolve(REPO_ROOT, entry)],
    outfile: path.join(outDir, LAMBDA_BUNDLE.outfile),
    bundle: true,
    platform: 'node',
    target: LAMBDA_BUNDLE.target,
    format: LAMBDA_BUNDLE.format,
    mainFields: [...LAMBDA_BUNDLE.mainFields],
    minify: LAMBDA_BUNDLE.minify,
    sourcemap: LAMBDA_BUNDLE.sourcemap,
    sourcesContent: LAMBDA_BUNDLE.sourcesContent,
    banner: { js: LAMBDA_BUNDLE.banner },
    define: { ...LAMBDA_BUNDLE.define },
    external: [...LAMBDA_BUNDLE.external],
    metafile: true,
    absWorkingDir: REPO_ROOT,
    logLevel: 'warning',
  };
}

/**
 * esbuild API options for several LAMBDA_BUNDLE bundles in one build, `outDir/<name>/index.mjs` each, from
 * `entries` (name to entry file). Without code splitting every output is a whole bundle of its entry, byte for
 * byte what `esbuildOptions` builds for that entry alone (infra/bundling/functions.test.ts checks it), but the
 * modules the functions share (the SDK, middy, the services) are parsed once instead of once per function:
 * esbuild takes about 9 s instead of 25 s for the 30 bundles on two cores.
 */
export function esbuildOptionsForMany(entries: Record<string, string>, outDir: string): BuildOptions {
  const { outfile: _outfile, entryPoints: _entryPoints, ...common } = esbuildOptions('', outDir);
  const stem = path.basename(LAMBDA_BUNDLE.outfile, path.extname(LAMBDA_BUNDLE.outfile));
  return {
    ...common,
    entryPoints: Object.entries(entries).map(([name, entry]) => ({ in: path.resolve(REPO_ROOT, entry), out: path.join(name, stem) })),
    outdir: outDir,
    outExtension: { '.js': path.extname(LAMBDA_BUNDLE.outfile) },
  };
}

/**
 * The metafile esbuild writes for one entry built alone, cut from the metafile of a build of many
 * (`esbuildOptionsForMany`): the inputs reachable from that output's entry point, and that output. The asset
 * step (`copyBundleAssets`) reads the inputs to know which modules the bundle holds.
 */
export function entryMetafile(metafile: Metafile, outfile: string): Metafile {
  // esbuild keys outputs by their path from absWorkingDir (REPO_ROOT), with forward slashes.
  const key = path.relative(REPO_ROOT, outfile).split(path.sep).join('/');
  const output = metafile.outputs[key];
  if (!output?.entryPoint) throw new Error(`${outfile} is not an entry point's output in this metafile`);
  const inputs: Metafile['inputs'] = {};
  const pending = [output.entryPoint];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    const input = metafile.inputs[file];
    if (!input || inputs[file]) continue;
    inputs[file] = input;
    pending.push(...input.imports.filter((i) => !i.external).map((i) => i.path));
  }
  return { inputs, outputs: { [key]: output } };
}

/**
 * Builds the bundle of each of `entries` (folder name to entry file) into `outDir/<name>/`: `index.mjs`, its
 * source map and the assets its modules read at run time. One esbuild run for all of them
 * (`esbuildOptionsForMany`), then the asset step per bundle. Synchronous, because CDK stages an asset while the
 * construct is created. Returns each bundle's folder.
 */
export function buildLambdaBundles(entries: Record<string, string>, outDir: string): Map<string, string> {
  const names = Object.keys(entries);
  for (const name of names) fs.rmSync(path.join(outDir, name), { recursive: true, force: true });
  const { metafile } = buildSync(esbuildOptionsForMany(entries, outDir));
  const dirs = new Map<string, string>();
  for (const name of names) {
    const dir = path.join(outDir, name);
    copyBundleAssets(dir, entryMetafile(metafile!, path.join(dir, LAMBDA_BUNDLE.outfile)));
    dirs.set(name, dir);
  }
  return dirs;
}
