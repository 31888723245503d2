import { dnsOverHttpsUrl } from '../../lib/config';
/**
 * A host-name resolver over DNS-over-HTTPS, JSON flavour (`GET <url>?name=<host>&type=A`, answers as
 * `{Status, Answer: [{type, data}]}`, the format of Google's and Cloudflare's JSON resolvers). Used by the
 * abuse-contact look-up when DNS_OVER_HTTPS_URL is configured: the sandbox web serves one at `/dns/resolve`
 * for its `.example` sites, which resolve nowhere else. Without the variable the system resolver is used.
 */

export type HostResolver = (host: string) => Promise<string[]>;

interface DohAnswer {
  Status?: number;
  Answer?: { type?: number; data?: string }[];
}

const TYPES: Record<number, 'A' | 'AAAA'> = { 1: 'A', 28: 'AAAA' };

/**
 * A resolver asking `baseUrl` for A then AAAA records. NXDOMAIN (Status 3) or no address is an `ENOTFOUND`
 * error, like the system resolver's, so callers treat "no such host" the same either way.
 */
export function dohResolver(baseUrl: string, opts: { timeoutMs?: number; fetch?: typeof fetch } = {}): HostResolver {
  const doFetch = opts.fetch ?? globalThis.fetch;
  return async (host) => {
    const addresses: string[] = [];
    for (const type of [1, 28]) {
      const url = new URL(baseUrl);
      url.searchParams.set('name', host);
      url.searchParams.set('type', TYPES[type]!);
      const res = await doFetch(url, { headers: { accept: 'application/dns-json' }, signal: AbortSignal.timeout(opts.timeoutMs ?? 5000) });
      if (!res.ok) throw Object.assign(new Error(`DNS-over-HTTPS answered HTTP ${res.status}`), { code: 'ESERVFAIL' });
      const body = (await res.json()) as DohAnswer;
      for (const a of body.Answer ?? []) if (a.type === type && typeof a.data === 'string') addresses.push(a.data);
      if (addresses.length > 0) break;
    }
    if (addresses.length === 0) throw Object.assign(new Error(`No address for ${host}`), { code: 'ENOTFOUND' });
    return addresses;
  };
}

/** The resolver the configuration selects: DNS_OVER_HTTPS_URL when set, else undefined (system resolver). */
export function configuredResolver(url: string | undefined = dnsOverHttpsUrl()): HostResolver | undefined {
  return url ? dohResolver(url) : undefined;
}
