import { parseArgs } from 'node:util';
import { db } from '../functions/adapters/dynamo/client';
import { startServer } from '../local/server';
import { last, TestBrowser } from '../local/tests/support/browser';
import { OUT_DIR, writeReport } from './support/output';
import { percentile, round } from './support/stats';
import { renderTable } from './support/table';

/*
 * npm run bench:api -- --users 50 --seconds 60 --out bench/out/api.json
 *
 * The local runtime in this process; that many users sign in through the IdP, each starts one scan, then all
 * replay the dashboard's calls (stats, grouped results, latest search, allowlist, cases) in a loop for the
 * given time. Reports per route p50/p99, errors, and DynamoDB reads and writes per request, counted by a
 * middleware on the document client the functions use (a calibration pass calls each route alone, so every
 * operation is attributed to the route that made it).
 */
const { values } = parseArgs({
  options: { users: { type: 'string', default: '50' }, seconds: { type: 'string', default: '60' }, out: { type: 'string' } },
});
const USERS = Number(values.users);
const SECONDS = Number(values.seconds);

// The document client's commands reach the low-level client's middleware under the low-level names.
const READS = new Set(['GetItemCommand', 'QueryCommand', 'ScanCommand', 'BatchGetItemCommand', 'TransactGetItemsCommand']);
const WRITES = new Set(['PutItemCommand', 'UpdateItemCommand', 'DeleteItemCommand', 'BatchWriteItemCommand', 'TransactWriteItemsCommand']);
const ops = { reads: 0, writes: 0 };

async function main() {
  const app = await startServer({ port: 0, inMemory: true, env: { LOG_LEVEL: 'SILENT' } });
  db().middlewareStack.add(
    (next, context) => async (args) => {
      const name = (context as { commandName?: string }).commandName ?? '';
      if (READS.has(name)) ops.reads += 1;
      if (WRITES.has(name)) ops.writes += 1;
      return next(args);
    },
    { step: 'initialize', name: 'benchCount' },
  );

  const browsers: TestBrowser[] = [];
  for (let i = 0; i < USERS; i++) {
    const b = new TestBrowser(app.url);
    const login = last(await b.navigate('/api/login'));
    await b.submitForm(login, { email: `bench-${i}@bench.test`, password: 'a long password' });
    browsers.push(b);
  }

  const dashboard = [
    { key: 'GET /api/user/{id}/stats', path: '/api/user/me/stats' },
    { key: 'GET /api/user/{id}/results/grouped', path: '/api/user/me/results/grouped' },
    { key: 'GET /api/user/{id}/allowlist', path: '/api/user/me/allowlist' },
    { key: 'GET /api/user/{id}/dmca', path: '/api/user/me/dmca' },
  ];
  const scan = { key: 'POST /api/search' };
  const boundary = 'benchboundary';
  const scanBody = ['query', 'Luna Vale', 'searchEngines', '["google"]', 'contentType', 'web']
    .reduce<string[]>((acc, v, i, a) => (i % 2 ? acc : [...acc, `--${boundary}\r\nContent-Disposition: form-data; name="${v}"\r\n\r\n${a[i + 1]}\r\n`]), [])
    .join('') + `--${boundary}--\r\n`;
  const startScan = (b: TestBrowser) =>
    b.request('/api/search', { method: 'POST', headers: { origin: app.url, 'content-type': `multipart/form-data; boundary=${boundary}` }, body: scanBody });

  // Each user's scan is their latest search, which the dashboard reads.
  const latest = { key: 'GET /api/search/{id}' };
  const scanIds = new Map<TestBrowser, string>();
  // Calibration: each route alone, so its DynamoDB operations are its own.
  const perRequest: Record<string, { reads: number; writes: number }> = {};
  for (const call of dashboard) {
    const before = { ...ops };
    const n = 5;
    for (let i = 0; i < n; i++) await browsers[0]!.request(call.path);
    perRequest[call.key] = { reads: (ops.reads - before.reads) / n, writes: (ops.writes - before.writes) / n };
  }

  const samples: Record<string, number[]> = {};
  const errors: Record<string, number> = {};
  const record = (key: string, ms: number, status: number) => {
    (samples[key] ??= []).push(ms);
    errors[key] ??= 0;
    if (status >= 400) errors[key] += 1;
  };
  {
    const before = { ...ops };
    const t0 = performance.now();
    const res = await startScan(browsers[0]!);
    record(scan.key, performance.now() - t0, res.status);
    perRequest[scan.key] = { reads: ops.reads - before.reads, writes: ops.writes - before.writes };
    scanIds.set(browsers[0]!, JSON.parse(res.body).id);
    const mid = { ...ops };
    for (let i = 0; i < 5; i++) await browsers[0]!.request(`/api/search/${scanIds.get(browsers[0]!)}`);
    // The scan's workflow runs meanwhile; its operations are not the route's, so this is an upper bound.
    perRequest[latest.key] = { reads: (ops.reads - mid.reads) / 5, writes: (ops.writes - mid.writes) / 5 };
  }
  await Promise.all(
    browsers.slice(1).map(async (b) => {
      const t0 = performance.now();
      const res = await startScan(b);
      record(scan.key, performance.now() - t0, res.status);
      if (res.status < 400) scanIds.set(b, JSON.parse(res.body).id);
    }),
  );

  const deadline = Date.now() + SECONDS * 1000;
  await Promise.all(
    browsers.map(async (b) => {
      while (Date.now() < deadline) {
        for (const call of dashboard) {
          const t0 = performance.now();
          const res = await b.request(call.path);
          record(call.key, performance.now() - t0, res.status);
        }
        const t0 = performance.now();
        const res = await b.request(`/api/search/${scanIds.get(b) ?? 'none'}`);
        record(latest.key, performance.now() - t0, res.status);
      }
    }),
  );

  const routes: Record<string, unknown> = {};
  const rows: string[][] = [];
  for (const key of [...dashboard.map((d) => d.key), latest.key, scan.key]) {
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
  const out = await writeReport(values.out ?? `${OUT_DIR}/api.json`, { users: USERS, seconds: SECONDS, routes });
  console.log(`report: ${out}`);
  await app.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
