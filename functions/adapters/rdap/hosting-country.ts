import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { live } from '../../lib/config';

/**
 * Where a site is hosted: the country of the IP network its host name resolves to, from RDAP (`ip/<address>`,
 * the `country` member the regional registries publish for a network). Issue 26: the Risk dashboard's
 * geography, which a domain's TLD cannot tell. Undefined when the name does not resolve, the registry has no
 * country for the network, or a lookup fails or times out: the caller shows that it is not known.
 */
export interface HostingCountryOptions {
  /** RDAP service root; default RDAP_BASE_URL, else https://rdap.org. */
  rdapBaseUrl?: string;
  /** Resolves a host name to addresses; default the system resolver. */
  resolveHost?: (host: string) => Promise<string[]>;
  /** Per-request timeout in ms (default 2000: a dashboard is waiting). */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

async function systemResolve(host: string): Promise<string[]> {
  return (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
}

/** The ISO 3166 alpha-2 code of the country hosting `host`, or undefined when it cannot be told. */
export async function hostingCountry(host: string, options: HostingCountryOptions = {}): Promise<string | undefined> {
  const name = host.trim().toLowerCase().replace(/\.$/, '');
  if (!name) return undefined;
  const base = (options.rdapBaseUrl ?? live.rdapBaseUrl() ?? 'https://rdap.org').replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 2000;
  try {
    const addresses = isIP(name) ? [name] : await withTimeout((options.resolveHost ?? systemResolve)(name), timeoutMs);
    const address = addresses.find((a) => isIP(a) === 4) ?? addresses.find((a) => isIP(a) === 6);
    if (!address) return undefined;
    const res = await (options.fetch ?? globalThis.fetch)(`${base}/ip/${address}`, {
      headers: { accept: 'application/rdap+json, application/json;q=0.9' },
      redirect: 'follow',
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!res.ok) {
      await res.body?.cancel();
      return undefined;
    }
    const body = (await res.json()) as { country?: unknown };
    return typeof body.country === 'string' && /^[A-Za-z]{2}$/.test(body.country) ? body.country.toUpperCase() : undefined;
  } catch {
    return undefined;
  }
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    p.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timed out')), ms);
    }),
  ]);
}
