import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { buildLambdaBundles, LAMBDA_BUNDLE } from '../../infra/bundling/lambda-bundle';
import { lambdaFunctions, type LambdaFunctionSpec } from '../../infra/bundling/functions';
import { REPO_ROOT } from '../../infra/context';
import { buildLocalMediaLayer } from '../../infra/layers/local-media-layer';
import { buildFaceLayer } from '../../infra/layers/face-layer';
import { buildPdfLayer } from '../../infra/layers/pdf-layer';

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
  /** The face layer (face-api with TensorFlow.js), laid out as Lambda's /opt; built only when a function needs it. */
  faceLayer?: { dir: string; nodeModules: string };
}

/**
 * What Lambda adds to a function's environment for its layers: their `/opt/nodejs/node_modules` on NODE_PATH
 * (here each layer's own folder; the runner's resolve hook reads NODE_PATH) and the media layer's variables.
 */
export function layerEnvironment(built: BuiltBundles, spec: LambdaFunctionSpec): Record<string, string> {
  const paths = [
    ...(spec.media ? [built.layer.nodeModules] : []),
    ...(spec.pdf ? [built.pdfLayer.nodeModules] : []),
    ...(spec.face && built.faceLayer ? [built.faceLayer.nodeModules] : []),
  ];
  return { ...(paths.length ? { NODE_PATH: paths.join(path.delimiter) } : {}), ...(spec.media ? built.layer.environment : {}) };
}

/**
 * Builds every function's Lambda bundle as `cdk synth` does (`buildLambdaBundles`: the options of
 * infra/bundling/lambda-bundle.ts and the same asset step) into `dir/<name>/`, a folder outside the
 * repository (default: a new one under the OS temp dir), with the local media layer in `dir/opt/`, the PDF layer in `dir/opt-pdf/` and the
 * child runner. A bundle that would need anything from the repository at run time fails when it runs there.
 */
export async function buildBundles(opts: { dir?: string; only?: (spec: LambdaFunctionSpec) => boolean; media?: boolean } = {}): Promise<BuiltBundles> {
  const dir = path.resolve(opts.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-bundles-')));
  if (isInside(dir, REPO_ROOT)) throw new Error(`the bundles must be built outside the repository, not in ${dir}`);
  fs.mkdirSync(dir, { recursive: true });
  const specs = lambdaFunctions().filter(opts.only ?? (() => true));
  const dirs = buildLambdaBundles(Object.fromEntries(specs.map((spec) => [spec.name, spec.entry])), dir);
  const bundles = new Map<string, BuiltBundle>(
    specs.map((spec) => [spec.name, { spec, dir: dirs.get(spec.name)!, file: path.join(dirs.get(spec.name)!, LAMBDA_BUNDLE.outfile) }]),
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
  const faceLayerDir = path.join(dir, 'opt-face');
  fs.rmSync(faceLayerDir, { recursive: true, force: true });
  const faceLayer = specs.some((s) => s.face) ? buildFaceLayer(faceLayerDir) : undefined;
  return { dir, bundles, runner, layer, pdfLayer: buildPdfLayer(pdfLayerDir), faceLayer };
}

function isInside(child: string, parent: string): boolean {
  const rel = path.relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}
