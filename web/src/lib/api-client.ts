/**
 * The one HTTP client of the site (PRODUCT.md section 8). Every call sends the session cookie, speaks JSON unless told
 * otherwise, and turns any non-ok response into an {@link ApiError} whose message is
 * `${status}: ${body text or status text}`. It is a thin wrapper on fetch: no library adds anything here that
 * PRODUCT.md section 8 asks for, and the exact error message format is part of the contract. Paths and reply types come
 * from the API contract (shared/contract.ts) through {@link api} and {@link apiPath}.
 */
import { apiPath, type BodyIn, type ParamsIn, type QueryIn, type ReplyOf, type RouteDef } from '@shared/contract';

/** A non-ok HTTP response. `message` is `${status}: ${bodyText || statusText}` (PRODUCT.md section 8). */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly statusText: string,
    /** The raw response body (often `{"error", "code", "fields"?}` JSON from the API). */
    readonly bodyText: string,
  ) {
    super(`${status}: ${bodyText || statusText}`);
  }

  /** The API's error body, when the body is the JSON shape every handler sends. */
  get body(): ApiErrorBody | undefined {
    try {
      const parsed: unknown = JSON.parse(this.bodyText);
      if (parsed && typeof parsed === 'object' && typeof (parsed as ApiErrorBody).error === 'string') {
        return parsed as ApiErrorBody;
      }
    } catch {
      // Not JSON: a proxy or gateway page. The message still carries the raw text.
    }
    return undefined;
  }
}

/** The error body every API handler sends (ARCHITECTURE.md, "Shape of the code"). */
export interface ApiErrorBody {
  error: string;
  code?: string;
  fields?: { path: string; message: string }[];
}

export type ResponseType = 'json' | 'text' | 'blob';

export interface RequestOptions {
  /** JSON-serialised unless it is FormData (multipart), a Blob or a string. */
  body?: unknown;
  /** How to read a successful response; `json` by default. An empty body reads as `undefined`. */
  responseType?: ResponseType;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

function encodeBody(body: unknown, headers: Headers): BodyInit | undefined {
  if (body === undefined) return undefined;
  // The browser sets the multipart boundary itself; a hand-set Content-Type would break it.
  if (body instanceof FormData || body instanceof Blob || typeof body === 'string') return body;
  headers.set('Content-Type', 'application/json');
  return JSON.stringify(body);
}

async function readBody(response: Response, responseType: ResponseType): Promise<unknown> {
  if (responseType === 'blob') return response.blob();
  const text = await response.text();
  if (responseType === 'text') return text;
  return text ? (JSON.parse(text) as unknown) : undefined;
}

/**
 * Sends one request to the API and returns the parsed response.
 * @throws {ApiError} on any non-ok response; network failures reject with fetch's own TypeError.
 */
export async function apiRequest<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const headers = new Headers(options.headers);
  if (!headers.has('Accept')) {
    headers.set('Accept', options.responseType === 'blob' ? '*/*' : 'application/json');
  }
  const response = await fetch(path, {
    method,
    headers,
    body: encodeBody(options.body, headers),
    credentials: 'include',
    signal: options.signal,
  });
  if (!response.ok) {
    const bodyText = await response.text().catch(() => '');
    throw new ApiError(response.status, response.statusText, bodyText);
  }
  return (await readBody(response, options.responseType ?? 'json')) as T;
}

/** The SWR fetcher: a GET on the key path (PRODUCT.md section 7, "the default query function"). */
export const fetcher = <T>(path: string): Promise<T> => apiRequest<T>('GET', path);

/** Like {@link fetcher} but a 401 yields `null` instead of an error (a signed-out visitor is not an error). */
export async function fetcherOrNullOn401<T>(path: string): Promise<T | null> {
  try {
    return await apiRequest<T>('GET', path);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/**
 * The message to show a person for a failed call: the API's `error` text when it sent one, otherwise `fallback`.
 * Toasts that show the server's message (PRODUCT.md section 8) use this.
 */
export function apiErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.body?.error ?? fallback;
  return fallback;
}

/** What a call of a contract row takes: its path params, query and body, plus request options. */
export interface CallInput<R> extends Omit<RequestOptions, 'body'> {
  params?: ParamsIn<R>;
  query?: QueryIn<R>;
  body?: BodyIn<R> | FormData;
}

/** The URL of a contract row: the one builder in shared/contract.ts, used by the server's HTML pages too. */
export { apiPath };

/** Calls a contract row: `api(contract.getCase, {params: {id}})`; the answer is typed by the row's reply schema. */
export function api<R extends RouteDef>(route: R, input: CallInput<R> = {}): Promise<ReplyOf<R>> {
  const { params, query, ...options } = input;
  return apiRequest<ReplyOf<R>>(route.method, apiPath(route, { params, query }), options);
}
