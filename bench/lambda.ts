/**
 * Lambda bundle budget:
 *   npm run bench:lambda -- [--out FILE] [--runs N]
 * Builds every function's bundle exactly as `cdk synth` does (local/bundles/build.ts, the options of
 * infra/bundling/lambda-bundle.ts) into a folder under the OS temp dir, then for each bundle measures its size
 * (index.mjs, raw and gzip) and its cold init: the wall time of a fresh `node` process that imports it (through
 * the same runner as the local runtime's bundles mode, with the layers of the functions that have them),
 * median of N runs (default 5), as a ratio to the same process importing an empty ES module. Then the likeness
 * bundle's face detection as deployed (local/bundles/face-probe.ts): the models' load at a cold start and the
 * time per picture on face-api's demo photos (`face` in the JSON). Exit code 0 even over budget.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import type { LambdaFunctionSpec } from '../infra/bundling/functions';
import { createRequire } from 'node:module';
import { buildBundles, layerEnvironment, type BuiltBundles } from '../local/bundles/build';
import { probeFaceBundle } from '../local/bundles/face-probe';
import { OUT_DIR, writeReport } from './support/output';
import { median } from './support/stats';
import { renderTable } from './support/table';

/** Every API bundle at most this much gzipped (issue 9): a cold start downloads and parses all of it. */
export const API_BUNDLE_GZIP_BUDGET_KB = 400;
const KB = 1024;

const log = (...parts: unknown[]) => process.stderr.write(parts.join(' ') + '\n');

/** Wall time (ms) of a fresh process importing `file` through the runner. */
function coldImportMs(built: BuiltBundles, file: string, spec?: LambdaFunctionSpec): number {
  const { NODE_OPTIONS: _o, NODE_PATH: _p, ...env } = process.env;
  const started = process.hrtime.bigint();
  const res = spawnSync(process.execPath, [built.runner, file], {
    cwd: path.dirname(file),
    env: spec ? { ...env, ...layerEnvironment(built, spec) } : env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (res.status !== 0) throw new Error(`importing ${file} failed (exit ${res.status}): ${res.stderr.toString().slice(0, 500)}`);
  return ms;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { out: { type: 'string', default: path.join(OUT_DIR, 'lambda.json') }, runs: { type: 'string', default: '5' } },
  });
  const runs = Math.max(1, Number(values.runs));
  log('building the bundles (as cdk synth does)...');
  const built = await buildBundles();
  try {
    const empty = path.join(built.dir, 'empty.mjs');
    writeFileSync(empty, 'export {};\n');
    const baselineMs = median(Array.from({ length: runs }, () => coldImportMs(built, empty)));
    log(`empty ES module: ${baselineMs.toFixed(1)} ms (median of ${runs})`);

    const bundles: Record<string, { kind: string; bytes: number; gzipBytes: number; initMs: number; initRatio: number }> = {};
    for (const [name, b] of [...built.bundles].sort(([a], [c]) => a.localeCompare(c))) {
      const code = readFileSync(b.file);
      const initMs = median(Array.from({ length: runs }, () => coldImportMs(built, b.file, b.spec)));
      bundles[name] = {
        kind: b.spec.kind,
        bytes: code.length,
        gzipBytes: gzipSync(code).length,
        initMs: Math.round(initMs * 10) / 10,
        initRatio: Math.round((initMs / baselineMs) * 100) / 100,
      };
      log(`${name}: ${(code.length / KB).toFixed(0)} KB, init ${initMs.toFixed(0)} ms`);
    }

    const rows = Object.entries(bundles).sort(([, a], [, b]) => b.gzipBytes - a.gzipBytes);
    console.log(
      renderTable(
        ['bundle', 'kind', 'KB', 'gzip KB', 'init ms', 'init ratio'],
        rows.map(([name, b]) => [name, b.kind, (b.bytes / KB).toFixed(0), (b.gzipBytes / KB).toFixed(0), b.initMs.toFixed(0), b.initRatio.toFixed(2)]),
        ['left', 'left', 'right', 'right', 'right', 'right'],
      ),
    );
    const over = rows.filter(([, b]) => b.kind === 'area' && b.gzipBytes / KB > API_BUNDLE_GZIP_BUDGET_KB).map(([n]) => n);
    console.log('');
    console.log(
      over.length
        ? `OVER BUDGET: API bundles over ${API_BUNDLE_GZIP_BUDGET_KB} KB gzip: ${over.join(', ')}.`
        : `MET: every API bundle is at most ${API_BUNDLE_GZIP_BUDGET_KB} KB gzip.`,
    );
    // Likeness (issue 24): the likeness bundle's cold start with face detection (the models loaded once per
    // container, on first use) and its time per picture, on face-api's six demo photos (3 to 5 faces each).
    const demo = path.join(path.dirname(createRequire(path.join(process.cwd(), 'package.json')).resolve('@vladmandic/face-api/package.json')), 'demo');
    const photos = [1, 2, 3, 4, 5, 6].map((n) => path.join(demo, `sample${n}.jpg`));
    const probe = probeFaceBundle(built, photos);
    const perPicture = probe.pictures.map((p) => p.ms);
    const face = {
      bundle: 'likeness',
      modelLoadMs: Math.round(probe.loadMs),
      firstPictureMs: Math.round(perPicture[0]!),
      msPerPicture: Math.round(median(perPicture.slice(1))),
      pictures: perPicture.length,
      faces: probe.pictures.reduce((n, p) => n + p.faces, 0),
    };
    console.log('');
    console.log(
      `likeness: models loaded in ${face.modelLoadMs} ms at a cold start; first picture ${face.firstPictureMs} ms, then ${face.msPerPicture} ms per picture (median of ${face.pictures - 1}, ${face.faces} faces in ${face.pictures} photos)`,
    );
    const written = await writeReport(values.out!, {
      benchmark: 'lambda',
      at: new Date().toISOString(),
      node: process.version,
      runs,
      baselineMs: Math.round(baselineMs * 10) / 10,
      budgetApiGzipKB: API_BUNDLE_GZIP_BUDGET_KB,
      meetsBudget: over.length === 0,
      bundles,
      face,
    });
    log(`wrote ${written}`);
  } finally {
    rmSync(built.dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error('bench:lambda failed:', err);
  process.exit(1);
});
