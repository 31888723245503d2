import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { COPY_ASSETS_SCRIPT, entryMetafile, esbuildOptionsForMany, LAMBDA_BUNDLE } from '../../infra/bundling/lambda-bundle';
import { lambdaFunctions, type LambdaFunctionSpec } from '../../infra/bundling/functions';
import { REPO_ROOT } from '../../infra/context';
import { buildLocalMediaLayer } from '../../infra/layers/local-media-layer';
import { buildPdfLayer } from '../../infra/layers/pdf-layer';

const run = promisify(execFile);

export interface BuiltBundle {
  spec: LambdaFunctionSpec;
  /** The bundle's folder (its Lambda task root): index.mjs, its source map and its assets. */
  dir: string;
  file: string;
}

export interface BuiltBundles {
  /** The root folder, outside the repository. */
  dir: string;
  bundles: Map<string, BuiltBundle>;
  /** The child process's entry (local/bundles/runner.mjs, copied beside the bundles). */
  runner: string;
  /** The media layer for this platform, laid out as Lambda's /opt. */
  layer: { dir: string; nodeModules: string; environment: Record<string, string> };
  /** The PDF layer (pdfmake, pdfkit, fontkit), laid out as Lambda's /opt. */
  pdfLayer: { dir: string; nodeModules: string };
}

/**
 * What Lambda adds to a function's environment for its layers: their `/opt/nodejs/node_modules` on NODE_PATH
 * (here each layer's own folder; the runner's resolve hook reads NODE_PATH) and the media layer's variables.
 */
export function layerEnvironment(built: BuiltBundles, spec: LambdaFunctionSpec): Record<string, string> {
  const paths = [...(spec.media ? [built.layer.nodeModules] : []), ...(spec.pdf ? [built.pdfLayer.nodeModules] : [])];
  return { ...(paths.length ? { NODE_PATH: paths.join(path.delimiter) } : {}), ...(spec.media ? built.layer.environment : {}) };
}

/**
 * Builds every function's Lambda bundle as `cdk synth` does (the options of infra/bundling/lambda-bundle.ts
 * and the same asset step, infra/bundling/copy-assets.mjs) into `dir/<name>/`, a folder outside the
 * repository (default: a new one under the OS temp dir), with the local media layer in `dir/opt/`, the PDF layer in `dir/opt-pdf/` and the
 * child runner. A bundle that would need anything from the repository at run time fails when it runs there.
 */
export async function buildBundles(opts: { dir?: string; only?: (spec: LambdaFunctionSpec) => boolean; media?: boolean } = {}): Promise<BuiltBundles> {
  const dir = path.resolve(opts.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-bundles-')));
  if (isInside(dir, REPO_ROOT)) throw new Error(`the bundles must be built outside the repository, not in ${dir}`);
  fs.mkdirSync(dir, { recursive: true });
  const specs = lambdaFunctions().filter(opts.only ?? (() => true));
  const bundles = new Map<string, BuiltBundle>();
  for (const spec of specs) fs.rmSync(path.join(dir, spec.name), { recursive: true, force: true });
  // One build for all of them (the shared modules parsed once); each output is what a build of its entry gives.
  const { metafile } = await build(esbuildOptionsForMany(Object.fromEntries(specs.map((spec) => [spec.name, spec.entry])), dir));
  await Promise.all(
    specs.map(async (spec) => {
      const out = path.join(dir, spec.name);
      const file = path.join(out, LAMBDA_BUNDLE.outfile);
      fs.writeFileSync(path.join(out, LAMBDA_BUNDLE.metafile), JSON.stringify(entryMetafile(metafile!, file)));
      // The very command NodejsFunction's afterBundling hook runs.
      await run(process.execPath, [COPY_ASSETS_SCRIPT, out]);
      bundles.set(spec.name, { spec, dir: out, file });
    }),
  );
  const runner = path.join(dir, 'runner.mjs');
  fs.copyFileSync(path.join(__dirname, 'runner.mjs'), runner);
  const layerDir = path.join(dir, 'opt');
  const layer =
    opts.media === false
      ? { dir: layerDir, nodeModules: path.join(layerDir, 'nodejs', 'node_modules'), environment: {} }
      : buildLocalMediaLayer(layerDir);
  const pdfLayerDir = path.join(dir, 'opt-pdf');
  fs.rmSync(pdfLayerDir, { recursive: true, force: true });
  return { dir, bundles, runner, layer, pdfLayer: buildPdfLayer(pdfLayerDir) };
}

function isInside(child: string, parent: string): boolean {
  const rel = path.relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}
