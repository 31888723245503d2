import { isIP } from 'node:net';
import { recogniseCdn } from '../cdn/known-cdns';
import { knownAgentFor } from './known-agents';
import { findAbuse } from './rdap-entities';
import { DEFAULT_BASE, RdapUnavailableError, domainCandidates, pickAddress, query, systemResolve, type AbuseLookupOptions } from './find-abuse-contact';
import { live } from '../../lib/config';

/**
 * Where each rung of the escalation ladder (issue 23) sends its notice, one look-up per rung:
 * - host: the site's DMCA agent (known-agents table), else its RFC 2142 `abuse@` mailbox;
 * - network: the abuse contact of the network the site's address is in (RDAP `ip/`), unless that address is a
 *   CDN's (then the CDN rung addresses it);
 * - cdn: the CDN or proxy in front of the site (published ranges, response headers), by e-mail or web form;
 * - registrar: the abuse contact of the domain's registrar (RDAP `domain/`).
 * RDAP failures that may pass, with nothing found, throw RdapUnavailableError (the workflow retries).
 */
export type LadderContactStep = 'host' | 'network' | 'cdn' | 'registrar';

export type StepContact =
  | { kind: 'email'; email: string; source: 'known-agent' | 'rfc2142' | 'rdap-ip' | 'rdap-domain' | 'cdn'; entityName?: string }
  | { kind: 'form'; url: string; entityName: string; detail: string; evidence: string }
  | { kind: 'none'; reason: string };

export interface StepLookupOptions extends AbuseLookupOptions {
  /** Response headers of the page (from the notice's baseline), for the CDN rung. */
  edge?: Record<string, string>;
}

const hostOf = (url: string) => new URL(url).hostname.toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, '');

async function addressOf(host: string, opts: StepLookupOptions, failures: string[]): Promise<string | undefined> {
  if (isIP(host)) return host;
  try {
    return pickAddress(await (opts.resolveHost ?? systemResolve)(host));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== 'ENOTFOUND' && code !== 'ENODATA') failures.push(`dns ${host}: ${code ?? (e as Error).message}`);
    return undefined;
  }
}

export async function findStepContact(step: LadderContactStep, url: string, opts: StepLookupOptions = {}): Promise<StepContact> {
  const host = hostOf(url);
  const site = host.replace(/^www\./, '');
  const base = (opts.rdapBaseUrl ?? live.rdapBaseUrl() ?? DEFAULT_BASE).replace(/\/+$/, '');
  const q = { timeoutMs: opts.timeoutMs ?? 5000, fetch: opts.fetch ?? globalThis.fetch };
  const failures: string[] = [];
  const unavailable = (what: string) => new RdapUnavailableError(`The ${what} of ${site} could not be looked up.`, failures);

  if (step === 'host') {
    const agent = opts.useKnownAgents === false ? undefined : knownAgentFor(host);
    if (agent) return { kind: 'email', email: agent.email, source: 'known-agent', entityName: agent.entityName };
    if (isIP(host)) return { kind: 'none', reason: `${host} is an address, not a site with its own mailbox.` };
    // RFC 2142 section 4: every site that offers a service keeps an ABUSE mailbox at its domain.
    return { kind: 'email', email: `abuse@${site}`, source: 'rfc2142', entityName: site };
  }

  if (step === 'network' || step === 'cdn') {
    const address = await addressOf(host, opts, failures);
    const cdn = recogniseCdn(address, opts.edge);
    if (step === 'cdn') {
      if (!cdn) {
        if (failures.length) throw unavailable('address');
        return { kind: 'none', reason: `No CDN or proxy recognised in front of ${site}.` };
      }
      const { channel, name } = cdn.cdn;
      return channel.kind === 'email'
        ? { kind: 'email', email: channel.email, source: 'cdn', entityName: name }
        : { kind: 'form', url: channel.url, entityName: name, detail: `${name} takes complaints through its web form (${cdn.evidence}).`, evidence: cdn.evidence };
    }
    if (!address) {
      if (failures.length) throw unavailable('address');
      return { kind: 'none', reason: `${site} does not resolve to an address.` };
    }
    if (cdn) return { kind: 'none', reason: `${site} is behind ${cdn.cdn.name} (${cdn.evidence}), so ${address} is not the site's own network: the CDN step addresses it.` };
    const answer = await query(`${base}/ip/${address}`, q);
    if (answer.kind === 'failed') {
      failures.push(answer.reason);
      throw unavailable('network');
    }
    const abuse = answer.kind === 'found' ? findAbuse(answer.body) : undefined;
    if (abuse) return { kind: 'email', email: abuse.email, source: 'rdap-ip', ...(abuse.entityName ? { entityName: abuse.entityName } : {}) };
    return { kind: 'none', reason: `The network of ${address} lists no abuse contact.` };
  }

  // registrar
  if (isIP(host)) return { kind: 'none', reason: `${host} is an address: it has no registrar.` };
  for (const name of domainCandidates(site)) {
    const answer = await query(`${base}/domain/${name}`, q);
    if (answer.kind === 'absent') continue;
    if (answer.kind === 'failed') {
      failures.push(answer.reason);
      continue;
    }
    const abuse = findAbuse(answer.body);
    if (abuse) return { kind: 'email', email: abuse.email, source: 'rdap-domain', ...(abuse.entityName ? { entityName: abuse.entityName } : {}) };
    return { kind: 'none', reason: `The registrar of ${name} lists no abuse contact.` };
  }
  if (failures.length) throw unavailable('registrar');
  return { kind: 'none', reason: `No registration found for ${site}.` };
}
