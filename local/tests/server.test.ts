import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { ROUTES } from '../../shared/contract';
import { logger } from '../../functions/lib/logger';
import { SECURITY_HEADERS } from '../../shared/security-headers';
import { startServer, type RunningServer } from '../server';
import { last, TestBrowser } from './support/browser';

// The runtime behind `npm start`, in this process with in-memory data and a stand-in built site.
let app: RunningServer;
let webDir: string;

beforeAll(async () => {
  webDir = mkdtempSync(join(tmpdir(), 'vigil-web-'));
  mkdirSync(join(webDir, 'assets'));
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Vigil</title><div id="root"></div>');
  writeFileSync(join(webDir, 'assets', 'index-abc123.js'), 'console.log("app")');
  app = await startServer({ port: 0, inMemory: true, webDir, env: { LOG_LEVEL: 'SILENT' } });
});
afterAll(async () => {
  await app.close();
  rmSync(webDir, { recursive: true, force: true });
});

const get = (path: string, init?: RequestInit) => fetch(`${app.url}${path}`, { redirect: 'manual', ...init });

function expectSecurityHeaders(res: Response) {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect([name, res.headers.get(name)]).toEqual([name, value]);
}

describe('local server', () => {
  it('answers the health check', async () => {
    const res = await get('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
    expectSecurityHeaders(res);
  });

  it('serves the built site with SPA fallback and long-lived caching only for hashed assets', async () => {
    const home = await get('/');
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<div id="root">');
    expect(home.headers.get('cache-control')).toBe('no-cache');
    expectSecurityHeaders(home);

    const deep = await get('/search/01HXYZ/results');
    expect(deep.status).toBe(200);
    expect(await deep.text()).toContain('<div id="root">');

    const asset = await get('/assets/index-abc123.js');
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

    expect((await get('/assets/missing-file.js')).status).toBe(404);
  });

  it('sends the security headers on the IdP pages, its discovery document and its assets', async () => {
    const discovery = await get('/idp/.well-known/openid-configuration');
    expect(discovery.status).toBe(200);
    expect((await discovery.json()).issuer).toBe(`${app.url}/idp`);
    expectSecurityHeaders(discovery);

    const page = last(await new TestBrowser(app.url).navigate('/api/login'));
    expect(page.status).toBe(200);
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(page.headers.get(name)).toBe(value);

    const css = await get('/idp/assets/idp.css');
    expect(css.headers.get('content-type')).toContain('text/css');
    expectSecurityHeaders(css);
  });

  it('answers an unknown API path with 404 JSON', async () => {
    const res = await get('/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'There is no API route GET /api/no-such-thing.', code: 'NOT_FOUND' });
    expectSecurityHeaders(res);
  });

  it('refuses a state-changing API call from a foreign origin with 403, and lets the same call from the site reach auth', async () => {
    // Any write route of the table will do; the origin check runs before everything else.
    const write = ROUTES.find((r) => r.method !== 'GET' && existsSync(join(__dirname, '../../functions/http', r.area, 'index.ts')));
    expect(write).toBeDefined();
    const path = write!.path.replace(/\{[^}]+\}/g, 'me');
    const init = { method: write!.method, headers: { 'content-type': 'application/json' }, body: '{}' };

    const foreign = await get(path, { ...init, headers: { ...init.headers, origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toMatchObject({ code: 'CSRF_REFUSED' });

    const own = await get(path, { ...init, headers: { ...init.headers, origin: app.url } });
    expect(own.status).toBe(401);
  });

  it('logs one structured line per request, without the query string', async () => {
    const info = jest.spyOn(logger, 'info');
    try {
      await get('/api/health?secret=abc');
      await new Promise((r) => setImmediate(r));
      const line = info.mock.calls.find(([message]) => message === 'request');
      expect(line?.[1]).toEqual({ method: 'GET', path: '/api/health', status: 200, ms: expect.any(Number) });
    } finally {
      info.mockRestore();
    }
  });

  it('points the functions at the stand-ins through the environment', () => {
    expect(process.env).toMatchObject({
      PUBLIC_URL: app.url,
      OIDC_ISSUER: `${app.url}/idp`,
      S3_ENDPOINT: `${app.url}/s3`,
      AWS_ACCESS_KEY_ID: 'local',
      TABLE_NAME: 'vigil',
    });
    expect(process.env.DYNAMODB_ENDPOINT).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('mounts the sandbox web at /sandbox and tells the functions where it is', async () => {
    expect(process.env.SANDBOX_ORIGIN).toBe(`${app.url}/sandbox`);
    const res = await get('/sandbox/');
    expect(res.status).toBe(200);
    expectSecurityHeaders(res);
  });

  it('serves S3 on the site origin, presigned URLs included', async () => {
    const s3 = new S3Client({ endpoint: process.env.S3_ENDPOINT, forcePathStyle: true, region: 'us-east-1' });
    try {
      await s3.send(new PutObjectCommand({ Bucket: 'vigil-uploads', Key: 'u1/ref.txt', Body: 'reference', ContentType: 'text/plain' }));
      const url = await getSignedUrl(s3, new GetObjectCommand({ Bucket: 'vigil-uploads', Key: 'u1/ref.txt' }), { expiresIn: 60 });
      expect(url.startsWith(`${app.url}/s3/vigil-uploads/u1/ref.txt?`)).toBe(true);
      const res = await fetch(url);
      expect(await res.text()).toBe('reference');
      const expired = await getSignedUrl(s3, new GetObjectCommand({ Bucket: 'vigil-uploads', Key: 'u1/ref.txt' }), {
        expiresIn: 1,
        signingDate: new Date(Date.now() - 60_000),
      });
      expect((await fetch(expired)).status).toBe(403);
    } finally {
      s3.destroy();
    }
  });
});
