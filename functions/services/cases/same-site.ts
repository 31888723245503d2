import { getDomain } from 'tldts';

/**
 * The registrable domain of a host by the Public Suffix List (private suffixes included, so `github.io` and
 * `blogspot.com` count as suffixes), or undefined for a bare public suffix or an IP address.
 */
export function registrableDomain(host: string): string | undefined {
  return getDomain(host, { allowPrivateDomains: true }) ?? undefined;
}

/**
 * Whether `host` is on the result's site: the result's own host, or a host under the result's registrable domain
 * (`cdn.leaks.example` for a result on `www.leaks.example`). Never a parent that is a public suffix: a result on
 * `foo.github.io` admits nothing on `github.io` or `bar.github.io`. Without a registrable domain (an IP address)
 * only the same host matches.
 */
export function onResultSite(host: string, resultHost: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  const r = resultHost.toLowerCase().replace(/\.$/, '');
  if (h === r) return true;
  const domain = registrableDomain(r);
  return domain !== undefined && registrableDomain(h) === domain;
}
