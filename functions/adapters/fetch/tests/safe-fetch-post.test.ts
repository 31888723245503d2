import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { BlockedAddressError, safeFetch } from '../safe-fetch';

/*
 * POST through the safe fetcher (issue 25: Reddit's application token): the body is sent, a redirect answer is
 * returned and never followed, and the address rules hold as for a GET.
 */
let server: http.Server;
let sandbox: string;
const received: Array<{ method?: string; body: string; type?: string }> = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ method: req.method, body: Buffer.concat(chunks).toString('utf8'), type: req.headers['content-type'] });
      if (req.url === '/sandbox/redirect') res.writeHead(302, { location: 'http://169.254.169.254/' }).end();
      else res.writeHead(200, { 'content-type': 'application/json' }).end('{"access_token":"t"}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  sandbox = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sandbox`;
});

afterAll(() => new Promise((r) => server.close(r)));

it('sends the body of a POST', async () => {
  const res = await safeFetch(`${sandbox}/token`, { method: 'POST', body: 'grant_type=client_credentials', headers: { 'content-type': 'application/x-www-form-urlencoded' }, sandboxOrigin: sandbox });
  expect(res.body.toString()).toBe('{"access_token":"t"}');
  expect(received.at(-1)).toEqual({ method: 'POST', body: 'grant_type=client_credentials', type: 'application/x-www-form-urlencoded' });
});

it('returns a redirect answered to a POST instead of following it', async () => {
  const res = await safeFetch(`${sandbox}/redirect`, { method: 'POST', body: 'x', sandboxOrigin: sandbox });
  expect(res).toMatchObject({ status: 302, ok: false, redirects: [] });
});

it('refuses a private address for a POST as for a GET', async () => {
  await expect(safeFetch(`${sandbox.replace('/sandbox', '')}/token`, { method: 'POST', body: 'x', sandboxOrigin: sandbox })).rejects.toBeInstanceOf(BlockedAddressError);
});
