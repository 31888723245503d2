import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback stand-in for the bits of the web the takedown workflow reads: infringing pages under
 * `/sites/<domain>/...` (the sandbox's URL shape, so SANDBOX_ORIGIN = this origin exempts them from the safe
 * fetcher's address check), RDAP (`/rdap/ip/<addr>`, `/rdap/domain/<name>`) and DNS-over-HTTPS JSON
 * (`/dns/resolve`) for the test domains. Each page can be made to disappear: at once, or after its first
 * fetch (a host acting on the notice between the notice and the re-check).
 */

export interface FixturePage {
  status?: number;
  contentType?: string;
  /** Text, or bytes (a picture). */
  body: string | Buffer;
  /** Answer 410 from the n-th fetch on (1 = the first fetch after the baseline). */
  goneAfterFetches?: number;
}

/** Test domains: address, and whether their network / registrar list an abuse contact. */
export const FIXTURE_DOMAINS: Record<string, { address: string }> = {
  'leaks.test': { address: '192.0.2.10' },
  'tube.test': { address: '192.0.2.20' },
  'nocontact.test': { address: '203.0.113.5' },
  // Behind Cloudflare (its published range): the CDN step is Cloudflare's web form, an agent task (issue 23).
  'proxied.test': { address: '104.16.0.10' },
};

export const FIXTURE_ABUSE = {
  hosting: 'abuse@hosting.test',
  registrar: 'abuse@registrar.test',
} as const;

const vcard = (fn: string, email?: string) => ['vcard', [['version', {}, 'text', '4.0'], ['fn', {}, 'text', fn], ...(email ? [['email', {}, 'text', email]] : [])]];

function rdapIp(addr: string): { status: number; body: unknown } {
  if (addr.startsWith('192.0.2.')) {
    return {
      status: 200,
      body: {
        objectClassName: 'ip network',
        handle: 'NET-192-0-2-0',
        startAddress: '192.0.2.0',
        endAddress: '192.0.2.255',
        entities: [
          {
            objectClassName: 'entity',
            roles: ['registrant'],
            vcardArray: vcard('Test Hosting LLC'),
            entities: [{ objectClassName: 'entity', roles: ['abuse'], vcardArray: vcard('Test Hosting Abuse', FIXTURE_ABUSE.hosting) }],
          },
        ],
      },
    };
  }
  if (addr.startsWith('203.0.113.')) {
    return { status: 200, body: { objectClassName: 'ip network', handle: 'NET-203', entities: [{ objectClassName: 'entity', roles: ['registrant'], vcardArray: vcard('Quiet Networks') }] } };
  }
  return { status: 404, body: { errorCode: 404, title: 'Not Found' } };
}

function rdapDomain(name: string): { status: number; body: unknown } {
  if (!FIXTURE_DOMAINS[name]) return { status: 404, body: { errorCode: 404, title: 'Not Found' } };
  const quiet = name === 'nocontact.test';
  return {
    status: 200,
    body: {
      objectClassName: 'domain',
      ldhName: name,
      entities: [
        {
          objectClassName: 'entity',
          roles: ['registrar'],
          vcardArray: vcard(quiet ? 'Quiet Domains SA' : 'Test Registrar'),
          ...(quiet ? {} : { entities: [{ objectClassName: 'entity', roles: ['abuse'], vcardArray: vcard('Registrar Abuse', FIXTURE_ABUSE.registrar) }] }),
        },
      ],
    },
  };
}

export interface FixtureWeb {
  origin: string;
  /** `<origin>/sites/<domain><path>`. */
  url(domain: string, path: string): string;
  setPage(url: string, page: FixturePage): void;
  /** Fetches of a page so far. */
  hits(url: string): number;
  close(): Promise<void>;
}

export async function startFixtureWeb(): Promise<FixtureWeb> {
  const pages = new Map<string, FixturePage & { fetches: number }>();
  let origin = '';
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', origin);
    const send = (status: number, body: unknown, type = 'application/json') => {
      res.writeHead(status, { 'content-type': type });
      res.end(typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body));
    };
    if (url.pathname.startsWith('/rdap/ip/')) {
      const a = rdapIp(decodeURIComponent(url.pathname.slice('/rdap/ip/'.length)));
      return send(a.status, a.body, 'application/rdap+json');
    }
    if (url.pathname.startsWith('/rdap/domain/')) {
      const a = rdapDomain(decodeURIComponent(url.pathname.slice('/rdap/domain/'.length)).toLowerCase());
      return send(a.status, a.body, 'application/rdap+json');
    }
    if (url.pathname === '/dns/resolve') {
      const name = (url.searchParams.get('name') ?? '').toLowerCase();
      const type = url.searchParams.get('type') === 'AAAA' ? 28 : 1;
      const rec = FIXTURE_DOMAINS[name];
      if (!rec) return send(200, { Status: 3 });
      return send(200, { Status: 0, Answer: type === 1 ? [{ name, type: 1, data: rec.address }] : [] });
    }
    const page = pages.get(`${origin}${url.pathname}`);
    if (!page) return send(404, 'Not found', 'text/plain');
    page.fetches++;
    if (page.goneAfterFetches !== undefined && page.fetches > page.goneAfterFetches) return send(410, 'Gone', 'text/plain');
    send(page.status ?? 200, page.body, page.contentType ?? 'text/html; charset=utf-8');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: (domain, path) => `${origin}/sites/${domain}${path}`,
    setPage: (url, page) => pages.set(url, { ...page, fetches: 0 }),
    hits: (url) => pages.get(url)?.fetches ?? 0,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
