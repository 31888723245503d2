import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError, apiErrorMessage, apiPath, apiRequest, fetcherOrNullOn401 } from './api-client';
import { contract } from '@shared/contract';

/** A real HTTP server on loopback: the client is exercised through fetch exactly as in the browser. */
let server: Server;
let base: string;
const seen: { method?: string; contentType?: string; body?: string }[] = [];

async function readAll(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const body = await readAll(req);
    seen.push({ method: req.method, contentType: req.headers['content-type'], body });
    switch (req.url) {
      case '/ok':
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"1","name":"Casey"}');
        return;
      case '/echo':
        res.writeHead(201, { 'content-type': 'application/json' }).end(body || '{}');
        return;
      case '/empty':
        res.writeHead(204).end();
        return;
      case '/boom':
        res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"Search provider unavailable","code":"UPSTREAM"}');
        return;
      case '/plain-missing':
        res.writeHead(404, 'Not Found').end();
        return;
      case '/gateway':
        res.writeHead(502, 'Bad Gateway').end('<html>bad gateway</html>');
        return;
      case '/anon':
        res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"Sign in first","code":"UNAUTHENTICATED"}');
        return;
      default:
        res.writeHead(418).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('api client', () => {
  it('parses JSON on success', async () => {
    await expect(apiRequest('GET', `${base}/ok`)).resolves.toEqual({ id: '1', name: 'Casey' });
  });

  it('sends objects as JSON with a JSON content type', async () => {
    const result = await apiRequest('POST', `${base}/echo`, { body: { planId: 'pro' } });
    expect(result).toEqual({ planId: 'pro' });
    expect(seen.at(-1)).toMatchObject({ method: 'POST', contentType: 'application/json', body: '{"planId":"pro"}' });
  });

  it('sends FormData as multipart and leaves the boundary to fetch', async () => {
    const form = new FormData();
    form.append('query', 'casey');
    await apiRequest('POST', `${base}/echo`, { body: form, responseType: 'text' });
    expect(seen.at(-1)?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen.at(-1)?.body).toContain('casey');
  });

  it('reads an empty body as undefined', async () => {
    await expect(apiRequest('DELETE', `${base}/empty`)).resolves.toBeUndefined();
  });

  it('turns a non-ok response into "status: body text"', async () => {
    const error = await apiRequest('GET', `${base}/boom`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('500: {"error":"Search provider unavailable","code":"UPSTREAM"}');
    expect((error as ApiError).status).toBe(500);
    expect((error as ApiError).body).toEqual({ error: 'Search provider unavailable', code: 'UPSTREAM' });
  });

  it('uses the status text when the body is empty', async () => {
    await expect(apiRequest('GET', `${base}/plain-missing`)).rejects.toThrow(/^404: Not Found$/);
  });

  it('keeps a non-JSON error body in the message but has no parsed body', async () => {
    const error = (await apiRequest('GET', `${base}/gateway`).catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('502: <html>bad gateway</html>');
    expect(error.body).toBeUndefined();
    expect(apiErrorMessage(error, 'Search failed')).toBe('Search failed');
  });

  it("gives the server's message for toasts, or the fallback", async () => {
    const error = await apiRequest('GET', `${base}/boom`).catch((e: unknown) => e);
    expect(apiErrorMessage(error, 'Search failed')).toBe('Search provider unavailable');
    expect(apiErrorMessage(new TypeError('network down'), 'Search failed')).toBe('Search failed');
  });

  it('maps 401 to null in the return-null fetcher and still throws other errors', async () => {
    await expect(fetcherOrNullOn401(`${base}/anon`)).resolves.toBeNull();
    await expect(fetcherOrNullOn401(`${base}/ok`)).resolves.toEqual({ id: '1', name: 'Casey' });
    await expect(fetcherOrNullOn401(`${base}/boom`)).rejects.toThrow(/^500: /);
  });
});

describe('apiPath', () => {
  it('fills path parameters (encoded) and appends the query, leaving out undefined values', () => {
    expect(apiPath(contract.getCase, { params: { id: 'a b/c' } })).toBe('/api/dmca/a%20b%2Fc');
    expect(apiPath(contract.userResults, { params: { id: 'me' }, query: { limit: 1, before: undefined } })).toBe('/api/user/me/results?limit=1');
    expect(apiPath(contract.subscription)).toBe('/api/user/subscription');
  });

  it('refuses a row whose path parameter is missing', () => {
    expect(() => apiPath(contract.getCase)).toThrow('getCase: path parameter id is missing');
  });
});
