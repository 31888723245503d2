import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RdapUnavailableError, findAbuseContact, type AbuseLookupOptions } from './find-abuse-contact';
import { findAbuse } from './rdap-entities';
import { knownAgentFor } from './known-agents';

/** jCard helper: ["vcard", [["version", {}, "text", "4.0"], [prop, {}, "text", value], ...]]. */
const vcard = (props: Record<string, string>) => ['vcard', [['version', {}, 'text', '4.0'], ...Object.entries(props).map(([k, v]) => [k, {}, 'text', v])]];

// RFC 9083-shaped fixtures, modelled on what RIRs and registries return.
const FIXTURES: Record<string, unknown> = {
  // ARIN-style network: organization (registrant) with the abuse POC nested under it.
  '/rdap/ip/203.0.113.10': {
    objectClassName: 'ip network',
    handle: 'NET-203-0-113-0-1',
    startAddress: '203.0.113.0',
    endAddress: '203.0.113.255',
    name: 'EXAMPLE-HOSTING-NET',
    entities: [
      {
        objectClassName: 'entity',
        handle: 'EHG-1',
        roles: ['registrant'],
        vcardArray: vcard({ fn: 'Example Hosting GmbH', kind: 'org' }),
        entities: [
          { objectClassName: 'entity', handle: 'TECH-1', roles: ['technical'], vcardArray: vcard({ fn: 'NOC', email: 'noc@hosting.example' }) },
          { objectClassName: 'entity', handle: 'ABUSE-1', roles: ['abuse'], vcardArray: vcard({ fn: 'Abuse desk', email: 'abuse@hosting.example' }) },
        ],
      },
    ],
  },
  // A network object with no abuse entity at all.
  '/rdap/ip/192.0.2.44': { objectClassName: 'ip network', handle: 'NET-X', name: 'NO-ABUSE-NET', entities: [{ roles: ['registrant'], vcardArray: vcard({ fn: 'Quiet Org' }) }] },
  // Registry domain answer: the registrar entity with its abuse contact nested, value given as mailto:.
  '/rdap/domain/registrar-only.test': {
    objectClassName: 'domain',
    ldhName: 'registrar-only.test',
    entities: [
      {
        objectClassName: 'entity',
        roles: ['registrar'],
        vcardArray: vcard({ fn: 'Example Registrar, Inc.' }),
        entities: [{ objectClassName: 'entity', roles: ['ABUSE'], vcardArray: vcard({ fn: 'Registrar abuse', email: 'mailto:abuse@registrar.example' }) }],
      },
    ],
  },
  '/registry/domain/redirected.test': {
    objectClassName: 'domain',
    ldhName: 'redirected.test',
    entities: [{ roles: ['registrar'], vcardArray: vcard({ fn: 'Far Registrar' }), entities: [{ roles: ['abuse'], vcardArray: vcard({ email: 'abuse@far-registrar.example' }) }] }],
  },
  '/rdap/domain/no-abuse.test': { objectClassName: 'domain', ldhName: 'no-abuse.test', entities: [{ roles: ['registrar'], vcardArray: vcard({ fn: 'Silent Registrar' }) }] },
};

let server: Server;
let base: string;
const hits: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? '/';
    hits.push(path);
    if (path === '/rdap/domain/redirected.test') {
      res.writeHead(302, { location: '/registry/domain/redirected.test' }).end();
    } else if (path.startsWith('/rdap/ip/192.0.2.99') || path === '/rdap/domain/flaky.test') {
      res.writeHead(503).end();
    } else if (path === '/rdap/domain/slow.test') {
      // Never answers: only the lookup's own timeout ends the request.
    } else if (FIXTURES[path]) {
      res.writeHead(200, { 'content-type': 'application/rdap+json' }).end(JSON.stringify(FIXTURES[path]));
    } else {
      res.writeHead(404, { 'content-type': 'application/rdap+json' }).end(JSON.stringify({ errorCode: 404, title: 'Not Found' }));
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/rdap`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((r) => server.close(() => r()));
});
beforeEach(() => hits.splice(0));

const DNS: Record<string, string[]> = {
  'tube.example.test': ['2001:db8::10', '203.0.113.10'],
  'files.registrar-only.test': ['198.51.100.7'],
  'quiet.no-abuse.test': ['192.0.2.44'],
  'cdn.redirected.test': ['198.51.100.7'],
  'down.flaky.test': ['192.0.2.99'],
};
async function resolveHost(host: string): Promise<string[]> {
  const addrs = DNS[host];
  if (!addrs) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return addrs;
}
const opts = (extra: AbuseLookupOptions = {}): AbuseLookupOptions => ({ rdapBaseUrl: base, resolveHost, timeoutMs: 2000, ...extra });

describe('findAbuseContact', () => {
  it('answers from the known-agents table without any lookup', async () => {
    const noNetwork = (() => Promise.reject(new Error('no network expected'))) as typeof fetch;
    await expect(findAbuseContact('https://old.reddit.com/r/x/comments/1', opts({ fetch: noNetwork, resolveHost: noNetwork as never }))).resolves.toEqual({
      email: 'copyright@reddit.com',
      source: 'known-agent',
      entityName: 'Reddit, Inc.',
    });
    expect(knownAgentFor('notreddit.com')).toBeUndefined();
    // Issue 25: a Telegram post goes to Telegram's copyright address.
    await expect(findAbuseContact('https://t.me/leakchannel/42', opts({ fetch: noNetwork, resolveHost: noNetwork as never }))).resolves.toEqual({
      email: 'dmca@telegram.org',
      source: 'known-agent',
      entityName: 'Telegram Messenger Inc.',
    });
    expect(knownAgentFor('telegram.me')?.email).toBe('dmca@telegram.org');
  });

  it('asks the hosting network first (IPv4 preferred) and reads the nested abuse entity', async () => {
    await expect(findAbuseContact('https://tube.example.test/watch/1', opts())).resolves.toEqual({
      email: 'abuse@hosting.example',
      source: 'rdap-ip',
      entityName: 'Example Hosting GmbH',
    });
    expect(hits).toEqual(['/rdap/ip/203.0.113.10']);
  });

  it('queries an IP-literal URL directly, with no DNS', async () => {
    const resolve = jest.fn(resolveHost);
    await expect(findAbuseContact('http://203.0.113.10:8080/x', opts({ resolveHost: resolve }))).resolves.toMatchObject({ source: 'rdap-ip' });
    expect(resolve).not.toHaveBeenCalled();
  });

  it('falls back to the registrar when the network has no abuse contact, trying the registered domain', async () => {
    await expect(findAbuseContact('https://files.registrar-only.test/d/1', opts())).resolves.toEqual({
      email: 'abuse@registrar.example',
      source: 'rdap-domain',
      entityName: 'Example Registrar, Inc.',
    });
    expect(hits).toEqual(['/rdap/ip/198.51.100.7', '/rdap/domain/registrar-only.test']);
  });

  it('follows redirects, as rdap.org sends each query to the right registry', async () => {
    await expect(findAbuseContact('https://cdn.redirected.test/a', opts())).resolves.toEqual({
      email: 'abuse@far-registrar.example',
      source: 'rdap-domain',
      entityName: 'Far Registrar',
    });
  });

  it('returns undefined when every source answers and none has a contact', async () => {
    await expect(findAbuseContact('https://quiet.no-abuse.test/x', opts())).resolves.toBeUndefined();
    expect(hits).toEqual(['/rdap/ip/192.0.2.44', '/rdap/domain/no-abuse.test']);
    await expect(findAbuseContact('https://gone.nowhere.test/x', opts())).resolves.toBeUndefined();
  });

  it('throws RdapUnavailableError when a lookup failed and nothing was found', async () => {
    const err = await findAbuseContact('https://down.flaky.test/x', opts()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RdapUnavailableError);
    expect((err as RdapUnavailableError).causes.join(' ')).toMatch(/HTTP 503/);
  });

  it('times out a slow RDAP server', async () => {
    const err = await findAbuseContact('https://www.slow.test/x', opts({ timeoutMs: 100 })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RdapUnavailableError);
    expect((err as RdapUnavailableError).causes.join(' ')).toMatch(/timed out/);
  });

  it('can skip the known-agents table', async () => {
    DNS['www.reddit.com'] = ['203.0.113.10'];
    await expect(findAbuseContact('https://www.reddit.com/r/x', opts({ useKnownAgents: false }))).resolves.toMatchObject({ source: 'rdap-ip' });
  });
});

describe('findAbuse', () => {
  it('prefers the shallowest abuse entity and skips ones without a usable address', () => {
    const found = findAbuse({
      entities: [
        { roles: ['abuse'], vcardArray: vcard({ fn: 'Broken', email: 'not an address' }) },
        { roles: ['registrar'], vcardArray: vcard({ fn: 'Reg' }), entities: [{ roles: ['abuse'], vcardArray: vcard({ email: 'abuse@reg.example' }) }] },
      ],
    });
    expect(found).toEqual({ email: 'abuse@reg.example', entityName: 'Reg' });
    expect(findAbuse({})).toBeUndefined();
    expect(findAbuse({ entities: 'junk', vcardArray: 7 } as never)).toBeUndefined();
  });
});
