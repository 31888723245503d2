import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { config } from './config';
import { ForbiddenError, UnsupportedMediaTypeError } from './errors';

/**
 * Request checks that come before any endpoint: cross-site writes, body media types, cookies. Kept apart from
 * the handler chain so each rule has one home (and one test file: request-guard.test.ts).
 */

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF: a state-changing call must show that the site's own page made it: an `Origin` equal to the site's, or
 * (a browser that sends no Origin) `Sec-Fetch-Site: same-origin`. A call with neither is refused, so SameSite
 * cookies are not the only defence. Routes called by other servers (a signed webhook) opt out in the route table.
 */
export function checkSameOrigin(event: APIGatewayProxyEventV2, crossSiteAllowed = false): void {
  const method = event.requestContext.http.method.toUpperCase();
  if (SAFE_METHODS.has(method) || crossSiteAllowed) return;
  const headers = event.headers ?? {};
  const origin = headers.origin;
  if (origin !== undefined) {
    if (origin === config().publicOrigin) return;
    throw new ForbiddenError('Cross-site request refused.', 'CSRF_REFUSED');
  }
  if (headers['sec-fetch-site'] === 'same-origin') return;
  throw new ForbiddenError('Cross-site request refused: the request does not say it comes from this site.', 'CSRF_REFUSED');
}

/** A JSON body must be declared as JSON: a `text/plain` form post must never be read as an API call. */
export function checkJsonContentType(event: APIGatewayProxyEventV2): void {
  const type = (event.headers?.['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json') {
    throw new UnsupportedMediaTypeError('Send the request body as JSON (Content-Type: application/json).');
  }
}

/**
 * The request's cookies by name. A value that does not decode (`%E0%A4%A`) is skipped, never an error: a stray
 * or hostile cookie must not break the site, /api/health included.
 */
export function parseCookies(event: Pick<APIGatewayProxyEventV2, 'cookies'>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of event.cookies ?? []) {
    const i = c.indexOf('=');
    if (i <= 0) continue;
    const name = c.slice(0, i).trim();
    try {
      out[name] = decodeURIComponent(c.slice(i + 1).trim());
    } catch {
      // Not percent-encoded correctly: ignored, as a browser ignores a cookie it cannot parse.
    }
  }
  return out;
}
