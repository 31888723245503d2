import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { knownAgentFor } from './known-agents';
import { findAbuse, type RdapObject } from './rdap-entities';
import { live } from '../../lib/config';

/**
 * Finds where a takedown notice for a URL goes: the site's known DMCA agent, else the abuse contact of the
 * network hosting it (RDAP `ip/`; the host is the first target, it can remove the copy), else the abuse
 * contact of the domain's registrar (RDAP `domain/`). RDAP servers are trusted endpoints reached with plain
 * fetch and a timeout; only the site's host name goes through DNS, never a request to the site itself.
 */

export interface AbuseContact {
  email: string;
  source: 'rdap-ip' | 'rdap-domain' | 'known-agent' | 'rfc2142' | 'cdn';
  /** The organization behind the address (network owner, registrar, platform), when known. */
  entityName?: string;
}

export interface AbuseLookupOptions {
  /** RDAP service root; default RDAP_BASE_URL, else https://rdap.org (a redirector to the right registry). */
  rdapBaseUrl?: string;
  /** Resolves a host name to addresses; default the system resolver. Tests inject a table. */
  resolveHost?: (host: string) => Promise<string[]>;
  /** Per-request timeout in ms (default 5000). */
  timeoutMs?: number;
  /** Consult the known-agents table first (default true). */
  useKnownAgents?: boolean;
  fetch?: typeof fetch;
}

/**
 * Every RDAP query that could have answered failed for a reason that may pass (timeout, 429, 5xx, DNS
 * temporarily unavailable) and nothing was found: worth a retry later, unlike "no contact found".
 */
export class RdapUnavailableError extends Error {
  constructor(
    message: string,
    readonly causes: string[],
  ) {
    super(message);
    this.name = 'RdapUnavailableError';
  }
}

export const DEFAULT_BASE = 'https://rdap.org';

export async function systemResolve(host: string): Promise<string[]> {
  const addrs = await lookup(host, { all: true, verbatim: true });
  return addrs.map((a) => a.address);
}

export type Answer = { kind: 'found'; body: RdapObject } | { kind: 'absent' } | { kind: 'failed'; reason: string };

export async function query(url: string, opts: Required<Pick<AbuseLookupOptions, 'timeoutMs' | 'fetch'>>): Promise<Answer> {
  try {
    const res = await opts.fetch(url, {
      headers: { accept: 'application/rdap+json, application/json;q=0.9' },
      redirect: 'follow',
      signal: AbortSignal.timeout(opts.timeoutMs),
    });
    if (res.status === 404 || res.status === 400 || res.status === 422) {
      await res.body?.cancel();
      return { kind: 'absent' };
    }
    if (!res.ok) {
      await res.body?.cancel();
      return { kind: 'failed', reason: `${url}: HTTP ${res.status}` };
    }
    const body = (await res.json()) as unknown;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return { kind: 'failed', reason: `${url}: not an RDAP object` };
    return { kind: 'found', body: body as RdapObject };
  } catch (e) {
    return { kind: 'failed', reason: `${url}: ${(e as Error).name === 'TimeoutError' ? 'timed out' : (e as Error).message}` };
  }
}

/** Prefer IPv4: RIR data for v4 blocks is older and more complete; v6 is the fallback. */
export function pickAddress(addrs: string[]): string | undefined {
  return addrs.find((a) => isIP(a) === 4) ?? addrs.find((a) => isIP(a) === 6);
}

/**
 * Candidate registered domains for a host, shortest first (`a.b.example.co.uk` → `co.uk`, `example.co.uk`,
 * `b.example.co.uk`): most hosts are one label under a registrable domain, so the common case costs one
 * query; a registry answers 404 for names it does not hold, and the next candidate is tried.
 */
export function domainCandidates(host: string): string[] {
  const labels = host.split('.').filter(Boolean);
  const out: string[] = [];
  for (let n = 2; n <= Math.min(labels.length, 5); n++) out.push(labels.slice(-n).join('.'));
  return out;
}

/**
 * The address a takedown notice for `url` should go to, or undefined when no source has one. Order: the
 * known-agents table, RDAP for the IP network the host resolves to, RDAP for the domain. Throws
 * RdapUnavailableError when nothing was found and some query failed in a way that may pass, so a workflow
 * can retry instead of concluding there is no contact. Throws TypeError for a URL that does not parse.
 */
export async function findAbuseContact(url: string, options: AbuseLookupOptions = {}): Promise<AbuseContact | undefined> {
  const host = new URL(url).hostname.toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, '');
  const base = (options.rdapBaseUrl ?? live.rdapBaseUrl() ?? DEFAULT_BASE).replace(/\/+$/, '');
  const opts = { timeoutMs: options.timeoutMs ?? 5000, fetch: options.fetch ?? globalThis.fetch };
  const failures: string[] = [];

  if (options.useKnownAgents !== false) {
    const agent = knownAgentFor(host);
    if (agent) return { email: agent.email, source: 'known-agent', entityName: agent.entityName };
  }

  // 1. The hosting network.
  let address: string | undefined = isIP(host) ? host : undefined;
  if (!address) {
    try {
      address = pickAddress(await (options.resolveHost ?? systemResolve)(host));
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      // A name that does not resolve has no network to ask; a resolver that is down might answer later.
      if (code !== 'ENOTFOUND' && code !== 'ENODATA') failures.push(`dns ${host}: ${code ?? (e as Error).message}`);
    }
  }
  if (address) {
    const answer = await query(`${base}/ip/${address}`, opts);
    if (answer.kind === 'found') {
      const abuse = findAbuse(answer.body);
      if (abuse) return { ...abuse, source: 'rdap-ip' };
    } else if (answer.kind === 'failed') failures.push(answer.reason);
  }

  // 2. The domain's registrar (an IP literal has no domain).
  if (!isIP(host)) {
    for (const name of domainCandidates(host)) {
      const answer = await query(`${base}/domain/${name}`, opts);
      if (answer.kind === 'absent') continue;
      if (answer.kind === 'failed') {
        failures.push(answer.reason);
        continue;
      }
      const abuse = findAbuse(answer.body);
      if (abuse) return { ...abuse, source: 'rdap-domain' };
      break; // the registry holds this name and lists no abuse contact: a longer name will not have one
    }
  }

  if (failures.length > 0) throw new RdapUnavailableError(`No abuse contact found for ${host}; some lookups failed.`, failures);
  return undefined;
}
