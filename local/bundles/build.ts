import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { COPY_ASSETS_SCRIPT, esbuildOptions, LAMBDA_BUNDLE } from '../../infra/bundling/lambda-bundle';
import { lambdaFunctions, type LambdaFunctionSpec } from '../../infra/bundling/functions';
import { REPO_ROOT } from '../../infra/context';
import { buildLocalMediaLayer } from '../../infra/layers/local-media-layer';

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
}

/**
 * Builds every function's Lambda bundle as `cdk synth` does (the options of infra/bundling/lambda-bundle.ts
 * and the same asset step, infra/bundling/copy-assets.mjs) into `dir/<name>/`, a folder outside the
 * repository (default: a new one under the OS temp dir), with the local media layer in `dir/opt/` and the
 * child runner. A bundle that would need anything from the repository at run time fails when it runs there.
 */
export async function buildBundles(opts: { dir?: string; only?: (spec: LambdaFunctionSpec) => boolean; media?: boolean } = {}): Promise<BuiltBundles> {
  const dir = path.resolve(opts.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-bundles-')));
  if (isInside(dir, REPO_ROOT)) throw new Error(`the bundles must be built outside the repository, not in ${dir}`);
  fs.mkdirSync(dir, { recursive: true });
  const specs = lambdaFunctions().filter(opts.only ?? (() => true));
  const bundles = new Map<string, BuiltBundle>();
  await Promise.all(
    specs.map(async (spec) => {
      const out = path.join(dir, spec.name);
      fs.rmSync(out, { recursive: true, force: true });
      const result = await build(esbuildOptions(spec.entry, out));
      fs.writeFileSync(path.join(out, LAMBDA_BUNDLE.metafile), JSON.stringify(result.metafile));
      // The very command NodejsFunction's afterBundling hook runs.
      await run(process.execPath, [COPY_ASSETS_SCRIPT, out]);
      bundles.set(spec.name, { spec, dir: out, file: path.join(out, LAMBDA_BUNDLE.outfile) });
    }),
  );
  const runner = path.join(dir, 'runner.mjs');
  fs.copyFileSync(path.join(__dirname, 'runner.mjs'), runner);
  const layerDir = path.join(dir, 'opt');
  const layer =
    opts.media === false
      ? { dir: layerDir, nodeModules: path.join(layerDir, 'nodejs', 'node_modules'), environment: {} }
      : buildLocalMediaLayer(layerDir);
  return { dir, bundles, runner, layer };
}

function isInside(child: string, parent: string): boolean {
  const rel = path.relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}
