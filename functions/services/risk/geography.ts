/**
 * Where a site is, as far as its domain says: the country (or region) of its country-code top-level domain.
 * Generic TLDs (.com, .net, .org, ...) and ccTLDs marketed worldwide (.io, .co, .tv, .me, ...) say nothing
 * about location and map to 'Global'. A domain is no proof of where a server or its operator is; the
 * hotspot table uses this only as a hint of which jurisdiction a takedown may involve.
 */
export const GLOBAL = 'Global';

export const TLD_GEOGRAPHY: Readonly<Record<string, string>> = {
  us: 'United States',
  ca: 'Canada',
  mx: 'Mexico',
  br: 'Brazil',
  ar: 'Argentina',
  cl: 'Chile',
  pe: 'Peru',
  uk: 'United Kingdom',
  ie: 'Ireland',
  de: 'Germany',
  at: 'Austria',
  ch: 'Switzerland',
  fr: 'France',
  be: 'Belgium',
  nl: 'Netherlands',
  lu: 'Luxembourg',
  es: 'Spain',
  pt: 'Portugal',
  it: 'Italy',
  se: 'Sweden',
  no: 'Norway',
  dk: 'Denmark',
  fi: 'Finland',
  is: 'Iceland',
  pl: 'Poland',
  cz: 'Czechia',
  sk: 'Slovakia',
  hu: 'Hungary',
  ro: 'Romania',
  bg: 'Bulgaria',
  gr: 'Greece',
  ee: 'Estonia',
  lv: 'Latvia',
  lt: 'Lithuania',
  ua: 'Ukraine',
  by: 'Belarus',
  ru: 'Russia',
  su: 'Russia',
  kz: 'Kazakhstan',
  tr: 'Turkey',
  il: 'Israel',
  ae: 'United Arab Emirates',
  sa: 'Saudi Arabia',
  ir: 'Iran',
  eg: 'Egypt',
  ng: 'Nigeria',
  ke: 'Kenya',
  za: 'South Africa',
  in: 'India',
  pk: 'Pakistan',
  bd: 'Bangladesh',
  cn: 'China',
  hk: 'Hong Kong',
  tw: 'Taiwan',
  jp: 'Japan',
  kr: 'South Korea',
  vn: 'Vietnam',
  th: 'Thailand',
  my: 'Malaysia',
  sg: 'Singapore',
  id: 'Indonesia',
  ph: 'Philippines',
  au: 'Australia',
  nz: 'New Zealand',
  eu: 'Europe',
};

/** The geography of a domain (`files.example.de` -> Germany, `site.co.uk` -> United Kingdom, `x.com` -> Global). */
export function geographyOf(domain: string): string {
  const tld = domain.trim().toLowerCase().replace(/\.$/, '').split('.').pop() ?? '';
  return TLD_GEOGRAPHY[tld] ?? GLOBAL;
}

/** The most common geography of several domains; ties (and no domains) give 'Global'. */
export function dominantGeography(domains: Iterable<string>): string {
  const counts = new Map<string, number>();
  for (const d of domains) counts.set(geographyOf(d), (counts.get(geographyOf(d)) ?? 0) + 1);
  const ranked = [...counts].sort((a, b) => b[1] - a[1]);
  if (ranked.length === 0) return GLOBAL;
  if (ranked.length > 1 && ranked[0]![1] === ranked[1]![1]) return GLOBAL;
  return ranked[0]![0];
}
