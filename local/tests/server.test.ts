import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { DeleteObjectsCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
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
    expect(await res.json()).toEqual({ status: 'ok', handlers: 'source' });
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
    const write = ROUTES.find((r) => r.method !== 'GET' && r.auth !== 'public' && existsSync(join(__dirname, '../../functions/http', r.area, 'index.ts')));
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

  it('keeps an idle connection open past Node\'s 5-second default, so a client reusing it does not read ECONNRESET', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const health = () =>
      new Promise<{ status: number; reused: boolean }>((ok, fail) => {
        const req = request({ host: 'localhost', port: app.port, path: '/api/health', agent }, (res) => {
          res.resume().on('end', () => ok({ status: res.statusCode!, reused: req.reusedSocket }));
        });
        req.on('error', fail).end();
      });
    try {
      expect(await health()).toEqual({ status: 200, reused: false });
      await new Promise((r) => setTimeout(r, 6_000));
      expect(await health()).toEqual({ status: 200, reused: true });
    } finally {
      agent.destroy();
    }
  }, 15_000);
});

/** A request with full control of the headers (fetch will not set Host). */
function raw(path: string, opts: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((ok, fail) => {
    const req = request(
      { host: '127.0.0.1', port: app.port, path, method: opts.method ?? 'GET', headers: opts.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => ok({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', fail);
    req.end(opts.body);
  });
}

describe('host names', () => {
  it('refuses to listen on a network interface without VIGIL_ALLOW_NETWORK=1', async () => {
    delete process.env.VIGIL_ALLOW_NETWORK;
    await expect(startServer({ port: 0, host: '0.0.0.0', inMemory: true, webDir })).rejects.toThrow(/HOST=0\.0\.0\.0 .*VIGIL_ALLOW_NETWORK=1/);
  });

  it('answers 421 to a Host it does not serve (DNS rebinding), on every mount', async () => {
    for (const path of ['/', '/api/health', '/idp/.well-known/openid-configuration', '/s3/vigil-uploads/x', '/sandbox/']) {
      const res = await raw(path, { headers: { host: `rebind.attacker.example:${app.port}` } });
      expect([path, res.status]).toEqual([path, 421]);
    }
    expect((await raw('/api/health', { headers: { host: 'localhost:1' } })).status).toBe(421);
  });

  it('serves localhost and redirects 127.0.0.1 page loads to the canonical origin before anything starts', async () => {
    expect((await raw('/api/health', { headers: { host: `localhost:${app.port}` } })).status).toBe(200);
    const login = await raw('/api/login?x=1', { headers: { host: `127.0.0.1:${app.port}` } });
    expect(login.status).toBe(308);
    expect(login.headers.location).toBe(`${app.url}/api/login?x=1`);
    const page = await raw('/search', { headers: { host: `[::1]:${app.port}` } });
    expect(page.headers.location).toBe(`${app.url}/search`);
  });

  it('signs in when the site was opened at 127.0.0.1', async () => {
    const browser = new TestBrowser(`http://127.0.0.1:${app.port}`);
    const hops = await browser.navigate('/api/login');
    expect(last(hops).status).toBe(200);
    expect(last(hops).url.startsWith(`${app.url}/idp/interaction/`)).toBe(true);
    const done = await browser.submitForm(last(hops), { email: 'loopback@example.com', password: 'correct horse' });
    expect(last(done).url).toBe(`${app.url}/`);
    const me = await browser.json(`${app.url}/api/auth/user`);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: 'loopback@example.com' });
  });
});

describe('the S3 mount', () => {
  const s3 = () => new S3Client({ endpoint: process.env.S3_ENDPOINT, forcePathStyle: true, region: 'us-east-1' });
  const host = () => `localhost:${app.port}`;

  beforeAll(async () => {
    const c = s3();
    await c.send(new PutObjectCommand({ Bucket: 'vigil-uploads', Key: 'u2/secret.jpg', Body: 'secret', ContentType: 'image/jpeg' }));
    c.destroy();
  });

  it('refuses unsigned reads, listings and form uploads', async () => {
    expect((await raw('/s3/vigil-uploads/u2/secret.jpg', { headers: { host: host() } })).status).toBe(403);
    for (const path of ['/s3/', '/s3/vigil-uploads', '/s3/vigil-uploads/', '/s3/vigil-uploads?list-type=2']) {
      expect([path, (await raw(path, { headers: { host: host() } })).status]).toEqual([path, 403]);
    }
    const boundary = 'x';
    const form = [
      `--${boundary}\r\nContent-Disposition: form-data; name="key"\r\n\r\nevil.html`,
      `--${boundary}\r\nContent-Disposition: form-data; name="Content-Type"\r\n\r\ntext/html`,
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.html"\r\nContent-Type: text/html\r\n\r\n<script>alert(1)</script>`,
      `--${boundary}--\r\n`,
    ].join('\r\n');
    const post = await raw('/s3/vigil-uploads', {
      method: 'POST',
      headers: { host: host(), 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: form,
    });
    expect(post.status).toBe(405);
    expect((await raw('/s3/vigil-uploads/evil.html', { method: 'PUT', headers: { host: host() }, body: '<script>' })).status).toBe(403);
  });

  it('refuses a presigned URL whose signature, key or expiry was changed, or that is signed with another secret', async () => {
    const c = s3();
    try {
      const url = new URL(await getSignedUrl(c, new GetObjectCommand({ Bucket: 'vigil-uploads', Key: 'u2/secret.jpg' }), { expiresIn: 60 }));
      const path = () => `${url.pathname}${url.search}`;
      expect((await raw(path(), { headers: { host: host() } })).status).toBe(200);

      const tampered = new URL(url);
      tampered.searchParams.set('X-Amz-Expires', '600');
      expect((await raw(`${tampered.pathname}${tampered.search}`, { headers: { host: host() } })).status).toBe(403);
      const otherKey = `${url.pathname.replace('secret.jpg', 'other.jpg')}${url.search}`;
      expect((await raw(otherKey, { headers: { host: host() } })).status).toBe(403);

      const forged = new S3Client({
        endpoint: process.env.S3_ENDPOINT,
        forcePathStyle: true,
        region: 'us-east-1',
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      });
      const forgedUrl = new URL(await getSignedUrl(forged, new GetObjectCommand({ Bucket: 'vigil-uploads', Key: 'u2/secret.jpg' })));
      expect((await raw(`${forgedUrl.pathname}${forgedUrl.search}`, { headers: { host: host() } })).status).toBe(403);
      const s3rverKey = new S3Client({
        endpoint: process.env.S3_ENDPOINT,
        forcePathStyle: true,
        region: 'us-east-1',
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      });
      const s3rverUrl = new URL(await getSignedUrl(s3rverKey, new GetObjectCommand({ Bucket: 'vigil-uploads', Key: 'u2/secret.jpg' })));
      expect((await raw(`${s3rverUrl.pathname}${s3rverUrl.search}`, { headers: { host: host() } })).status).toBe(403);
      forged.destroy();
      s3rverKey.destroy();
    } finally {
      c.destroy();
    }
  });

  it('lets only the runtime\'s signed requests list, multi-delete and upload in parts; a presigned URL never', async () => {
    const c = s3();
    try {
      await c.send(new PutObjectCommand({ Bucket: 'vigil-uploads', Key: 'u3/a.txt', Body: 'a' }));
      const listed = await c.send(new ListObjectsV2Command({ Bucket: 'vigil-uploads', Prefix: 'u3/' }));
      expect(listed.Contents?.map((o) => o.Key)).toEqual(['u3/a.txt']);
      // A presigned listing or multi-delete (what a browser could hold) is refused, even correctly signed.
      const list = new URL(await getSignedUrl(c, new ListObjectsV2Command({ Bucket: 'vigil-uploads', Prefix: 'u3/' }), { expiresIn: 60 }));
      expect((await raw(`${list.pathname}${list.search}`, { headers: { host: host() } })).status).toBe(403);
      const del = new URL(await getSignedUrl(c, new DeleteObjectsCommand({ Bucket: 'vigil-uploads', Delete: { Objects: [{ Key: 'u3/a.txt' }] } }), { expiresIn: 60 }));
      expect((await raw(`${del.pathname}${del.search}`, { method: 'POST', headers: { host: host() } })).status).toBe(405);
      await c.send(new DeleteObjectsCommand({ Bucket: 'vigil-uploads', Delete: { Objects: [{ Key: 'u3/a.txt' }] } }));
      expect((await c.send(new ListObjectsV2Command({ Bucket: 'vigil-uploads', Prefix: 'u3/' }))).Contents ?? []).toEqual([]);
    } finally {
      c.destroy();
    }
  });

  it('accepts a presigned PUT of the signed key', async () => {
    const c = s3();
    try {
      const url = new URL(
        await getSignedUrl(c, new PutObjectCommand({ Bucket: 'vigil-uploads', Key: 'u2/upload.jpg', ContentType: 'image/jpeg' }), { expiresIn: 60 }),
      );
      const res = await fetch(url, { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: 'jpeg-bytes' });
      expect(res.status).toBe(200);
      const back = await c.send(new GetObjectCommand({ Bucket: 'vigil-uploads', Key: 'u2/upload.jpg' }));
      expect(await back.Body!.transformToString()).toBe('jpeg-bytes');
    } finally {
      c.destroy();
    }
  });
});

describe('request checks at the API', () => {
  it('ignores a malformed cookie instead of failing the request', async () => {
    for (const path of ['/api/health', '/api/auth/user', '/api/logout']) {
      const res = await raw(path, { headers: { host: `localhost:${app.port}`, cookie: 'x=%E0%A4%A; vigil_session=%' } });
      expect([path, res.status < 500]).toEqual([path, true]);
    }
    expect((await raw('/api/health', { headers: { host: `localhost:${app.port}`, cookie: 'x=%E0%A4%A' } })).status).toBe(200);
  });

  it('refuses a write with neither Origin nor Sec-Fetch-Site, and reads a text/plain body as nothing but a 415', async () => {
    const b = new TestBrowser(app.url);
    const login = last(await b.navigate('/api/login'));
    await b.submitForm(login, { email: 'csrf@example.com', password: 'correct horse' });
    const bare = await b.request('/api/contact', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"subject":"x","message":"y"}' });
    expect(bare.status).toBe(403);
    expect(JSON.parse(bare.body)).toMatchObject({ code: 'CSRF_REFUSED' });
    const plain = await b.request('/api/contact', {
      method: 'POST',
      headers: { 'content-type': 'text/plain', origin: app.url },
      body: '{"subject":"Hello there","message":"A message long enough to be sent."}',
    });
    expect(plain.status).toBe(415);
    expect(JSON.parse(plain.body)).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', error: expect.any(String) });
    const fetchMetadata = await b.request('/api/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      body: '{}',
    });
    expect(fetchMetadata.status).toBe(400);
  });
});
