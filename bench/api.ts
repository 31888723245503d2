import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { REPO_ROOT } from '../infra/context';
import { WORKFLOW_RESERVED_CONCURRENCY } from '../infra/stacks/workflows-stack';
import { WAF_RATE_LIMIT_PER_5_MINUTES } from '../infra/stacks/web-stack';
import { countDynamoOperations } from '../functions/store/operation-counter';
import { startServer } from '../local/server';
import { last, TestBrowser } from '../local/tests/support/browser';
import { OUT_DIR, writeReport } from './support/output';
import { percentile, round } from './support/stats';
import { renderTable } from './support/table';

/*
 * npm run bench:api -- --users 50 --seconds 60 --out bench/out/api.json
 *
 * The local runtime in this process (source handlers, dynalite); that many users sign in through the IdP,
 * arrive evenly over the first half of the run (at most 30 s), each starts one scan on arrival and then replays
 * the dashboard's calls (stats, grouped results, latest search, allowlist, cases) in a loop until the end while
 * the scans run. Reports per route p50/p99, errors (any 4xx/5xx),
 * and DynamoDB reads and writes per request, counted by the middleware on the functions' DynamoDB client
 * (functions/store/operation-counter.ts, as the "no write on a GET" test uses it). The counts come
 * from a calibration pass after the load, once every scan has ended: each route called alone, so every
 * operation is the route's own (workflows run in this process too). The scan's own figure is measured on the
 * first scan, alone; its workflow starts within that window, so it is an upper bound. Goal: zero errors and
 * no write on any GET.
 *
 * Then the throughput levels (issue 27; `--levels 50,200`, `--level-seconds 20`): once the scans have ended,
 * that many signed-in users (the first ones, then more signed in; those without a scan skip the latest-search
 * call) replay the dashboard's calls back to back, all at once, for that long; each level
 * reports requests per second, errors and p50/p99 (JSON `levels: [{users, rps, errors, p50Ms, p99Ms}]`), and
 * must have 0 errors. Last, the AWS path's limits on paper (`awsLimits`): the stage throttle, the WAF's
 * per-IP rate, and the Lambda concurrency the API has beside the workflows' reserved share, with the rate that
 * concurrency allows at the measured latency.
 */
const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '60' },
    levels: { type: 'string', default: '50,200' },
    'level-seconds': { type: 'string', default: '20' },
    out: { type: 'string' },
  },
});
const USERS = Number(values.users);
const SECONDS = Number(values.seconds);
const LEVELS = values.levels.split(',').filter(Boolean).map(Number);
const LEVEL_SECONDS = Number(values['level-seconds']);
/** Lambda's default account concurrency quota (Service Quotas may have raised it; docs/OPERATIONS.md, "Concurrency"). */
const ACCOUNT_CONCURRENCY = 1000;
const CALIBRATION_CALLS = 5;

async function main() {
  // No monitor ticks: nothing but the users' calls and their scans touches the table.
  process.env.MONITOR_TICK_SECONDS = '0';
  const app = await startServer({ port: 0, inMemory: true, env: { LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'SILENT' } });
  const ops = countDynamoOperations();

  const browsers: TestBrowser[] = [];
  const signIn = async (count: number) => {
    while (browsers.length < count) {
      const b = new TestBrowser(app.url);
      const login = last(await b.navigate('/api/login'));
      await b.submitForm(login, { email: `bench-${browsers.length}@bench.test`, password: 'a long password' });
      browsers.push(b);
    }
  };
  await signIn(USERS);

  const dashboard = [
    { key: 'GET /api/user/{id}/stats', path: () => '/api/user/me/stats' },
    { key: 'GET /api/user/{id}/results/grouped', path: () => '/api/user/me/results/grouped' },
    { key: 'GET /api/search/{id}', path: (b: TestBrowser) => `/api/search/${scanIds.get(b) ?? 'none'}` },
    { key: 'GET /api/user/{id}/allowlist', path: () => '/api/user/me/allowlist' },
    { key: 'GET /api/user/{id}/dmca', path: () => '/api/user/me/dmca' },
  ];
  const scanKey = 'POST /api/search';
  const boundary = 'benchboundary';
  const scanBody = ['query', 'Luna Vale', 'searchEngines', '["google"]', 'contentType', 'web']
    .reduce<string[]>((acc, v, i, a) => (i % 2 ? acc : [...acc, `--${boundary}\r\nContent-Disposition: form-data; name="${v}"\r\n\r\n${a[i + 1]}\r\n`]), [])
    .join('') + `--${boundary}--\r\n`;
  const startScan = (b: TestBrowser) =>
    b.request('/api/search', { method: 'POST', headers: { origin: app.url, 'content-type': `multipart/form-data; boundary=${boundary}` }, body: scanBody });

  const scanIds = new Map<TestBrowser, string>();
  const samples: Record<string, number[]> = {};
  const errors: Record<string, number> = {};
  const statuses: Record<string, Record<number, number>> = {};
  const record = (key: string, ms: number, status: number) => {
    (samples[key] ??= []).push(ms);
    errors[key] ??= 0;
    if (status >= 400) {
      errors[key] += 1;
      (statuses[key] ??= {})[status] = (statuses[key]![status] ?? 0) + 1;
    }
  };
  const timed = async (key: string, b: TestBrowser, path: string) => {
    const t0 = performance.now();
    const res = await b.request(path);
    record(key, performance.now() - t0, res.status);
    return res;
  };
  const scan = async (b: TestBrowser) => {
    const t0 = performance.now();
    const res = await startScan(b);
    record(scanKey, performance.now() - t0, res.status);
    if (res.status < 400) scanIds.set(b, JSON.parse(res.body).id);
  };

  // The first scan alone: its DynamoDB operations (an upper bound, see above).
  const perRequest: Record<string, { reads: number; writes: number }> = {};
  ops.reset();
  await scan(browsers[0]!);
  perRequest[scanKey] = { reads: ops.reads(), writes: ops.writes() };

  // Load: users arrive evenly over the first half of the run (at most 30 s), as a dashboard's users do, not all
  // in the same millisecond; each starts a scan on arrival, then replays the dashboard until the end while the
  // scans run.
  const started = Date.now();
  const deadline = started + SECONDS * 1000;
  const rampMs = Math.min((SECONDS * 1000) / 2, 30_000);
  await Promise.all(
    browsers.map(async (b, i) => {
      await new Promise((r) => setTimeout(r, started + (i * rampMs) / USERS - Date.now()));
      if (i > 0) await scan(b);
      while (Date.now() < deadline) for (const call of dashboard) await timed(call.key, b, call.path(b));
    }),
  );

  // Calibration: wait for the scans to end, then each route alone.
  const quietBy = Date.now() + 180_000;
  for (const b of browsers) {
    while (Date.now() < quietBy) {
      const res = await b.request(`/api/search/${scanIds.get(b)}`);
      if (res.status >= 400 || !['pending', 'running'].includes(JSON.parse(res.body).status)) break;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  for (const call of dashboard) {
    ops.reset();
    for (let i = 0; i < CALIBRATION_CALLS; i++) await browsers[0]!.request(call.path(browsers[0]!));
    perRequest[call.key] = { reads: ops.reads() / CALIBRATION_CALLS, writes: ops.writes() / CALIBRATION_CALLS };
  }
  ops.stop();

  // Throughput levels: N users replaying the dashboard back to back, all at once (the scans have ended).
  // Client and server share this process's event loop, so under load a keep-alive socket the server closes on
  // its idle timer can be reused by the client in the same moment (ECONNRESET before any answer). A browser
  // retries a GET once on such a stale reused connection; so does this, and counts it (`connectionRetries`).
  let connectionRetries = 0;
  const requestOnce = async (b: TestBrowser, path: string) => {
    try {
      return await b.request(path);
    } catch (err) {
      if ((err as { cause?: { code?: string } }).cause?.code !== 'ECONNRESET') throw err;
      connectionRetries++;
      return b.request(path);
    }
  };
  const levels: { users: number; rps: number; errors: number; p50Ms: number; p99Ms: number; connectionRetries: number }[] = [];
  for (const users of LEVELS) {
    await signIn(users);
    const group = browsers.slice(0, users);
    const latencies: number[] = [];
    let levelErrors = 0;
    const levelStatuses: Record<number, number> = {};
    const retriesBefore = connectionRetries;
    const t0 = performance.now();
    const end = Date.now() + LEVEL_SECONDS * 1000;
    await Promise.all(
      group.map(async (b) => {
        while (Date.now() < end) {
          for (const call of dashboard) {
            // Users signed in for a level only have no scan of their own: their dashboard has no latest search.
            if (call.key === 'GET /api/search/{id}' && !scanIds.has(b)) continue;
            const c0 = performance.now();
            const res = await requestOnce(b, call.path(b));
            latencies.push(performance.now() - c0);
            if (res.status >= 400) {
              levelErrors++;
              levelStatuses[res.status] = (levelStatuses[res.status] ?? 0) + 1;
            }
          }
        }
      }),
    );
    const elapsed = (performance.now() - t0) / 1000;
    levels.push({ users, rps: round(latencies.length / elapsed, 1) ?? 0, errors: levelErrors, p50Ms: round(percentile(latencies, 50), 1) ?? 0, p99Ms: round(percentile(latencies, 99), 1) ?? 0, connectionRetries: connectionRetries - retriesBefore });
    if (levelErrors) console.log(`level ${users}: error statuses ${JSON.stringify(levelStatuses)}`);
  }

  const routes: Record<string, unknown> = {};
  const rows: string[][] = [];
  for (const key of [...dashboard.map((d) => d.key), scanKey]) {
    const s = samples[key] ?? [];
    const entry = {
      requests: s.length,
      errors: errors[key] ?? 0,
      p50Ms: round(percentile(s, 50), 1),
      p99Ms: round(percentile(s, 99), 1),
      dynamoReadsPerRequest: round(perRequest[key]?.reads ?? 0, 2),
      dynamoWritesPerRequest: round(perRequest[key]?.writes ?? 0, 2),
    };
    routes[key] = entry;
    rows.push([key, String(entry.requests), String(entry.errors), String(entry.p50Ms), String(entry.p99Ms), String(entry.dynamoReadsPerRequest), String(entry.dynamoWritesPerRequest)]);
  }
  console.log(`bench:api: ${USERS} users, ${SECONDS} s`);
  console.log(renderTable(['route', 'requests', 'errors', 'p50 ms', 'p99 ms', 'reads/req', 'writes/req'], rows, ['left', 'right', 'right', 'right', 'right', 'right', 'right']));
  if (Object.keys(statuses).length) console.log('error statuses:', JSON.stringify(statuses));
  const getWrites = Object.entries(routes).filter(([k, v]) => k.startsWith('GET ') && (v as { dynamoWritesPerRequest: number }).dynamoWritesPerRequest > 0);
  console.log(`\nthroughput, ${LEVEL_SECONDS} s a level, users calling back to back:`);
  console.log(
    renderTable(
      ['users', 'rps', 'errors', 'p50 ms', 'p99 ms'],
      levels.map((l) => [String(l.users), String(l.rps), String(l.errors), String(l.p50Ms), String(l.p99Ms)]),
      ['right', 'right', 'right', 'right', 'right'],
    ),
  );

  // The AWS path on paper: what CloudFront -> WAF -> API Gateway -> Lambda would let through.
  const context = JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8')).context as { apiRateLimit: number; apiBurstLimit: number };
  const apiConcurrency = ACCOUNT_CONCURRENCY - WORKFLOW_RESERVED_CONCURRENCY;
  const p50 = levels.at(-1)?.p50Ms ?? 0;
  const awsLimits = {
    stageRateLimitRps: context.apiRateLimit,
    stageBurstLimit: context.apiBurstLimit,
    wafPerIpRps: round(WAF_RATE_LIMIT_PER_5_MINUTES / 300, 1),
    lambdaAccountConcurrency: ACCOUNT_CONCURRENCY,
    workflowReservedConcurrency: WORKFLOW_RESERVED_CONCURRENCY,
    apiLambdaConcurrency: apiConcurrency,
    // Little's law: concurrency / latency, at the latency measured at the highest level (a warm function's own
    // latency on Lambda is lower than on 2 shared cores, so this is a floor of what that concurrency carries).
    apiLambdaRpsAtMeasuredP50: p50 > 0 ? Math.round(apiConcurrency / (p50 / 1000)) : undefined,
    bindingLimit: `the stage throttle: ${context.apiRateLimit} rps (burst ${context.apiBurstLimit}) for all users together; raise apiRateLimit/apiBurstLimit (API Gateway's account default is 10,000 rps)`,
  };
  console.log(`\nAWS path on paper: ${JSON.stringify(awsLimits, null, 2)}`);

  const totalErrors = Object.values(errors).reduce((a, b) => a + b, 0) + levels.reduce((a, l) => a + l.errors, 0);
  const goalMet = totalErrors === 0 && getWrites.length === 0;
  console.log(`goal (zero errors, no write on a GET): ${goalMet ? 'met' : `NOT met (${totalErrors} errors, ${getWrites.length} writing GETs)`}`);
  const out = await writeReport(values.out ?? `${OUT_DIR}/api.json`, { users: USERS, seconds: SECONDS, goalMet, routes, levels, awsLimits });
  console.log(`report: ${out}`);
  await app.close();
  // A missed goal fails the command, so a script or CI job running the benchmark sees it.
  if (!goalMet) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
