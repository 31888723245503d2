/**
 * RDAP (RFC 9083) answers for the simulated domains and their hosting networks, so the takedown workflow can find
 * an abuse address offline the way it does online: walk `entities[]` for `roles: ["abuse"]` and read the email
 * from its `vcardArray`. filedrop.example has no abuse contact anywhere (the no-contact path).
 */
interface Registrar {
  name: string;
  ianaId: string;
  abuseEmail?: string;
}

interface Network {
  handle: string;
  name: string;
  cidr: { v4prefix: string; length: number };
  start: string;
  end: string;
  org: string;
  abuseEmail?: string;
  /** ISO 3166 code, as the regional registries publish it for a network (the Risk dashboard's geography). */
  country: string;
}

export const REGISTRARS: Record<string, Registrar> = {
  sandbox: { name: 'Sandbox Registrar, Inc.', ianaId: '9994', abuseEmail: 'abuse@sandbox-registrar.example' },
  offshore: { name: 'Offshore Names Ltd', ianaId: '9995', abuseEmail: 'abuse@offshore-names.example' },
  privacy: { name: 'Quiet Domains SA', ianaId: '9996' },
};

export const NETWORKS: Network[] = [
  { handle: 'NET-192-0-2-0-1', name: 'SANDBOX-HOSTING', cidr: { v4prefix: '192.0.2.0', length: 24 }, start: '192.0.2.0', end: '192.0.2.255', org: 'Sandbox Hosting LLC', abuseEmail: 'abuse@sandbox-hosting.example', country: 'US' },
  { handle: 'NET-198-51-100-0-1', name: 'CLIPCDN', cidr: { v4prefix: '198.51.100.0', length: 24 }, start: '198.51.100.0', end: '198.51.100.255', org: 'ClipCDN Networks', abuseEmail: 'dmca@clipcdn.example', country: 'NL' },
  { handle: 'NET-203-0-113-0-1', name: 'OFFSHORE-DATA', cidr: { v4prefix: '203.0.113.0', length: 24 }, start: '203.0.113.0', end: '203.0.113.255', org: 'Offshore Data Ltd', country: 'SC' },
];

/** Simulated DNS and registration of each site. */
export const DOMAIN_RECORDS: Record<string, { registrar: keyof typeof REGISTRARS; address: string; registered: string }> = {
  'leakforum.example': { registrar: 'offshore', address: '192.0.2.10', registered: '2019-04-02T10:00:00Z' },
  'tubeclips.example': { registrar: 'sandbox', address: '198.51.100.20', registered: '2016-09-14T10:00:00Z' },
  'filedrop.example': { registrar: 'privacy', address: '203.0.113.30', registered: '2021-01-20T10:00:00Z' },
  'socialgram.example': { registrar: 'sandbox', address: '192.0.2.40', registered: '2012-06-01T10:00:00Z' },
  'gardenblog.example': { registrar: 'sandbox', address: '192.0.2.50', registered: '2010-03-03T10:00:00Z' },
  'lunavale.example': { registrar: 'sandbox', address: '192.0.2.60', registered: '2020-11-11T10:00:00Z' },
};

const vcard = (fn: string, email?: string, extra: unknown[][] = []) => [
  'vcard',
  [['version', {}, 'text', '4.0'], ['fn', {}, 'text', fn], ...(email ? [['email', {}, 'text', email]] : []), ...extra],
];

const notices = [{ title: 'Sandbox web', description: ['Simulated registration data from the Vigil sandbox web. Nothing here is real.'] }];

export interface RdapAnswer {
  status: number;
  body: unknown;
}

export function rdapError(status: number, title: string, description: string): RdapAnswer {
  return { status, body: { rdapConformance: ['rdap_level_0'], errorCode: status, title, description: [description], notices } };
}

/** `GET /rdap/domain/<name>` */
export function rdapDomain(name: string, base: string): RdapAnswer {
  const ldh = name.toLowerCase().replace(/\.$/, '');
  const record = DOMAIN_RECORDS[ldh];
  if (!record) return rdapError(404, 'Not Found', `${ldh} is not a domain of the sandbox web`);
  const registrar = REGISTRARS[record.registrar];
  const registrarEntity = {
    objectClassName: 'entity',
    handle: registrar.ianaId,
    roles: ['registrar'],
    publicIds: [{ type: 'IANA Registrar ID', identifier: registrar.ianaId }],
    vcardArray: vcard(registrar.name),
    ...(registrar.abuseEmail
      ? {
          entities: [
            {
              objectClassName: 'entity',
              roles: ['abuse'],
              vcardArray: vcard('Abuse Contact', registrar.abuseEmail, [['tel', { type: 'voice' }, 'uri', 'tel:+1.5555550100']]),
            },
          ],
        }
      : {}),
  };
  return {
    status: 200,
    body: {
      rdapConformance: ['rdap_level_0', 'icann_rdap_response_profile_1', 'icann_rdap_technical_implementation_guide_1'],
      objectClassName: 'domain',
      handle: `${ldh.replace(/\W/g, '_').toUpperCase()}-SANDBOX`,
      ldhName: ldh,
      status: ['client transfer prohibited'],
      events: [
        { eventAction: 'registration', eventDate: record.registered },
        { eventAction: 'last update of RDAP database', eventDate: new Date().toISOString() },
      ],
      nameservers: [
        { objectClassName: 'nameserver', ldhName: 'ns1.sandbox-dns.example' },
        { objectClassName: 'nameserver', ldhName: 'ns2.sandbox-dns.example' },
      ],
      secureDNS: { delegationSigned: false },
      entities: [
        registrarEntity,
        // Registrant details redacted, as most registrations are.
        { objectClassName: 'entity', roles: ['registrant'], vcardArray: vcard('REDACTED FOR PRIVACY') },
      ],
      links: [{ value: `${base}/domain/${ldh}`, rel: 'self', href: `${base}/domain/${ldh}`, type: 'application/rdap+json' }],
      notices,
    },
  };
}

function ipv4ToInt(ip: string): number | undefined {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(ip);
  if (!m) return undefined;
  const parts = m.slice(1).map(Number);
  if (parts.some((p) => p > 255)) return undefined;
  return ((parts[0] << 24) >>> 0) + (parts[1] << 16) + (parts[2] << 8) + parts[3];
}

/** `GET /rdap/ip/<addr>`: the hosting network, its organisation and (where there is one) its abuse desk. */
export function rdapIp(addr: string, base: string): RdapAnswer {
  const n = ipv4ToInt(addr);
  if (n === undefined) return rdapError(400, 'Bad Request', `${addr} is not an IPv4 address`);
  const net = NETWORKS.find((x) => n >= ipv4ToInt(x.start)! && n <= ipv4ToInt(x.end)!);
  if (!net) return rdapError(404, 'Not Found', `${addr} is not in a network of the sandbox web`);
  const orgEntity = {
    objectClassName: 'entity',
    handle: `${net.name}-ORG`,
    roles: ['registrant'],
    vcardArray: vcard(net.org, undefined, [['kind', {}, 'text', 'org']]),
    ...(net.abuseEmail
      ? { entities: [{ objectClassName: 'entity', handle: `${net.name}-ABUSE`, roles: ['abuse'], vcardArray: vcard(`${net.org} Abuse`, net.abuseEmail) }] }
      : {}),
  };
  return {
    status: 200,
    body: {
      rdapConformance: ['rdap_level_0', 'cidr0'],
      objectClassName: 'ip network',
      handle: net.handle,
      startAddress: net.start,
      endAddress: net.end,
      ipVersion: 'v4',
      name: net.name,
      type: 'ASSIGNED PA',
      country: net.country,
      cidr0_cidrs: [net.cidr],
      status: ['active'],
      entities: [orgEntity],
      links: [{ value: `${base}/ip/${addr}`, rel: 'self', href: `${base}/ip/${addr}`, type: 'application/rdap+json' }],
      notices,
    },
  };
}

/** `GET /dns/resolve?name=<domain>` in the DNS-over-HTTPS JSON shape, since .example names resolve nowhere. */
export function dnsJson(name: string): { status: number; body: unknown } {
  const ldh = name.toLowerCase().replace(/\.$/, '');
  const record = DOMAIN_RECORDS[ldh];
  if (!record) return { status: 200, body: { Status: 3, Question: [{ name: ldh, type: 1 }] } };
  return { status: 200, body: { Status: 0, Question: [{ name: ldh, type: 1 }], Answer: [{ name: ldh, type: 1, TTL: 300, data: record.address }] } };
}
