import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  BlockedAddressError,
  BlockedUrlError,
  FetchTimeoutError,
  ResponseTooLargeError,
  TooManyRedirectsError,
  UnexpectedContentTypeError,
  isSandboxUrl,
  safeFetch,
  type Resolver,
} from '../safe-fetch';

/**
 * A loopback fixture server. Paths under /sandbox are what the fetcher is told is the sandbox web; everything
 * else on it stands for the machine's private services, which the fetcher must never reach.
 */
let server: http.Server;
let port: number;
let sandbox: string;
const hits: string[] = [];
/** Settles when the endless stream's connection closes (the client stopped reading). */
const streamClosed: { promise: Promise<void>; resolve: () => void } = (() => {
  let resolve!: () => void;
  return { promise: new Promise<void>((r) => (resolve = r)), resolve: () => resolve() };
})();

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    hits.push(url.pathname);
    const to = url.searchParams.get('to');
    switch (url.pathname) {
      case '/sandbox/ok':
        res.writeHead(200, { 'content-type': 'text/plain' }).end('hello');
        return;
      case '/sandbox/image':
        res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
        return;
      case '/sandbox/redirect':
        res.writeHead(302, { location: to ?? '/sandbox/ok' }).end();
        return;
      case '/sandbox/loop':
        res.writeHead(301, { location: '/sandbox/loop' }).end();
        return;
      case '/sandbox/gone':
        res.writeHead(410, { 'content-type': 'text/html' }).end('<h1>Removed</h1>');
        return;
      case '/sandbox/big':
        res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': String(2_000_000) }).end(Buffer.alloc(2_000_000));
        return;
      case '/sandbox/big-stream': {
        // No content-length, and no end: the body streams until the client stops reading, so only a cap enforced
        // while streaming ends the fetch.
        res.writeHead(200, { 'content-type': 'image/jpeg' });
        const push = () => {
          if (res.destroyed) return;
          res.write(Buffer.alloc(64 * 1024), () => setImmediate(push));
        };
        res.once('close', () => streamClosed.resolve());
        push();
        return;
      }
      case '/sandbox/slow-headers':
        // Never answers: only the client's own timeout ends the fetch.
        return;
      case '/sandbox/slow-body':
        // Starts the body and never ends it.
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.write('start');
        return;
      default:
        res.writeHead(200, { 'content-type': 'text/plain' }).end('PRIVATE SERVICE');
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
  sandbox = `http://127.0.0.1:${port}/sandbox`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

beforeEach(() => {
  hits.length = 0;
});

const fetchNoSandbox = (url: string, opts = {}) => safeFetch(url, { sandboxOrigin: null, ...opts });

describe('refuses URLs that are not plain http(s)', () => {
  it.each(['file:///etc/passwd', 'ftp://example.com/x', 'data:text/plain,hi', 'javascript:alert(1)', 'gopher://example.com', 'not a url'])(
    '%s',
    async (url) => {
      await expect(fetchNoSandbox(url)).rejects.toBeInstanceOf(BlockedUrlError);
    },
  );

  it('refuses credentials in the URL', async () => {
    await expect(fetchNoSandbox('http://user:pass@example.com/')).rejects.toBeInstanceOf(BlockedUrlError);
  });
});

describe('refuses every private, local or special address, however it is spelled', () => {
  // Loopback ones carry the fixture server's port: were the check missing, the request would really succeed.
  const cases: Array<[string, () => string]> = [
    ['loopback', () => `http://127.0.0.1:${port}/`],
    ['loopback elsewhere in 127/8', () => `http://127.10.20.30:${port}/`],
    ['localhost (resolved by the system resolver)', () => `http://localhost:${port}/`],
    ['decimal IPv4', () => `http://2130706433:${port}/`],
    ['octal IPv4', () => `http://0177.0.0.1:${port}/`],
    ['hex IPv4', () => `http://0x7f.0.0.1:${port}/`],
    ['short IPv4', () => `http://127.1:${port}/`],
    ['IPv6 loopback', () => `http://[::1]:${port}/`],
    ['IPv4-mapped IPv6 loopback', () => `http://[::ffff:127.0.0.1]:${port}/`],
    ['IPv4-mapped IPv6 in hex', () => `http://[::ffff:7f00:1]:${port}/`],
    ['RFC 1918 10/8', () => 'http://10.0.0.1/'],
    ['RFC 1918 172.16/12', () => 'http://172.16.5.4/'],
    ['RFC 1918 192.168/16', () => 'http://192.168.1.1/'],
    ['CGNAT 100.64/10', () => 'http://100.64.0.1/'],
    ['link-local', () => 'http://169.254.10.1/'],
    ['cloud metadata', () => 'http://169.254.169.254/latest/meta-data/'],
    ['cloud metadata, decimal', () => 'http://2852039166/latest/meta-data/'],
    ['cloud metadata, IPv4-mapped', () => 'http://[::ffff:169.254.169.254]/'],
    ['0.0.0.0/8', () => `http://0.0.0.0:${port}/`],
    ['0.0.0.0/8, not zero', () => 'http://0.1.2.3/'],
    ['multicast', () => 'http://224.0.0.1/'],
    ['broadcast', () => 'http://255.255.255.255/'],
    ['reserved 240/4', () => 'http://240.0.0.1/'],
    ['IPv6 unspecified', () => 'http://[::]/'],
    ['IPv6 ULA fd00::/8', () => 'http://[fd00::1]/'],
    ['IPv6 link-local', () => 'http://[fe80::1]/'],
    ['IPv6 multicast', () => 'http://[ff02::1]/'],
    ['NAT64 embedding loopback', () => 'http://[64:ff9b::7f00:1]/'],
    ['6to4 embedding a private address', () => 'http://[2002:a00:1::1]/'],
    ['IPv4-compatible IPv6', () => 'http://[::127.0.0.1]/'],
  ];
  it.each(cases)('%s', async (_name, url) => {
    await expect(fetchNoSandbox(url())).rejects.toBeInstanceOf(BlockedAddressError);
    expect(hits).toEqual([]);
  });
});

describe('host names are resolved and every address is checked', () => {
  const resolver =
    (table: Record<string, string[]>): Resolver =>
    async (host) =>
      (table[host] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

  it('refuses a host that resolves to a private address', async () => {
    const err = await fetchNoSandbox('http://intranet.example/', { resolve: resolver({ 'intranet.example': ['10.1.2.3'] }) }).catch((e) => e);
    expect(err).toBeInstanceOf(BlockedAddressError);
    expect(err).toMatchObject({ address: '10.1.2.3', range: 'private' });
  });

  it('refuses a host with one public and one private address', async () => {
    const resolve = resolver({ 'mixed.example': ['93.184.216.34', '127.0.0.1'] });
    await expect(fetchNoSandbox(`http://mixed.example:${port}/`, { resolve })).rejects.toBeInstanceOf(BlockedAddressError);
    expect(hits).toEqual([]);
  });

  it('refuses a host that resolves to the metadata address over IPv6-mapped form', async () => {
    const resolve = resolver({ 'meta.example': ['::ffff:169.254.169.254'] });
    await expect(fetchNoSandbox('http://meta.example/', { resolve })).rejects.toBeInstanceOf(BlockedAddressError);
  });

  it('lets a host with only public addresses through to the connection attempt', async () => {
    // Offline, the attempt fails, times out or meets whatever the network answers; it is not refused by the policy.
    const resolve = resolver({ 'public.example': ['93.184.216.34'] });
    const outcome = await fetchNoSandbox('http://public.example/', { resolve, timeoutMs: 300 }).catch((e) => e);
    expect(outcome).not.toBeInstanceOf(BlockedAddressError);
    if (outcome instanceof Error) expect(['FetchFailedError', 'FetchTimeoutError']).toContain(outcome.name);
  });
});

describe('the sandbox origin is the one exemption', () => {
  it('reads a sandbox URL on loopback', async () => {
    const res = await safeFetch(`${sandbox}/ok`, { sandboxOrigin: sandbox });
    expect(res).toMatchObject({ status: 200, ok: true, contentType: 'text/plain', redirects: [] });
    expect(res.body.toString()).toBe('hello');
  });

  it('reads SANDBOX_ORIGIN from the environment by default', async () => {
    process.env.SANDBOX_ORIGIN = sandbox;
    try {
      expect((await safeFetch(`${sandbox}/ok`)).status).toBe(200);
      expect(isSandboxUrl(`${sandbox}/sites/x`)).toBe(true);
    } finally {
      delete process.env.SANDBOX_ORIGIN;
    }
  });

  it.each([
    ['another path on the same origin', () => `http://127.0.0.1:${port}/api/secret`],
    ['a path that only starts with the same letters', () => `http://127.0.0.1:${port}/sandboxed/x`],
    ['dot segments out of the prefix', () => `http://127.0.0.1:${port}/sandbox/../api`],
    ['encoded dot segments out of the prefix', () => `http://127.0.0.1:${port}/sandbox/%2e%2e/api`],
    ['the same port under another host name', () => `http://localhost:${port}/sandbox/ok`],
    ['another port', () => `http://127.0.0.1:${port + 1}/sandbox/ok`],
  ])('does not exempt %s', async (_name, url) => {
    await expect(safeFetch(url(), { sandboxOrigin: sandbox })).rejects.toBeInstanceOf(BlockedAddressError);
    expect(hits).toEqual([]);
  });

  it('follows redirects inside the sandbox and reports them', async () => {
    const res = await safeFetch(`${sandbox}/redirect`, { sandboxOrigin: sandbox });
    expect(res.body.toString()).toBe('hello');
    expect(res.url).toBe(`${sandbox}/ok`);
    expect(res.redirects).toEqual([`${sandbox}/redirect`]);
  });

  it.each([
    ['loopback outside the sandbox', () => `http://127.0.0.1:${port}/admin`],
    ['loopback in decimal', () => `http://2130706433:${port}/admin`],
    ['IPv4-mapped loopback', () => `http://[::ffff:7f00:1]:${port}/admin`],
    ['the metadata service', () => 'http://169.254.169.254/latest/meta-data/iam/'],
    ['a private network', () => 'http://192.168.0.10/'],
    ['a non-http scheme', () => 'file:///etc/passwd'],
  ])('re-checks a redirect to %s', async (_name, target) => {
    const url = `${sandbox}/redirect?to=${encodeURIComponent(target())}`;
    const err = await safeFetch(url, { sandboxOrigin: sandbox }).catch((e) => e);
    expect(['BlockedAddressError', 'BlockedUrlError']).toContain(err.name);
    expect(hits).toEqual(['/sandbox/redirect']);
  });

  it('stops after the redirect limit', async () => {
    await expect(safeFetch(`${sandbox}/loop`, { sandboxOrigin: sandbox, maxRedirects: 5 })).rejects.toBeInstanceOf(TooManyRedirectsError);
    expect(hits).toHaveLength(6);
  });
});

describe('caps', () => {
  it('refuses a body whose declared length is over the cap', async () => {
    await expect(safeFetch(`${sandbox}/big`, { sandboxOrigin: sandbox, maxBytes: 1_000_000 })).rejects.toBeInstanceOf(ResponseTooLargeError);
  });

  it('aborts a streamed body once it passes the cap', async () => {
    await expect(safeFetch(`${sandbox}/big-stream`, { sandboxOrigin: sandbox, maxBytes: 256 * 1024 })).rejects.toBeInstanceOf(ResponseTooLargeError);
    // ...and lets go of the connection: the endless stream's server sees it closed.
    await streamClosed.promise;
  });

  it('reads a body under the cap', async () => {
    const res = await safeFetch(`${sandbox}/big`, { sandboxOrigin: sandbox, maxBytes: 3_000_000 });
    expect(res.body).toHaveLength(2_000_000);
  });

  it('times out when headers do not arrive', async () => {
    const err = await safeFetch(`${sandbox}/slow-headers`, { sandboxOrigin: sandbox, timeoutMs: 200 }).catch((e) => e);
    expect(err).toBeInstanceOf(FetchTimeoutError);
  });

  it('times out when the body stalls', async () => {
    await expect(safeFetch(`${sandbox}/slow-body`, { sandboxOrigin: sandbox, timeoutMs: 200 })).rejects.toBeInstanceOf(FetchTimeoutError);
  });
});

describe('answers', () => {
  it('returns a 410 instead of throwing, so a takedown re-check can see the copy is gone', async () => {
    const res = await safeFetch(`${sandbox}/gone`, { sandboxOrigin: sandbox, accept: ['image/*'] });
    expect(res).toMatchObject({ status: 410, ok: false });
  });

  it('checks the content type when asked', async () => {
    await expect(safeFetch(`${sandbox}/ok`, { sandboxOrigin: sandbox, accept: ['image/*'] })).rejects.toBeInstanceOf(UnexpectedContentTypeError);
    const res = await safeFetch(`${sandbox}/image`, { sandboxOrigin: sandbox, accept: ['image/*'] });
    expect(res.contentType).toBe('image/png');
  });
});
