import { isIP } from 'node:net';

/**
 * CDNs and reverse proxies a site can sit behind (issue 23, ladder step 3), recognised from their published
 * address ranges and from the response headers they add. Behind one, the address a site resolves to is the
 * CDN's, so the "network" step reaches the CDN, which does not host the copy but forwards complaints to the
 * origin host (and may reveal it). Its channel is an e-mail address or a web form; a form is an agent task.
 *
 * Ranges: Cloudflare's published IPv4 list (https://www.cloudflare.com/ips-v4) and the long-stable blocks of
 * Fastly's (https://api.fastly.com/public-ip-list); review them when a CDN announces a change. ClipCDN is the
 * sandbox web's simulated CDN on 198.51.100.0/24, a documentation block (RFC 5737) that is never routed on the
 * internet, so the entry can never match a real site. ShieldCDN is the sandbox's CDN whose complaint desk is a web
 * form (recognised by its `x-cdn` header only; its form is on the reserved `.example` domain, and the sandbox takes
 * filings at `POST /sandbox/cdn/shieldcdn/reports`).
 */
export type CdnChannel = { kind: 'email'; email: string } | { kind: 'form'; url: string };

export interface KnownCdn {
  name: string;
  /** IPv4 CIDR blocks. */
  ranges: readonly string[];
  /** A header (lower case) and a pattern its value matches when the response went through this CDN. */
  headers: ReadonlyArray<{ name: string; pattern: RegExp }>;
  channel: CdnChannel;
}

export const KNOWN_CDNS: readonly KnownCdn[] = [
  {
    name: 'Cloudflare',
    ranges: [
      '173.245.48.0/20', '103.21.244.0/22', '103.22.200.0/22', '103.31.4.0/22', '141.101.64.0/18', '108.162.192.0/18',
      '190.93.240.0/20', '188.114.96.0/20', '197.234.240.0/22', '198.41.128.0/17', '162.158.0.0/15', '104.16.0.0/13',
      '104.24.0.0/14', '172.64.0.0/13', '131.0.72.0/22',
    ],
    headers: [
      { name: 'cf-ray', pattern: /./ },
      { name: 'server', pattern: /^cloudflare$/i },
    ],
    channel: { kind: 'form', url: 'https://abuse.cloudflare.com/dmca' },
  },
  {
    name: 'Fastly',
    ranges: ['151.101.0.0/16', '199.232.0.0/16', '23.235.32.0/20'],
    headers: [{ name: 'x-served-by', pattern: /^cache-/i }],
    channel: { kind: 'email', email: 'abuse@fastly.com' },
  },
  {
    name: 'ClipCDN (sandbox)',
    ranges: ['198.51.100.0/24'],
    headers: [{ name: 'x-cdn', pattern: /^clipcdn$/i }],
    channel: { kind: 'email', email: 'dmca@clipcdn.example' },
  },
  {
    name: 'ShieldCDN (sandbox)',
    ranges: [],
    headers: [{ name: 'x-cdn', pattern: /^shieldcdn$/i }],
    channel: { kind: 'form', url: 'https://abuse.shieldcdn.example/dmca' },
  },
];

function ipv4ToInt(ip: string): number | undefined {
  if (isIP(ip) !== 4) return undefined;
  return ip.split('.').reduce((n, part) => ((n << 8) >>> 0) + Number(part), 0) >>> 0;
}

/** True when IPv4 `address` is inside `cidr`. */
export function inRange(address: string, cidr: string): boolean {
  const [base, bits] = cidr.split('/');
  const a = ipv4ToInt(address);
  const b = ipv4ToInt(base!);
  const n = Number(bits);
  if (a === undefined || b === undefined || !(n >= 0 && n <= 32)) return false;
  const mask = n === 0 ? 0 : (~0 << (32 - n)) >>> 0;
  return ((a & mask) >>> 0) === ((b & mask) >>> 0);
}

export interface CdnMatch {
  cdn: KnownCdn;
  /** What gave it away: the address range or a response header. */
  evidence: string;
}

/** The CDN in front of a site, from the address it resolves to or the headers its page answered with. */
export function recogniseCdn(address: string | undefined, headers: Record<string, string> = {}): CdnMatch | undefined {
  for (const cdn of KNOWN_CDNS) {
    const range = address ? cdn.ranges.find((r) => inRange(address, r)) : undefined;
    if (range) return { cdn, evidence: `${address} is in ${cdn.name}'s published range ${range}` };
    const header = cdn.headers.find((h) => headers[h.name] !== undefined && h.pattern.test(headers[h.name]!));
    if (header) return { cdn, evidence: `the page answers with ${header.name}: ${headers[header.name]}` };
  }
  return undefined;
}
