const TRACKING_PARAMS = /^(utm_\w+|fbclid|gclid|msclkid|mc_cid|mc_eid|igshid|ref|ref_src|_ga)$/i;

/**
 * The canonical form of a URL for "have we seen this copy before": no scheme (http and https are the same
 * copy), host in lower case without `www.` and default port, no fragment, no tracking parameters, the other
 * parameters sorted, no trailing slash. Unparseable input is returned trimmed.
 */
export function canonicalUrl(raw: string): string {
  let u: URL;
  try {
    u = new URL(raw.trim());
  } catch {
    return raw.trim();
  }
  u.hash = '';
  for (const k of [...u.searchParams.keys()]) if (TRACKING_PARAMS.test(k)) u.searchParams.delete(k);
  u.searchParams.sort();
  const host = u.hostname.toLowerCase().replace(/^www\./, '');
  const port = u.port && !((u.protocol === 'http:' && u.port === '80') || (u.protocol === 'https:' && u.port === '443')) ? `:${u.port}` : '';
  const path = u.pathname.length > 1 ? u.pathname.replace(/\/+$/, '') : '';
  return `${host}${port}${path}${u.search}`;
}
