/**
 * Named errors of the safe fetcher. Names are set as literals (not from the class) so they survive bundling and
 * minification: workflow Retry/Catch and callers match on `error.name`.
 */
export class SafeFetchError extends Error {
  override name = 'SafeFetchError';
  constructor(
    message: string,
    readonly url: string,
  ) {
    super(message);
  }
}

/** The URL itself is refused: not http(s), credentials in it, or not a parseable URL. */
export class BlockedUrlError extends SafeFetchError {
  override name = 'BlockedUrlError';
}

/** The host is, or resolves to, an address the fetcher never connects to (loopback, private, metadata...). */
export class BlockedAddressError extends SafeFetchError {
  override name = 'BlockedAddressError';
  constructor(
    url: string,
    readonly address: string,
    readonly range: string,
  ) {
    super(`Refused to connect to ${address} (${range}) for ${url}`, url);
  }
}

export class TooManyRedirectsError extends SafeFetchError {
  override name = 'TooManyRedirectsError';
}

export class ResponseTooLargeError extends SafeFetchError {
  override name = 'ResponseTooLargeError';
  constructor(
    url: string,
    readonly maxBytes: number,
  ) {
    super(`Response from ${url} is larger than ${maxBytes} bytes`, url);
  }
}

export class FetchTimeoutError extends SafeFetchError {
  override name = 'FetchTimeoutError';
  constructor(
    url: string,
    readonly timeoutMs: number,
  ) {
    super(`Fetching ${url} took longer than ${timeoutMs} ms`, url);
  }
}

export class UnexpectedContentTypeError extends SafeFetchError {
  override name = 'UnexpectedContentTypeError';
  constructor(
    url: string,
    readonly contentType: string | undefined,
    readonly accepted: readonly string[],
  ) {
    super(`Content type ${contentType ?? '(none)'} of ${url} is not one of ${accepted.join(', ')}`, url);
  }
}

/** DNS failure, connection refused or reset, TLS failure: the site could not be read. */
export class FetchFailedError extends SafeFetchError {
  override name = 'FetchFailedError';
  constructor(
    url: string,
    readonly reason: string,
  ) {
    super(`Could not fetch ${url}: ${reason}`, url);
  }
}
