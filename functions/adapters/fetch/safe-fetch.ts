import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net, { type LookupFunction } from 'node:net';
import { checkAddress } from './address-policy';
import {
  BlockedAddressError,
  BlockedUrlError,
  FetchFailedError,
  FetchTimeoutError,
  ResponseTooLargeError,
  SafeFetchError,
  TooManyRedirectsError,
  UnexpectedContentTypeError,
} from './errors';
import { live } from '../../lib/config';

export * from './errors';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to every address it has. Injected in tests; the system resolver otherwise. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export interface SafeFetchOptions {
  /**
   * `GET` (default) or `HEAD`. The fetcher only reads; `POST` is for a configured API's token exchange (Reddit's
   * application token, issue 25): its `body` is sent and a redirect answer is returned, never followed.
   */
  method?: 'GET' | 'HEAD' | 'POST';
  /** The body of a `POST` (a form or JSON the caller encoded, with its content-type in `headers`). */
  body?: string;
  /** Body size cap in bytes (default 10 MiB); the stream is aborted past it. */
  maxBytes?: number;
  /** Total time cap in ms for every hop and the body (default 10 s). */
  timeoutMs?: number;
  /** Redirects followed, each re-checked (default 5). */
  maxRedirects?: number;
  /** Accepted content types of a 2xx answer, e.g. `['image/*']`; anything else throws UnexpectedContentTypeError. */
  accept?: readonly string[];
  headers?: Record<string, string>;
  /** Caller's cancellation, combined with the time cap. */
  signal?: AbortSignal;
  /**
   * The sandbox web's base URL (origin + path prefix), the only place allowed on a private address.
   * Defaults to env SANDBOX_ORIGIN; pass `null` to exempt nothing.
   */
  sandboxOrigin?: string | null;
  resolve?: Resolver;
}

export interface SafeFetchResponse {
  /** The final URL after redirects. */
  url: string;
  status: number;
  ok: boolean;
  headers: Record<string, string>;
  contentType?: string;
  body: Buffer;
  /** Every URL visited before the final one. */
  redirects: string[];
}

const DEFAULTS = { maxBytes: 10 * 1024 * 1024, timeoutMs: 10_000, maxRedirects: 5 };
const USER_AGENT = 'VigilBot/1.0 (+copyright protection; contact via site)';
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

const systemResolver: Resolver = async (hostname) => {
  const found = await dns.promises.lookup(hostname, { all: true, verbatim: true });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

/**
 * Reads a URL found on the web, refusing anything that could reach our own network (SSRF). The only way the
 * backend fetches such URLs (ARCHITECTURE.md, "Search workflow").
 *
 * - http(s) only, no credentials in the URL.
 * - IP literals are checked as the WHATWG parser normalised them (`http://2130706433/` and
 *   `http://0177.0.0.1/` arrive here as 127.0.0.1); host names are resolved and EVERY address checked, inside
 *   the socket's `lookup`, so the address connected to is the one checked (no DNS rebinding in between).
 * - Redirects are followed by hand, each hop checked again; the body is streamed and cut at `maxBytes`; the
 *   whole exchange is bounded by `timeoutMs`.
 * - URLs under the configured sandbox origin + path prefix are exempt (the offline stand-in for the internet).
 *
 * Non-2xx answers are returned, not thrown (a takedown re-check needs to see 404/410).
 * @throws BlockedUrlError, BlockedAddressError, TooManyRedirectsError, ResponseTooLargeError, FetchTimeoutError,
 *   UnexpectedContentTypeError, FetchFailedError
 */
export async function safeFetch(input: string | URL, options: SafeFetchOptions = {}): Promise<SafeFetchResponse> {
  const maxBytes = options.maxBytes ?? DEFAULTS.maxBytes;
  const timeoutMs = options.timeoutMs ?? DEFAULTS.timeoutMs;
  const maxRedirects = options.maxRedirects ?? DEFAULTS.maxRedirects;
  const sandbox = sandboxBase(options.sandboxOrigin === undefined ? live.sandboxOrigin() : options.sandboxOrigin);
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;

  const redirects: string[] = [];
  let current = parseUrl(String(input));
  for (;;) {
    const res = await requestOnce(current, { ...options, signal, timeout, timeoutMs, sandbox });
    const location = res.headers.location;
    if (REDIRECT_STATUSES.has(res.statusCode ?? 0) && location && options.method !== 'POST') {
      res.resume();
      if (redirects.length >= maxRedirects) {
        throw new TooManyRedirectsError(`More than ${maxRedirects} redirects from ${redirects[0] ?? current.href}`, current.href);
      }
      redirects.push(current.href);
      current = parseUrl(location, current);
      continue;
    }
    const status = res.statusCode ?? 0;
    const headers = flattenHeaders(res.headers);
    const contentType = headers['content-type'];
    const ok = status >= 200 && status < 300;
    if (ok && options.accept && !contentTypeAccepted(contentType, options.accept)) {
      res.destroy();
      throw new UnexpectedContentTypeError(current.href, contentType, options.accept);
    }
    const body = await readCapped(res, current.href, maxBytes, signal, timeout, timeoutMs);
    return { url: current.href, status, ok, headers, contentType, body, redirects };
  }
}

/** True when `url` lies under the sandbox base (same origin and path prefix). Exported for callers that label results. */
export function isSandboxUrl(url: string | URL, sandboxOrigin: string | null | undefined = live.sandboxOrigin()): boolean {
  const base = sandboxBase(sandboxOrigin);
  if (!base) return false;
  try {
    return underSandbox(new URL(String(url)), base);
  } catch {
    return false;
  }
}

interface SandboxBase {
  origin: string;
  path: string;
}

function sandboxBase(value: string | null | undefined): SandboxBase | undefined {
  if (!value) return undefined;
  const u = new URL(value);
  return { origin: u.origin, path: u.pathname.replace(/\/+$/, '') };
}

function underSandbox(url: URL, base: SandboxBase): boolean {
  if (url.origin !== base.origin || url.username || url.password) return false;
  // The WHATWG parser has already resolved `..` and `%2e%2e` segments, so a prefix test on the path is sound.
  return base.path === '' || url.pathname === base.path || url.pathname.startsWith(`${base.path}/`);
}

function parseUrl(value: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    throw new BlockedUrlError(`Not a valid URL: ${value.slice(0, 200)}`, value);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new BlockedUrlError(`Only http and https URLs are fetched, not ${url.protocol}`, url.href);
  }
  if (url.username || url.password) throw new BlockedUrlError('URLs with credentials are not fetched', url.href);
  return url;
}

interface HopOptions extends SafeFetchOptions {
  signal: AbortSignal;
  timeout: AbortSignal;
  timeoutMs: number;
  sandbox?: SandboxBase;
}

function requestOnce(url: URL, opts: HopOptions): Promise<http.IncomingMessage> {
  const exempt = opts.sandbox !== undefined && underSandbox(url, opts.sandbox);
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  if (!exempt && net.isIP(hostname)) {
    const verdict = checkAddress(hostname);
    if (!verdict.allowed) return Promise.reject(new BlockedAddressError(url.href, hostname, verdict.range));
  }
  let blocked: BlockedAddressError | undefined;
  const lookup = exempt
    ? undefined
    : guardedLookup(opts.resolve ?? systemResolver, url.href, (e) => {
        blocked = e;
      });
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      {
        protocol: url.protocol,
        hostname,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: opts.method ?? 'GET',
        headers: { 'user-agent': USER_AGENT, accept: '*/*', 'accept-encoding': 'identity', ...opts.headers },
        // A fresh connection per request: a pooled socket opened for an exempt sandbox request must never be
        // reused for a non-exempt request to the same host:port, which would skip the address check.
        agent: false,
        lookup,
        signal: opts.signal,
      },
      resolve,
    );
    req.on('error', (err) => reject(blocked ?? translateError(err, url.href, opts)));
    req.end(opts.method === 'POST' ? (opts.body ?? '') : undefined);
  });
}

/**
 * A `lookup` for net.connect that resolves with the injected resolver and refuses the connection unless every
 * address is allowed. Node connects to exactly what this returns, so check and connect see the same addresses.
 */
function guardedLookup(resolve: Resolver, href: string, onBlocked: (e: BlockedAddressError) => void): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (found) => {
        if (found.length === 0) {
          callback(notFound(`No address for ${hostname}`), '', 0);
          return;
        }
        for (const a of found) {
          const verdict = checkAddress(a.address);
          if (!verdict.allowed) {
            const err = new BlockedAddressError(href, a.address, verdict.range);
            onBlocked(err);
            callback(err as NodeJS.ErrnoException, '', 0);
            return;
          }
        }
        const wanted = options.family === 4 || options.family === 6 ? found.filter((a) => a.family === options.family) : found;
        if (wanted.length === 0) {
          callback(notFound(`No IPv${options.family} address for ${hostname}`), '', 0);
        } else if (options.all) {
          callback(null, wanted);
        } else {
          callback(null, wanted[0].address, wanted[0].family);
        }
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 0),
    );
  };
}

function notFound(message: string): NodeJS.ErrnoException {
  return Object.assign(new Error(message), { code: 'ENOTFOUND' });
}

function translateError(err: unknown, href: string, opts: HopOptions): Error {
  if (err instanceof SafeFetchError) return err;
  if (opts.timeout.aborted) return new FetchTimeoutError(href, opts.timeoutMs);
  if (opts.signal.aborted) return (opts.signal.reason as Error) ?? (err as Error);
  const e = err as NodeJS.ErrnoException;
  return new FetchFailedError(href, e.code ?? e.message ?? 'unknown error');
}

function readCapped(
  res: http.IncomingMessage,
  href: string,
  maxBytes: number,
  signal: AbortSignal,
  timeout: AbortSignal,
  timeoutMs: number,
): Promise<Buffer> {
  const declared = Number(res.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    res.destroy();
    return Promise.reject(new ResponseTooLargeError(href, maxBytes));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const fail = (err: Error) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      res.destroy();
      reject(err);
    };
    const onAbort = () =>
      fail(timeout.aborted ? new FetchTimeoutError(href, timeoutMs) : ((signal.reason as Error) ?? new Error('aborted')));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    res.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) return fail(new ResponseTooLargeError(href, maxBytes));
      chunks.push(chunk);
    });
    res.on('error', (err) => fail(timeout.aborted ? new FetchTimeoutError(href, timeoutMs) : new FetchFailedError(href, err.message)));
    res.on('aborted', () => fail(new FetchFailedError(href, 'connection closed before the body ended')));
    res.on('end', () => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      resolve(Buffer.concat(chunks));
    });
  });
}

function flattenHeaders(headers: http.IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) if (v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

function contentTypeAccepted(contentType: string | undefined, accepted: readonly string[]): boolean {
  const type = contentType?.split(';')[0].trim().toLowerCase();
  if (!type) return false;
  return accepted.some((pattern) => {
    const p = pattern.toLowerCase();
    return p.endsWith('/*') ? type.startsWith(p.slice(0, -1)) : type === p;
  });
}
