import pRetry from 'p-retry';
import {
  ProviderAuthError,
  ProviderQuotaError,
  ProviderRequestError,
  ProviderResponseError,
  ProviderTimeoutError,
  ProviderUnavailableError,
  ThrottledError,
} from './errors';
import type { ProviderConfig } from './config';

export type RetryConfig = Pick<ProviderConfig, 'timeoutMs' | 'retries' | 'retryBaseMs' | 'maxRetryWaitMs'>;

export interface ProviderCall<T> {
  provider: string;
  url: URL;
  headers?: Record<string, string>;
  config: RetryConfig;
  signal?: AbortSignal;
  /**
   * Turns a 2xx JSON body into results; runs inside the retry loop so a provider that reports throttling in a
   * 200 body (TinEye's `code`) can throw ThrottledError and be retried like a 429.
   */
  parse: (body: unknown) => T;
  /** Overrides the status -> error mapping for one provider (e.g. Custom Search's 403). */
  mapStatus?: (status: number, message: string, body: unknown) => Error | undefined;
}

/**
 * GETs a provider API over plain fetch (provider APIs are trusted, configured endpoints, not web URLs: the safe
 * fetcher is for those), with a per-attempt time cap and in-process retries of ThrottledError that honour
 * Retry-After / X-RateLimit-Reset. Errors are the named ones the workflow's Retry and Catch match on.
 */
export async function callProvider<T>(call: ProviderCall<T>): Promise<T> {
  const { config } = call;
  const retryable = (error: unknown): error is ThrottledError =>
    error instanceof ThrottledError && (error.retryAfterMs ?? 0) <= config.maxRetryWaitMs;
  return pRetry(() => attempt(call), {
    retries: config.retries,
    // Waits are done in onFailedAttempt so the provider's own Retry-After wins over a fixed schedule.
    minTimeout: 0,
    factor: 1,
    signal: call.signal,
    shouldRetry: ({ error }) => retryable(error),
    onFailedAttempt: async ({ error, attemptNumber, retriesLeft }) => {
      if (retriesLeft <= 0 || !retryable(error)) return;
      const backoff = config.retryBaseMs * 2 ** (attemptNumber - 1) * (1 + Math.random() * 0.2);
      await sleep(error.retryAfterMs ?? backoff, call.signal);
    },
  });
}

async function attempt<T>(call: ProviderCall<T>): Promise<T> {
  const timeout = AbortSignal.timeout(call.config.timeoutMs);
  const signal = call.signal ? AbortSignal.any([call.signal, timeout]) : timeout;
  let res: Response;
  let text: string;
  try {
    res = await fetch(call.url, { headers: { accept: 'application/json', ...call.headers }, signal });
    text = await res.text();
  } catch (err) {
    if (timeout.aborted) throw new ProviderTimeoutError(call.provider, `no answer within ${call.config.timeoutMs} ms`);
    if (call.signal?.aborted) throw call.signal.reason ?? err;
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    throw new ProviderUnavailableError(call.provider, `network error: ${cause?.code ?? cause?.message ?? (err as Error).message}`);
  }
  let body: unknown;
  let parsed = true;
  try {
    body = JSON.parse(text);
  } catch {
    parsed = false;
  }
  if (res.ok) {
    if (!parsed) throw new ProviderResponseError(call.provider, `malformed JSON (HTTP ${res.status}): ${text.slice(0, 120)}`, res.status);
    return call.parse(body);
  }
  const message = errorMessage(body) ?? (text.slice(0, 200) || res.statusText);
  throw (
    call.mapStatus?.(res.status, message, body) ??
    (quotaExhausted(res.status, message, res.headers) ? new ProviderQuotaError(call.provider, message, res.status) : undefined) ??
    statusError(call.provider, res.status, message, retryAfterMs(res.headers))
  );
}

/**
 * Messages of a provider whose plan is used up for its period (SerpApi: "Your account has run out of searches.";
 * Brave/TinEye/Google: "quota", "monthly limit"). Matched only on a 429 or 403, never on a 200.
 */
const QUOTA_MESSAGE = /run out of searches|out of searches|quota|monthly limit|plan limit|credits? (?:exhausted|remaining: 0)|no remaining (?:searches|credits)/i;

/**
 * Whether a refusal means the provider's quota is used up rather than a short rate limit: a quota message, or a
 * rate-limit header listing a window with none left beyond the first (Brave's `X-RateLimit-Remaining: 1, 0` is
 * the per-second window with some left and the monthly one with none).
 */
export function quotaExhausted(status: number, message: string, headers: Headers): boolean {
  if (status !== 429 && status !== 403) return false;
  if (QUOTA_MESSAGE.test(message)) return true;
  const remaining = (headers.get('x-ratelimit-remaining') ?? '').split(',').map((s) => s.trim()).filter(Boolean).map(Number);
  return status === 429 && remaining.length > 1 && remaining.slice(1).some((r) => r === 0);
}

/** The default mapping of an HTTP (or body-reported) status to a named error. */
export function statusError(provider: string, status: number, message: string, retryAfter?: number): Error {
  if (status === 429) return new ThrottledError(provider, message, retryAfter);
  if (status === 401 || status === 403 || status === 422) return new ProviderAuthError(provider, message, status);
  if (status >= 500) return new ProviderUnavailableError(provider, message, status);
  if (status >= 400) return new ProviderRequestError(provider, message, status);
  return new ProviderResponseError(provider, `unexpected status ${status}: ${message}`, status);
}

/** Finds a readable message in the error shapes of SerpApi, Brave, TinEye and Google. */
export function errorMessage(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const b = body as Record<string, unknown>;
  if (typeof b.error === 'string') return b.error;
  if (b.error && typeof b.error === 'object') {
    const e = b.error as Record<string, unknown>;
    const text = [e.code, e.detail ?? e.message].filter((x) => typeof x === 'string' || typeof x === 'number');
    if (text.length) return text.join(': ');
  }
  if (Array.isArray(b.messages) && b.messages.length) return b.messages.map(String).join('; ');
  if (typeof b.message === 'string') return b.message;
  return undefined;
}

/**
 * How long the provider asks us to wait: Retry-After (seconds or HTTP date) or Brave's X-RateLimit-Reset, a list
 * of seconds per window ("1, 1419704"); the window that is exhausted (remaining 0) decides.
 */
export function retryAfterMs(headers: Headers, now = Date.now()): number | undefined {
  const retryAfter = headers.get('retry-after');
  if (retryAfter) {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
    const date = Date.parse(retryAfter);
    if (Number.isFinite(date)) return Math.max(0, date - now);
  }
  const reset = headers.get('x-ratelimit-reset');
  if (reset) {
    const resets = reset.split(',').map((s) => Number(s.trim()));
    const remaining = (headers.get('x-ratelimit-remaining') ?? '').split(',').map((s) => Number(s.trim()));
    const exhausted = resets.filter((r, i) => Number.isFinite(r) && remaining[i] === 0);
    const pick = exhausted.length ? Math.max(...exhausted) : Math.min(...resets.filter(Number.isFinite));
    if (Number.isFinite(pick)) return Math.max(0, pick * 1000);
  }
  return undefined;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
