import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dnsOverHttpsUrl } from '../../lib/config';
import { configuredResolver, dohResolver } from './doh-resolver';

let server: Server;
let base: string;
const asked: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    asked.push(`${url.searchParams.get('name')}/${url.searchParams.get('type')}`);
    const name = url.searchParams.get('name');
    const type = url.searchParams.get('type');
    res.setHeader('content-type', 'application/dns-json');
    if (name === 'v4.test' && type === 'A') return res.end(JSON.stringify({ Status: 0, Answer: [{ type: 5, data: 'alias.test.' }, { type: 1, data: '192.0.2.1' }] }));
    if (name === 'v6.test' && type === 'AAAA') return res.end(JSON.stringify({ Status: 0, Answer: [{ type: 28, data: '2001:db8::1' }] }));
    if (name === 'broken.test') return res.writeHead(502).end();
    res.end(JSON.stringify({ Status: 3 }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/dns/resolve`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('dohResolver', () => {
  it('answers A records, falling back to AAAA, ignoring other record types', async () => {
    const resolve = dohResolver(base);
    expect(await resolve('v4.test')).toEqual(['192.0.2.1']);
    expect(await resolve('v6.test')).toEqual(['2001:db8::1']);
    expect(asked).toEqual(['v4.test/A', 'v6.test/A', 'v6.test/AAAA']);
  });

  it('reports an unknown name as ENOTFOUND and a failing resolver as a server failure', async () => {
    await expect(dohResolver(base)('nowhere.test')).rejects.toMatchObject({ code: 'ENOTFOUND' });
    await expect(dohResolver(base)('broken.test')).rejects.toMatchObject({ code: 'ESERVFAIL' });
  });

  it('is used only when DNS_OVER_HTTPS_URL is configured', () => {
    expect(configuredResolver(dnsOverHttpsUrl({}))).toBeUndefined();
    expect(typeof configuredResolver(dnsOverHttpsUrl({ DNS_OVER_HTTPS_URL: base }))).toBe('function');
  });
});
