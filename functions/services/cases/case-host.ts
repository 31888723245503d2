import { candidateDomain } from '../../adapters/providers/candidate';
import { live } from '../../lib/config';

/**
 * The site a URL belongs to. Sandbox URLs (`<SANDBOX_ORIGIN>/sites/<domain>/...`) belong to the simulated
 * site, so the cases page shows `leakforum.example` and the abuse look-up asks about that domain, not about
 * `localhost`; everything else is the URL's host without `www.`.
 */
export function siteOf(url: string, sandboxOrigin = live.sandboxOrigin()): string {
  return candidateDomain(url, sandboxOrigin) || url;
}

/**
 * The URL to look the hosting network up for: the URL itself, or for a sandbox URL the simulated site's root
 * (`http://leakforum.example/`), which the sandbox's DNS-over-HTTPS and RDAP endpoints know.
 */
export function lookupUrlOf(url: string, sandboxOrigin = live.sandboxOrigin()): string {
  const site = candidateDomain(url, sandboxOrigin);
  let host: string;
  try {
    host = new URL(url).hostname.replace(/^www\./, '').toLowerCase();
  } catch {
    return url;
  }
  return site && site !== host ? `http://${site}/` : url;
}
