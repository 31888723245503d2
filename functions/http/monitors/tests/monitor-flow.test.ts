import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Context } from 'aws-lambda';
import { simpleParser } from 'mailparser';
import { createSandbox, type Sandbox } from '../../../../local/sandbox';
import { startS3, type RunningS3 } from '../../../../local/stand-ins/s3';
import { startLocalWorkflows, type LocalWorkflows } from '../../../../local/workflows';
import { httpEvent, startTestDynamo } from '../../../../test/env';
import { resetProviderKeyCache } from '../../../adapters/providers';
import { resetS3Client } from '../../../adapters/s3';
import { resetWorkflowClient } from '../../../adapters/workflows';
import { resetConfig } from '../../../lib/config';
import { changeStoredPlan, readStoredPlan } from '../../../services/billing/plan-store';
import { getCase, transitionCase } from '../../../services/cases/case-store';
import { setAlertMailSender } from '../../../services/monitors/alerts';
import { resetSigningKey } from '../../../services/monitors/unsubscribe';
import { createSession, SESSION_COOKIE } from '../../../services/sessions';
import { getOrCreateUserFromClaims } from '../../../services/users';
import { snapshotPage } from '../../../workflows/submission/page-check';
import { handler as dispatch } from '../../../workflows/monitors/dispatcher';
import { handler as dmcaHandler } from '../../cases';
import { handler as resultsHandler } from '../../results';
import { handler as monitorsHandler } from '..';
import { db, tableName } from '../../../adapters/dynamo/client';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../../../adapters/dynamo/keys';

/*
 * The monitor journey at the route level, on the local runtime's pieces: the real search ASL in the Step
 * Functions stand-in, the sandbox web, dynalite, s3rver and the .eml outbox. The dispatcher handler is called
 * as the local tick would (MONITOR_INTERVAL_OVERRIDE_SECONDS=5 makes every cadence 5 seconds).
 */

type Handler = (event: ReturnType<typeof httpEvent>, context: Context) => Promise<unknown>;
type Reply = { status: number; body: any; headers: Record<string, string> }; // eslint-disable-line @typescript-eslint/no-explicit-any

let dir: string;
let outbox: string;
let s3: RunningS3;
let dynamo: { close(): Promise<void> };
let sandbox: Sandbox;
let sandboxServer: Server;
let origin: string;
let workflows: LocalWorkflows;
let owner: { userId: string; cookies: string[] };
let other: { userId: string; cookies: string[] };
let admin: { userId: string; cookies: string[] };

async function user(email: string, isAdmin = false) {
  const profile = await getOrCreateUserFromClaims({ iss: 'https://idp.test', sub: email, email });
  const s = await createSession({ userId: profile.id, email, isAdmin });
  return { userId: profile.id, cookies: [`${SESSION_COOKIE}=${s.cookieValue}`] };
}

async function call(handler: Handler, method: string, routePath: string, who: { cookies: string[] } | undefined, opts: { params?: Record<string, string>; body?: unknown; query?: Record<string, string>; raw?: { body: Buffer; contentType: string } } = {}): Promise<Reply> {
  const path = routePath.replace(/\{(\w+)\}/g, (_, k: string) => opts.params?.[k] ?? '');
  const event = httpEvent(method, path, {
    routePath,
    pathParameters: opts.params,
    query: opts.query,
    body: opts.body,
    cookies: who?.cookies,
    headers: opts.raw ? { 'content-type': opts.raw.contentType } : undefined,
  });
  if (opts.raw) Object.assign(event, { body: opts.raw.body.toString('base64'), isBase64Encoded: true });
  const res = (await handler(event, {} as Context)) as { statusCode: number; body: string; headers?: Record<string, string> };
  let body: unknown = res.body;
  try {
    body = JSON.parse(res.body);
  } catch {
    // HTML or empty
  }
  return { status: res.statusCode, body, headers: res.headers ?? {} };
}

async function multipart(fields: Record<string, string>, files: { name: string; bytes: Buffer; type: string }[] = []) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append('referenceFiles', new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
  const req = new Request('http://x/', { method: 'POST', body: form });
  return { body: Buffer.from(await req.arrayBuffer()), contentType: req.headers.get('content-type')! };
}

const monitorFields = { userId: 'me', query: 'Luna Vale', searchEngines: '["google","bing"]', contentType: 'images', cadence: 'weekly', alerts: 'instant' };
const original = async (n: number) => Buffer.from(await (await fetch(`${origin}/demo/originals/${n}.jpg`)).arrayBuffer());

async function outboxAlerts() {
  const files = readdirSync(outbox).filter((f) => f.endsWith('.eml'));
  const mails = await Promise.all(files.map(async (f) => simpleParser(readFileSync(join(outbox, f)))));
  return mails.filter((m) => m.headers.has('x-vigil-alert'));
}

/** Waits until the monitor is due again, then runs one dispatcher tick and waits for the run to finish. */
async function nextRun(monitorId: string): Promise<string> {
  const m = (await call(monitorsHandler, 'GET', '/api/monitors/{id}', owner, { params: { id: monitorId } })).body;
  const wait = Math.max(0, Date.parse(m.nextRunAt) - Date.now()) + 50;
  await new Promise((r) => setTimeout(r, wait));
  const tick = await dispatch();
  expect(tick.started).toBe(1);
  await workflows.idle();
  const after = (await call(monitorsHandler, 'GET', '/api/monitors/{id}', owner, { params: { id: monitorId } })).body;
  return after.lastSearchId;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'vigil-monitor-'));
  outbox = join(dir, 'outbox');
  s3 = await startS3({ directory: join(dir, 's3'), buckets: ['monitor-uploads'] });
  sandboxServer = createServer((req, res) => sandbox(req, res));
  await new Promise<void>((r) => sandboxServer.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(sandboxServer.address() as AddressInfo).port}/sandbox`;
  sandbox = createSandbox({ origin, dataDir: join(dir, 'sandbox'), warm: false });
  workflows = await startLocalWorkflows({ retryMs: 0 });
  dynamo = await startTestDynamo({
    S3_ENDPOINT: s3.endpoint,
    UPLOADS_BUCKET: 'monitor-uploads',
    SANDBOX_ORIGIN: origin,
    PROVIDER_RETRIES: '0',
    OUTBOX_DIR: outbox,
    PUBLIC_URL: 'http://localhost:3999',
    MONITOR_INTERVAL_OVERRIDE_SECONDS: '5',
    ...workflows.env,
  });
  resetConfig();
  resetS3Client();
  resetWorkflowClient();
  resetProviderKeyCache();
  resetSigningKey();
  setAlertMailSender(undefined);
  owner = await user('owner@monitor.test');
  other = await user('other@monitor.test');
  admin = await user('admin@monitor.test', true);
}, 60_000);

afterAll(async () => {
  await workflows.close();
  await dynamo.close();
  await s3.close();
  sandbox.close();
  await new Promise<void>((r) => sandboxServer.close(() => r()));
  rmSync(dir, { recursive: true, force: true });
});

describe('monitor routes', () => {
  it('refuses anonymous callers, bad input and cadences or counts beyond the plan (402 PLAN_LIMIT)', async () => {
    const form = await multipart(monitorFields);
    expect((await call(monitorsHandler, 'POST', '/api/monitors', undefined, { raw: form })).status).toBe(401);
    expect((await call(monitorsHandler, 'GET', '/api/user/{id}/monitors', undefined, { params: { id: 'me' } })).status).toBe(401);

    const bad = await call(monitorsHandler, 'POST', '/api/monitors', other, { raw: await multipart({ ...monitorFields, cadence: 'sometimes' }) });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual([{ path: 'body.cadence', message: 'Cadence must be one of hourly, every-6-hours, daily, weekly.' }]);
    const empty = await call(monitorsHandler, 'POST', '/api/monitors', other, { raw: await multipart({ ...monitorFields, query: '' }) });
    expect(empty.status).toBe(400);

    const fast = await call(monitorsHandler, 'POST', '/api/monitors', other, { raw: await multipart({ ...monitorFields, cadence: 'daily' }) });
    expect(fast.status).toBe(402);
    expect(fast.body).toMatchObject({ code: 'PLAN_LIMIT', limit: 1, used: 0, resetsAt: null });
    expect(fast.body.error).toMatch(/weekly/);

    const first = await call(monitorsHandler, 'POST', '/api/monitors', other, { raw: form });
    expect(first.status).toBe(201);
    const second = await call(monitorsHandler, 'POST', '/api/monitors', other, { raw: form });
    expect(second.status).toBe(402);
    expect(second.body).toMatchObject({ code: 'PLAN_LIMIT', limit: 1, used: 1 });

    // Another user (and an admin) cannot change it; an admin may look.
    const id = first.body.id as string;
    expect((await call(monitorsHandler, 'GET', '/api/monitors/{id}', owner, { params: { id } })).status).toBe(404);
    expect((await call(monitorsHandler, 'GET', '/api/monitors/{id}', admin, { params: { id } })).status).toBe(200);
    expect((await call(monitorsHandler, 'PUT', '/api/monitors/{id}', admin, { params: { id }, body: { paused: true } })).status).toBe(404);
    expect((await call(monitorsHandler, 'POST', '/api/monitors/{id}/run', owner, { params: { id } })).status).toBe(404);
    expect((await call(monitorsHandler, 'DELETE', '/api/monitors/{id}', owner, { params: { id } })).status).toBe(404);
    expect((await call(monitorsHandler, 'GET', '/api/user/{id}/monitors', owner, { params: { id: other.userId } })).status).toBe(403);
    expect((await call(monitorsHandler, 'PUT', '/api/monitors/{id}', other, { params: { id }, body: { cadence: 'hourly' } })).status).toBe(402);
    expect((await call(monitorsHandler, 'PUT', '/api/monitors/{id}', other, { params: { id }, body: {} })).status).toBe(400);
    expect((await call(monitorsHandler, 'GET', '/api/monitors/{id}', other, { params: { id: 'not-an-id' } })).status).toBe(400);

    // Paused monitors leave the due index; deleting gives the slot back.
    const paused = await call(monitorsHandler, 'PUT', '/api/monitors/{id}', other, { params: { id }, body: { paused: true } });
    expect(paused.body).toMatchObject({ paused: true, nextRunAt: null });
    expect((await dispatch()).due).toBe(0);
    expect((await call(monitorsHandler, 'POST', '/api/monitors/{id}/run', other, { params: { id } })).status).toBe(409);
    expect((await call(monitorsHandler, 'DELETE', '/api/monitors/{id}', other, { params: { id } })).status).toBe(204);
    expect((await call(monitorsHandler, 'GET', '/api/user/{id}/monitors', other, { params: { id: 'me' } })).body).toEqual([]);
    expect((await call(monitorsHandler, 'POST', '/api/monitors', other, { raw: form })).status).toBe(201);
    const leftover = (await call(monitorsHandler, 'GET', '/api/user/{id}/monitors', other, { params: { id: 'me' } })).body[0].id;
    await call(monitorsHandler, 'DELETE', '/api/monitors/{id}', other, { params: { id: leftover } });
  });

  it('finds the planted copies, marks only a leaked page new, mails one alert, and reopens a restored copy as reappeared', async () => {
    // A paid plan, so the notice flow is the real one the creator would use.
    await changeStoredPlan((await readStoredPlan(owner.userId))!, 'pro', new Date().toISOString());
    const reference = await original(1);
    const created = await call(monitorsHandler, 'POST', '/api/monitors', owner, {
      raw: await multipart({ ...monitorFields, cadence: 'every-6-hours', name: 'Luna watch' }, [{ name: 'luna.jpg', bytes: reference, type: 'image/jpeg' }]),
    });
    expect(created.status).toBe(201);
    const monitorId = created.body.id as string;
    expect(created.body).toMatchObject({ name: 'Luna watch', cadence: 'every-6-hours', paused: false, runCount: 0 });

    // Run 1 (due at once): finds the planted copies; everything is new.
    const tick = await dispatch();
    expect(tick.started).toBe(1);
    await workflows.idle();
    const detail1 = (await call(monitorsHandler, 'GET', '/api/monitors/{id}', owner, { params: { id: monitorId } })).body;
    const run1 = detail1.lastSearchId as string;
    expect(detail1.runs).toEqual([expect.objectContaining({ searchId: run1, status: 'completed' })]);
    const results1 = (await call(resultsHandler, 'GET', '/api/search/{id}/results', owner, { params: { id: run1 } })).body as any[]; // eslint-disable-line @typescript-eslint/no-explicit-any
    const matched = results1.filter((r) => r.evidence.matchedReferenceId);
    expect(matched.length).toBeGreaterThanOrEqual(4);
    expect(results1.every((r) => r.isNew && r.monitorId === monitorId && r.firstSeenAt === r.lastSeenAt)).toBe(true);
    expect(detail1.runs[0].newCount).toBe(results1.length);
    const firstAlerts = await outboxAlerts();
    expect(firstAlerts).toHaveLength(1);

    // Review one copy, then a new leak appears on the web.
    const reviewed = matched[0];
    await call(resultsHandler, 'PUT', '/api/search-results/{id}/review', owner, { params: { id: reviewed.id }, body: { status: 'unauthorized' } });
    const hash = createHash('sha256').update(reference).digest('hex');
    const leak = await (await fetch(`${origin}/control/leak`, { method: 'POST', body: JSON.stringify({ name: 'Luna Vale', hash }) })).json();
    expect(leak.page).toContain('/sites/leakforum.example/threads/');

    // Run 2: only the new page is new; the reviewed copy keeps its review; one alert lists that URL.
    const run2 = await nextRun(monitorId);
    expect(run2).not.toBe(run1);
    const results2 = (await call(resultsHandler, 'GET', '/api/search/{id}/results', owner, { params: { id: run2 } })).body as any[]; // eslint-disable-line @typescript-eslint/no-explicit-any
    const fresh = results2.filter((r) => r.isNew);
    expect(fresh.map((r) => r.url)).toEqual([leak.page]);
    const again = results2.find((r) => r.id === reviewed.id);
    expect(again).toMatchObject({ userReviewStatus: 'unauthorized', isNew: false, firstSeenAt: reviewed.firstSeenAt });
    expect(again.lastSeenAt > reviewed.lastSeenAt).toBe(true);
    const alerts = await outboxAlerts();
    expect(alerts).toHaveLength(2);
    const alert = alerts.find((m) => m.subject?.includes('1 new copy'))!;
    expect(alert.text).toContain(leak.page);
    expect(alert.text).toMatch(/confidence \d+%/);
    expect(alert.text).toContain(`/search?id=${run2}&filter=new`);
    const header = (name: string) => alert.headerLines.find((l) => l.key === name)?.line ?? '';
    const unsubscribe = /<([^>]+)>/.exec(header('list-unsubscribe'))![1]!;
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

    // The bell shows both alerts unread; reading them clears the count.
    const bell = (await call(monitorsHandler, 'GET', '/api/user/{id}/alerts', owner, { params: { id: 'me' } })).body;
    expect(bell.unread).toBe(2);
    expect((await call(monitorsHandler, 'POST', '/api/user/{id}/alerts/read', owner, { params: { id: 'me' }, body: {} })).body).toEqual({ marked: 2 });
    expect((await call(monitorsHandler, 'GET', '/api/user/{id}/alerts', other, { params: { id: owner.userId } })).status).toBe(403);

    // A case for the reviewed copy; its notice went out and the host removed the page (resolved).
    const caseRes = await call(dmcaHandler, 'POST', '/api/dmca', owner, {
      body: { searchResultId: reviewed.id, infringingUrl: reviewed.url, originalUrl: 'https://lunavale.example/gallery', description: 'My photo set', searchEngine: 'google' },
    });
    expect(caseRes.status).toBe(201);
    const caseId = caseRes.body.id as string;
    const baseline = await snapshotPage(reviewed.url);
    await db().send(new UpdateCommand({ TableName: tableName(), Key: keys.entity('CASE', caseId), UpdateExpression: 'SET baseline = :b', ExpressionAttributeValues: { ':b': [baseline] } }));
    expect(await transitionCase(caseId, ['pending'], 'sent', new Date().toISOString())).toBe(true);
    await fetch(`${origin}/control/remove`, { method: 'POST', body: JSON.stringify({ url: reviewed.url }) });
    expect(await transitionCase(caseId, ['sent'], 'resolved', new Date().toISOString())).toBe(true);

    // Run 3 while it is gone: the case stays resolved. Then the copy comes back: run 4 reopens it.
    await nextRun(monitorId);
    expect((await getCase(caseId))!.status).toBe('resolved');
    await fetch(`${origin}/control/restore`, { method: 'POST', body: JSON.stringify({ url: reviewed.url }) });
    await nextRun(monitorId);
    const reopened = (await call(dmcaHandler, 'GET', '/api/dmca/{id}', owner, { params: { id: caseId } })).body;
    expect(reopened.status).toBe('reappeared');
    expect(reopened.statusHistory.map((h: { status: string }) => h.status)).toEqual(['pending', 'sent', 'resolved', 'reappeared']);
    expect(reopened.reappearedAt).toBeDefined();
    const back = (await outboxAlerts()).find((m) => m.subject?.includes('back online'));
    expect(back?.text).toContain(reviewed.url);

    // One-click unsubscribe works without a session and turns the monitor's alerts off.
    const token = new URL(unsubscribe).searchParams.get('token')!;
    const page = await call(monitorsHandler, 'GET', '/api/alerts/unsubscribe', undefined, { query: { token } });
    expect(page.status).toBe(200);
    expect((await call(monitorsHandler, 'POST', '/api/alerts/unsubscribe', undefined, { query: { token: `${token.slice(0, -2)}xx` } })).status).toBe(400);
    const done = await call(monitorsHandler, 'POST', '/api/alerts/unsubscribe', undefined, { query: { token }, body: 'List-Unsubscribe=One-Click' });
    expect(done.status).toBe(200);
    expect((await call(monitorsHandler, 'GET', '/api/monitors/{id}', owner, { params: { id: monitorId } })).body.alerts).toBe('off');
  }, 240_000);
});
