import { configuredResolver } from '../../adapters/dns/doh-resolver';
import { hostingCountry } from '../../adapters/rdap/hosting-country';

/**
 * Where copies are hosted (issue 26): the country of the network each site's address belongs to, from RDAP
 * (adapters/rdap/hosting-country.ts), not the domain's TLD (a `.com` says nothing, and `.de` sites are often
 * hosted elsewhere). Lookups are cached per process for a day and bounded per request, so the dashboard never
 * waits on more than MAX_LOOKUPS hosts; a host that cannot be told is "Unknown".
 */
export const UNKNOWN = 'Unknown';
/** Distinct hosts looked up for one request; the rest stay unknown until a later request. */
export const MAX_LOOKUPS = 25;
const CACHE_MS = 24 * 3600_000;
const cache = new Map<string, { country: string | undefined; at: number }>();

const names = new Intl.DisplayNames(['en'], { type: 'region' });
/** The English name of an ISO 3166 code (`NL` -> Netherlands). */
export const countryName = (code: string): string => names.of(code) ?? code;

/** A lookup of hosting countries: the host's country name, or undefined when it is not known. */
export type GeographyOf = (domain: string) => string | undefined;

/** Looks up the hosting country of each domain (cached) and returns the lookup the formula reads. */
export async function hostingGeography(domains: Iterable<string>, now = Date.now(), lookup = defaultLookup): Promise<GeographyOf> {
  // The most frequent hosts first, so the bound leaves out the rarest.
  const counts = new Map<string, number>();
  for (const d of domains) {
    const h = d.trim().toLowerCase();
    if (h) counts.set(h, (counts.get(h) ?? 0) + 1);
  }
  const hosts = [...counts].sort((a, b) => b[1] - a[1]).map(([h]) => h);
  const missing = hosts.filter((h) => {
    const hit = cache.get(h);
    return !hit || now - hit.at > CACHE_MS;
  });
  await Promise.all(
    missing.slice(0, MAX_LOOKUPS).map(async (h) => {
      cache.set(h, { country: await lookup(h), at: now });
    }),
  );
  return (domain) => {
    const code = cache.get(domain.trim().toLowerCase())?.country;
    return code ? countryName(code) : undefined;
  };
}

function defaultLookup(host: string): Promise<string | undefined> {
  return hostingCountry(host, { resolveHost: configuredResolver() });
}

/** Forgets the cached countries (tests). */
export function clearGeographyCache(): void {
  cache.clear();
}

/** The most common hosting country of several domains ("Netherlands"; a tie names both; none known: Unknown). */
export function dominantGeography(domains: Iterable<string>, geographyOf: GeographyOf): string {
  const counts = new Map<string, number>();
  for (const d of domains) {
    const country = geographyOf(d);
    if (country) counts.set(country, (counts.get(country) ?? 0) + 1);
  }
  const ranked = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  if (ranked.length === 0) return UNKNOWN;
  const top = ranked.filter(([, n]) => n === ranked[0]![1]).map(([c]) => c);
  return top.slice(0, 2).join(', ');
}
