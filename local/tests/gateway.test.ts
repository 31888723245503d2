import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2 } from 'aws-lambda';
import type { RouteDef } from '../../shared/contract';
import { createGateway, MAX_BODY_BYTES } from '../gateway';

// The gateway over real HTTP, with its own route table and handlers that answer with what they received.
const routes: RouteDef[] = [
  { method: 'GET', path: '/api/search/{id}', area: 'system', name: 'a', auth: 'public', summary: '' },
  { method: 'GET', path: '/api/search/recent', area: 'system', name: 'b', auth: 'public', summary: '' },
  { method: 'POST', path: '/api/search', area: 'auth', name: 'c', auth: 'user', summary: '' },
  { method: 'PUT', path: '/api/user/{id}/items/{itemId}', area: 'auth', name: 'd', auth: 'user', summary: '' },
];

let reply: (event: APIGatewayProxyEventV2) => APIGatewayProxyResultV2;
const loaded: string[] = [];
let server: Server;
let base: string;

beforeAll(async () => {
  const gateway = createGateway({
    routes,
    load: async (area) => {
      loaded.push(area);
      return async (event) => reply(event);
    },
  });
  server = createServer((req, res) => void gateway(req, res));
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', () => ok()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((ok) => server.close(() => ok())));
beforeEach(() => {
  reply = (event) => ({ statusCode: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(event) });
});

const echo = async (path: string, init?: RequestInit) => {
  const res = await fetch(`${base}${path}`, init);
  return { status: res.status, event: (await res.json()) as APIGatewayProxyEventV2 };
};

describe('local API gateway', () => {
  it('builds a payload 2.0 event with the route key, path parameters, query and lowercased headers', async () => {
    const { status, event } = await echo('/api/search/01HX%20Y?period=7d&tag=a&tag=b', {
      headers: { 'X-Custom': 'One', Cookie: 'a=1; vigil_session=abc' },
    });
    expect(status).toBe(200);
    expect(event).toMatchObject({
      version: '2.0',
      routeKey: 'GET /api/search/{id}',
      rawPath: '/api/search/01HX%20Y',
      rawQueryString: 'period=7d&tag=a&tag=b',
      queryStringParameters: { period: '7d', tag: 'a,b' },
      pathParameters: { id: '01HX Y' },
      cookies: ['a=1', 'vigil_session=abc'],
      isBase64Encoded: false,
      requestContext: { routeKey: 'GET /api/search/{id}', stage: '$default', http: { method: 'GET', path: '/api/search/01HX%20Y', sourceIp: '127.0.0.1' } },
    });
    expect(event.headers['x-custom']).toBe('One');
    expect(event.headers.cookie).toBeUndefined(); // API Gateway moves cookies out of the headers
    expect(event.body).toBeUndefined();
  });

  it('prefers a literal path over a parameter, as API Gateway does', async () => {
    expect((await echo('/api/search/recent')).event.routeKey).toBe('GET /api/search/recent');
  });

  it('passes a JSON body as text and a multipart body as base64', async () => {
    const json = await echo('/api/search', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"x"}' });
    expect(json.event).toMatchObject({ routeKey: 'POST /api/search', body: '{"query":"x"}', isBase64Encoded: false });

    const form = new FormData();
    form.append('file', new Blob([Buffer.from([0xff, 0xd8, 0xff, 0x00])], { type: 'image/jpeg' }), 'a.jpg');
    const multipart = await echo('/api/search', { method: 'POST', body: form });
    expect(multipart.event.isBase64Encoded).toBe(true);
    const raw = Buffer.from(multipart.event.body!, 'base64');
    expect(raw.includes(Buffer.from([0xff, 0xd8, 0xff, 0x00]))).toBe(true);
    expect(multipart.event.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
  });

  it('matches several path parameters', async () => {
    const { event } = await echo('/api/user/me/items/42', { method: 'PUT' });
    expect(event.pathParameters).toEqual({ id: 'me', itemId: '42' });
  });

  it('writes status, headers, every cookie and a base64 body back as bytes', async () => {
    reply = () => ({
      statusCode: 201,
      headers: { 'content-type': 'application/pdf', 'x-extra': 'yes' },
      cookies: ['a=1; Path=/', 'b=2; Path=/; HttpOnly'],
      body: Buffer.from('%PDF-1.7 bytes').toString('base64'),
      isBase64Encoded: true,
    });
    const res = await fetch(`${base}/api/search/recent`);
    expect(res.status).toBe(201);
    expect(res.headers.get('x-extra')).toBe('yes');
    expect(res.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/; HttpOnly']);
    expect(Buffer.from(await res.arrayBuffer()).toString()).toBe('%PDF-1.7 bytes');
  });

  it('answers an unknown API path or method with 404 JSON without loading any handler', async () => {
    const before = loaded.length;
    for (const [method, path] of [['GET', '/api/nothing-here'], ['DELETE', '/api/search/recent']] as const) {
      const res = await fetch(`${base}${path}`, { method });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: `There is no API route ${method} ${path}.`, code: 'NOT_FOUND' });
    }
    expect(loaded.length).toBe(before);
  });

  it('refuses a body over the API Gateway limit with 413', async () => {
    const res = await fetch(`${base}/api/search`, { method: 'POST', body: Buffer.alloc(MAX_BODY_BYTES + 1), headers: { 'content-type': 'application/octet-stream' } });
    expect(res.status).toBe(413);
    expect((await res.json()).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('loads each area once (a warm Lambda), however many requests it serves', async () => {
    await Promise.all([echo('/api/search/recent'), echo('/api/search/1'), echo('/api/search/2')]);
    expect(loaded.filter((a) => a === 'system')).toHaveLength(1);
  });
});
