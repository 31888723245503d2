import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Context } from 'aws-lambda';
import { handler as searchHandler } from '../../../http/search';
import { handler as resultsHandler } from '../../../http/results';
import { startS3, type RunningS3 } from '../../../../local/stand-ins/s3';
import { createSandbox, type Sandbox } from '../../../../local/sandbox';
import { startLocalWorkflows, type LocalWorkflows } from '../../../../local/workflows';
import { httpEvent, startTestDynamo } from '../../../../test/env';
import { resetS3Client } from '../../../adapters/s3';
import { resetWorkflowClient } from '../../../adapters/workflows';
import { resetProviderKeyCache } from '../../../adapters/providers';
import { resetConfig } from '../../../lib/config';
import { createSession, SESSION_COOKIE } from '../../../services/sessions';
import { addAllowlistEntry } from '../../../services/allowlist';
import { listSearchesByUser } from '../../../services/search/searches';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../../adapters/dynamo/client';
import { keys } from '../../../adapters/dynamo/keys';
import { allowanceResetsAt } from '../../../../shared/plans';
import { getUsage } from '../../../services/usage';

/*
 * The whole scan, end to end and offline: POST /api/search -> the real ASL (rendered from the CDK
 * definition) run by the Step Functions stand-in -> real providers' adapters against the sandbox web ->
 * matching -> results in dynalite, read back through the results API.
 */

let dir: string;
let s3: RunningS3;
let dynamo: { close(): Promise<void> };
let sandbox: Sandbox;
let sandboxServer: Server;
let origin: string;
let workflows: LocalWorkflows;
let cookies: string[];
const userId = 'u-scan-owner';

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'vigil-scan-'));
  s3 = await startS3({ directory: join(dir, 's3'), buckets: ['scan-uploads'] });
  sandboxServer = createServer((req, res) => sandbox(req, res));
  await new Promise<void>((r) => sandboxServer.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(sandboxServer.address() as AddressInfo).port}/sandbox`;
  sandbox = createSandbox({ origin, dataDir: join(dir, 'sandbox'), warm: false });
  workflows = await startLocalWorkflows({ retryMs: 0 });
  dynamo = await startTestDynamo({
    S3_ENDPOINT: s3.endpoint,
    UPLOADS_BUCKET: 'scan-uploads',
    SANDBOX_ORIGIN: origin,
    PROVIDER_RETRIES: '0',
    ...workflows.env,
  });
  resetConfig();
  resetS3Client();
  resetWorkflowClient();
  resetProviderKeyCache();
  // The owner is on Enterprise (unlimited scans), so the tests below are not about the monthly allowance.
  await db().send(new PutCommand({ TableName: tableName(), Item: { ...keys.user(userId), email: 'owner@example.test', subscriptionPlan: 'enterprise' } }));
  const s = await createSession({ userId, email: 'owner@example.test', isAdmin: false });
  cookies = [`${SESSION_COOKIE}=${s.cookieValue}`];
}, 60_000);

afterAll(async () => {
  await workflows.close();
  await dynamo.close();
  await s3.close();
  await sandbox.close();
  await new Promise<void>((r) => sandboxServer.close(() => r()));
  rmSync(dir, { recursive: true, force: true });
});

afterEach(async () => {
  await fetch(`${origin}/control/faults`, { method: 'DELETE' });
});

async function multipart(fields: Record<string, string>, files: { name: string; bytes: Buffer; type: string }[] = []) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append('referenceFiles', new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
  const req = new Request('http://x/', { method: 'POST', body: form });
  return { body: Buffer.from(await req.arrayBuffer()), contentType: req.headers.get('content-type')! };
}

async function startScan(fields: Record<string, string>, files: { name: string; bytes: Buffer; type: string }[] = [], as = cookies) {
  const { body, contentType } = await multipart(fields, files);
  const event = httpEvent('POST', '/api/search', { cookies: as, headers: { 'content-type': contentType } });
  Object.assign(event, { body: body.toString('base64'), isBase64Encoded: true });
  const res = (await searchHandler(event, {} as Context)) as { statusCode: number; body: string };
  return { status: res.statusCode, body: JSON.parse(res.body) };
}

async function get(routePath: string, id: string) {
  const res = (await resultsHandler(
    httpEvent('GET', routePath.replace('{id}', id), { routePath, pathParameters: { id }, cookies }),
    {} as Context,
  )) as { statusCode: number; body: string };
  return JSON.parse(res.body);
}

const original = async (n: number) => Buffer.from(await (await fetch(`${origin}/demo/originals/${n}.jpg`)).arrayBuffer());

describe('a scan of the sandbox web', () => {
  it('finds planted copies of the reference photos, ranks them high and unrelated pictures low', async () => {
    const started = await startScan({ userId: 'me', query: 'Luna Vale', searchEngines: '["google","bing","duckduckgo"]', contentType: 'images,videos' }, [
      { name: 'one.jpg', bytes: await original(1), type: 'image/jpeg' },
      { name: 'two.jpg', bytes: await original(2), type: 'image/jpeg' },
    ]);
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({ query: 'Luna Vale', searchEngines: ['google', 'bing', 'duckduckgo'] });

    await workflows.idle();
    const search = await get('/api/search/{id}', started.body.id);
    expect(search.status).toBe('completed');
    expect(search.metadata.successfulEngines.sort()).toEqual(['bing', 'duckduckgo', 'google']);
    expect(search.progress).toMatchObject({ enginesDone: 3, enginesTotal: 3 });
    expect(search.progress.candidatesMatched).toBeGreaterThan(0);

    const results = await get('/api/search/{id}/results', started.body.id);
    const images = results.filter((r: { contentType: string }) => r.contentType === 'images');
    const matched = images.filter((r: { evidence: { matchedReferenceId?: string } }) => r.evidence.matchedReferenceId);
    const unmatched = images.filter((r: { evidence: { matchedReferenceId?: string }; source: string }) => !r.evidence.matchedReferenceId);
    expect(matched.length).toBeGreaterThanOrEqual(6);
    for (const r of matched) expect(r).toMatchObject({ priority: 'high', source: 'sandbox' });
    expect(Math.min(...matched.map((r: { confidenceScore: number }) => r.confidenceScore))).toBeGreaterThanOrEqual(0.7);
    expect(unmatched.length).toBeGreaterThan(0);
    for (const r of unmatched) expect(r.priority).toBe('low');
    // Every picture the site shows is Vigil's own re-encoded copy, never the copying site's URL.
    const previews = results.map((r: { previewUrl: string | null }) => r.previewUrl).filter(Boolean) as string[];
    expect(previews.length).toBeGreaterThanOrEqual(matched.length);
    for (const url of previews) expect(url.startsWith(`${s3.endpoint}/scan-uploads/thumbnails/`)).toBe(true);
    for (const url of [matched[0].previewUrl, matched[0].evidence.matchedImageUrl]) {
      const res = await fetch(url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^image\/(jpeg|png|webp)$/);
      expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="[0-9a-f]{32}\.(jpg|png|webp)"$/);
    }
  }, 120_000);

  it('ends partial when one engine fails, naming it', async () => {
    await fetch(`${origin}/control/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ engine: 'bing', mode: 'fail' }) });
    const started = await startScan({ query: 'Luna Vale', searchEngines: '["google","bing"]' });
    await workflows.idle();
    const search = await get('/api/search/{id}', started.body.id);
    expect(search.status).toBe('partial');
    expect(search.metadata).toMatchObject({ successfulEngines: ['google'], failedEngines: ['bing'] });
  }, 60_000);

  it('retries a throttled engine and completes', async () => {
    await fetch(`${origin}/control/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ engine: 'google', mode: 'throttle', times: 1 }) });
    const started = await startScan({ query: 'Luna Vale', searchEngines: '["google"]' });
    await workflows.idle();
    expect((await get('/api/search/{id}', started.body.id)).status).toBe('completed');
  }, 60_000);

  it('ends failed, never stuck, when every engine fails', async () => {
    await fetch(`${origin}/control/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([{ engine: 'google', mode: 'fail' }, { engine: 'bing', mode: 'fail' }]),
    });
    const started = await startScan({ query: 'Luna Vale', searchEngines: '["google","bing"]' });
    await workflows.idle();
    const search = await get('/api/search/{id}', started.body.id);
    expect(search.status).toBe('failed');
    expect(search.metadata.failedEngines.sort()).toEqual(['bing', 'google']);
  }, 60_000);

  it('drops allowlisted domains before results are stored', async () => {
    await addAllowlistEntry(userId, { domain: 'leakforum.example', reason: 'authorized_partner' });
    const started = await startScan({ query: 'Luna Vale', searchEngines: '["google"]' });
    await workflows.idle();
    const results = await get('/api/search/{id}/results', started.body.id);
    expect(results.length).toBeGreaterThan(0);
    expect(results.some((r: { domain: string }) => r.domain === 'leakforum.example')).toBe(false);
  }, 60_000);
});

describe('refused scans store nothing', () => {
  const refusals: [string, Record<string, string>, { name: string; bytes: Buffer; type: string }[], number, RegExp][] = [
    ['no name and no file', { query: '  ' }, [], 400, /creator name or upload/],
    ['an unknown engine', { query: 'Luna', searchEngines: '["google","altavista"]' }, [], 400, /Unknown search engine "altavista"/],
    ['engines that are not JSON', { query: 'Luna', searchEngines: 'google' }, [], 400, /JSON list/],
    ['a file that is not what its name says', { query: 'Luna' }, [{ name: 'photo.png', bytes: Buffer.from('ffd8ffe000104a464946000101', 'hex'), type: 'image/png' }], 415, /photo\.png/],
    ['a file of another type', { query: 'Luna' }, [{ name: 'notes.jpg', bytes: Buffer.from('hello, not a picture'), type: 'image/jpeg' }], 415, /not a JPG, PNG, MP4 or MOV/],
    ['too many files', { query: 'Luna' }, Array.from({ length: 6 }, (_, i) => ({ name: `${i}.jpg`, bytes: Buffer.from('ffd8ff', 'hex'), type: 'image/jpeg' })), 413, /At most 5/],
    ['a file too large', { query: 'Luna' }, [{ name: 'big.jpg', bytes: Buffer.alloc(4 * 1024 * 1024 + 1), type: 'image/jpeg' }], 413, /big\.jpg.*limit/],
  ];

  it.each(refusals)('refuses %s', async (_label, fields, files, status, message) => {
    const before = (await listSearchesByUser(userId)).length;
    const res = await startScan(fields, files);
    expect(res.status).toBe(status);
    expect(res.body.error).toMatch(message);
    expect((await listSearchesByUser(userId)).length).toBe(before);
  });

  it('refuses anonymous callers', async () => {
    const { body, contentType } = await multipart({ query: 'Luna' });
    const event = httpEvent('POST', '/api/search', { headers: { 'content-type': contentType } });
    Object.assign(event, { body: body.toString('base64'), isBase64Encoded: true });
    expect(((await searchHandler(event, {} as Context)) as { statusCode: number }).statusCode).toBe(401);
  });

  it('refuses a scan for another user', async () => {
    const res = await startScan({ userId: 'someone-else', query: 'Luna' });
    expect(res.status).toBe(403);
  });
});

describe('POST /api/search: the scan allowance and one scan at a time', () => {
  async function trialUser(id: string) {
    await db().send(new PutCommand({ TableName: tableName(), Item: { ...keys.user(id), email: `${id}@example.test` } }));
    const s = await createSession({ userId: id, email: `${id}@example.test`, isAdmin: false });
    return [`${SESSION_COOKIE}=${s.cookieValue}`];
  }

  it("answers a trial account's 4th scan of the month with 402 PLAN_LIMIT and stores nothing", async () => {
    const trial = await trialUser('u-trial-scans');
    for (let i = 0; i < 3; i++) {
      expect((await startScan({ query: 'Luna Vale', searchEngines: '["google"]' }, [], trial)).status).toBe(201);
      await workflows.idle();
    }
    const refused = await startScan({ query: 'Luna Vale', searchEngines: '["google"]' }, [], trial);
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ code: 'PLAN_LIMIT', limit: 3, used: 3, resetsAt: allowanceResetsAt() });
    expect(await listSearchesByUser('u-trial-scans')).toHaveLength(3);
    const usage = await getUsage('u-trial-scans');
    expect(usage.allowances.scans).toEqual({ used: 3, limit: 3 });
  });

  it('admits exactly one of parallel starts (one running scan per user; the allowance counted once)', async () => {
    const trial = await trialUser('u-trial-parallel');
    const replies = await Promise.all([1, 2, 3].map(() => startScan({ query: 'Luna Vale', searchEngines: '["google"]' }, [], trial)));
    expect(replies.map((r) => r.status).sort()).toEqual([201, 429, 429]);
    const refused = replies.find((r) => r.status === 429)!;
    expect(refused.body).toMatchObject({ code: 'RATE_LIMITED' });
    await workflows.idle();
    expect(await listSearchesByUser('u-trial-parallel')).toHaveLength(1);
    expect((await getUsage('u-trial-parallel')).allowances.scans.used).toBe(1);
    // Once it has finished, the next scan may start.
    expect((await startScan({ query: 'Luna Vale', searchEngines: '["google"]' }, [], trial)).status).toBe(201);
    await workflows.idle();
  });

  it('gives the unit and the slot back when the scan cannot start', async () => {
    const trial = await trialUser('u-trial-nostart');
    const saved = process.env.SEARCH_STATE_MACHINE_ARN;
    delete process.env.SEARCH_STATE_MACHINE_ARN;
    resetConfig();
    try {
      expect((await startScan({ query: 'Luna Vale', searchEngines: '["google"]' }, [], trial)).status).toBe(503);
    } finally {
      process.env.SEARCH_STATE_MACHINE_ARN = saved;
      resetConfig();
    }
    expect((await getUsage('u-trial-nostart')).allowances.scans.used).toBe(0);
    expect((await startScan({ query: 'Luna Vale', searchEngines: '["google"]' }, [], trial)).status).toBe(201);
    await workflows.idle();
  });
});
