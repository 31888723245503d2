/**
 * Scan latency benchmark (issue 3: "a scan of the sandbox with three engines and two reference photos completes
 * in under 15 seconds"):
 *   npm run bench:scan -- [--runs N] [--out FILE] [--disk] [--verbose]
 * Starts the real local runtime in this process (dynalite, s3rver, the IdP, the gateway, the sandbox web and the
 * local Step Functions), signs a user in through the real OIDC flow, and times whole scans over HTTP as the site
 * does: POST /api/search, then GET /api/search/{id} every 100 ms until the status is final.
 * Run 1 is reported as cold (sharp/ffmpeg warm-up, the sandbox drawing its pictures and planting the copies);
 * median/p95/max are over the warm runs. --disk keeps DynamoDB and S3 on disk in a temporary folder, as
 * `npm start` does (default: in memory). The exit code is 0 even when the goal is missed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startServer } from '../local/server';
import { SEARCH_STAGES } from '../shared/schemas/search';
import { OUT_DIR, writeReport } from './support/output';
import { ScanClient, type ScanRun } from './support/scan-client';
import { median, percentile, round } from './support/stats';
import { renderTable } from './support/table';

const GOAL_SECONDS = 15;
const POLL_MS = 100;
/** A scan still running after this long is recorded as a timeout rather than waited for forever. */
const TIMEOUT_MS = 120_000;
const SCAN = { query: 'Luna Vale', searchEngines: ['google', 'bing', 'duckduckgo'], contentType: 'images,videos' };

const log = (...parts: unknown[]) => process.stderr.write(parts.join(' ') + '\n');
const secs = (v: number | null | undefined) => (v == null || Number.isNaN(v) ? '-' : v.toFixed(2));

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '5' },
      out: { type: 'string', default: path.join(OUT_DIR, 'scan.json') },
      disk: { type: 'boolean', default: false },
      verbose: { type: 'boolean', default: false },
    },
  });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a whole number >= 1, got ${values.runs}`);

  const dataDir = values.disk ? mkdtempSync(path.join(tmpdir(), 'vigil-bench-')) : undefined;
  const t0 = performance.now();
  const app = await startServer({
    port: 0,
    inMemory: !values.disk,
    dataDir,
    env: { LOG_LEVEL: values.verbose ? 'INFO' : 'ERROR' },
  });
  const startupSeconds = (performance.now() - t0) / 1000;
  log(`server up at ${app.url} in ${secs(startupSeconds)} s (${values.disk ? `on disk: ${dataDir}` : 'in memory'})`);

  const results: ScanRun[] = [];
  let signInSeconds: number;
  let downloadSeconds: number;
  try {
    const t1 = performance.now();
    const client = await ScanClient.signIn(app.url, 'bench@example.com', 'benchmark-password');
    signInSeconds = (performance.now() - t1) / 1000;
    const t2 = performance.now();
    const references = await Promise.all(
      [1, 2].map(async (n) => ({ name: `luna-${n}.jpg`, type: 'image/jpeg', bytes: await client.download(`/sandbox/demo/originals/${n}.jpg`) })),
    );
    downloadSeconds = (performance.now() - t2) / 1000;
    log(`signed in in ${secs(signInSeconds)} s; two originals (${references.map((r) => `${(r.bytes.length / 1024).toFixed(0)} KB`).join(', ')}) in ${secs(downloadSeconds)} s`);

    for (let i = 1; i <= runs; i++) {
      const run = await client.scan({ ...SCAN, references }, { pollMs: POLL_MS, timeoutMs: TIMEOUT_MS });
      results.push(run);
      log(`run ${i}${i === 1 ? ' (cold)' : ''}: ${run.status} in ${secs(run.seconds)} s  ${timeline(run)}`);
    }
  } finally {
    await app.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }

  const cold = results[0]!;
  const warm = results.slice(1);
  const warmSeconds = warm.map((r) => r.seconds);
  const medianSeconds = median(warmSeconds);
  const p95Seconds = percentile(warmSeconds, 95);
  const maxSeconds = warmSeconds.length ? Math.max(...warmSeconds) : Number.NaN;
  // The goal is about what a person meets on `npm start`, so the cold scan counts too, and only a scan that
  // completed (not partial, failed or timed out) counts as done.
  const misses = results.filter((r) => r.status !== 'completed' || r.seconds >= GOAL_SECONDS);
  const meetsGoal = misses.length === 0;

  const stagesSeen = SEARCH_STAGES.filter((s) => s !== 'done' && results.some((r) => r.stageSeconds[s] !== undefined));
  console.log(
    renderTable(
      ['run', 'status', 'seconds', 'results', 'matched', 'found', 'server s', 'POST s', ...stagesSeen.map((s) => `${s} s`)],
      results.map((r, i) => [
        i === 0 ? '1 (cold)' : String(i + 1),
        r.status,
        secs(r.seconds),
        String(r.results),
        String(r.matched),
        String(r.candidatesFound),
        secs(r.serverSeconds),
        secs(r.startSeconds),
        ...stagesSeen.map((s) => secs(r.stageSeconds[s])),
      ]),
      ['left', 'left', ...Array(7 + stagesSeen.length).fill('right')],
    ),
  );
  console.log('');
  console.log(
    renderTable(
      ['figure', 'seconds'],
      [
        ['cold (run 1)', secs(cold.seconds)],
        [`median (warm, n=${warm.length})`, secs(medianSeconds)],
        ['p95 (warm)', secs(p95Seconds)],
        ['max (warm)', secs(maxSeconds)],
        ['goal', `< ${GOAL_SECONDS}`],
      ],
      ['left', 'right'],
    ),
  );
  console.log('');
  console.log(
    meetsGoal
      ? `MET: every scan (cold included) completed in under ${GOAL_SECONDS} s (slowest ${secs(Math.max(...results.map((r) => r.seconds)))} s).`
      : `MISSED: ${misses.length} of ${results.length} scans did not complete in under ${GOAL_SECONDS} s (${misses
          .map((r) => `run ${results.indexOf(r) + 1}: ${r.status} ${secs(r.seconds)} s`)
          .join('; ')}).`,
  );

  const written = await writeReport(values.out!, {
    benchmark: 'scan',
    at: new Date().toISOString(),
    node: process.version,
    storage: values.disk ? 'disk' : 'memory',
    scan: { ...SCAN, referenceFiles: 2, pollMs: POLL_MS },
    startupSeconds: round(startupSeconds),
    signInSeconds: round(signInSeconds),
    downloadSeconds: round(downloadSeconds),
    runs: results.map((r, i) => ({
      run: i + 1,
      cold: i === 0,
      ...r,
      seconds: round(r.seconds),
      startSeconds: round(r.startSeconds),
      stageSeconds: Object.fromEntries(Object.entries(r.stageSeconds).map(([k, v]) => [k, round(v)])),
      events: r.events.map((e) => ({ ...e, atSeconds: round(e.atSeconds) })),
    })),
    medianSeconds: round(medianSeconds),
    p95Seconds: round(p95Seconds),
    maxSeconds: round(maxSeconds),
    coldSeconds: round(cold.seconds),
    goalSeconds: GOAL_SECONDS,
    meetsGoal,
  });
  log(`wrote ${written}`);
}

/** A one-line view of when the poller saw each change, for the log. */
function timeline(run: ScanRun): string {
  return run.events.map((e) => `${e.atSeconds.toFixed(1)}s:${e.stage}${e.stage === 'searching' ? `(${e.enginesDone})` : ''}`).join(' ');
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error('bench:scan failed:', err);
    process.exit(1);
  },
);
