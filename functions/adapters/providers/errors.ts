/**
 * Named provider errors. The search workflow's Retry matches `ThrottledError` and its Catch marks the engine
 * failed on the others, so names are string literals that survive bundling and minification.
 */
export class ProviderError extends Error {
  override name = 'ProviderError';
  constructor(
    readonly provider: string,
    message: string,
    readonly status?: number,
  ) {
    super(`${provider}: ${message}`);
  }
}

/** Bad or missing key (401, Brave's 422, 403 where it means the key). Not retried. */
export class ProviderAuthError extends ProviderError {
  override name = 'ProviderAuthError';
}

/** Rate or quota limit (429). Retried in-process with backoff, then by the state machine. */
export class ThrottledError extends ProviderError {
  override name = 'ThrottledError';
  constructor(
    provider: string,
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(provider, message, 429);
  }
}

/**
 * The provider's plan is used up for its period (SerpApi's "run out of searches", a monthly window at 0): no
 * retry can succeed before the plan renews, so it is NOT a ThrottledError (the workflow's Retry matches that
 * name only) and is counted as `ProviderQuotaErrors` (EMF) with its own alarm (docs/OPERATIONS.md).
 */
export class ProviderQuotaError extends ProviderError {
  override name = 'ProviderQuotaError';
  constructor(provider: string, message: string, status = 429) {
    super(provider, message, status);
  }
}

/** 5xx, connection failure, or a provider that refuses service (Custom Search's 403 for new projects). */
export class ProviderUnavailableError extends ProviderError {
  override name = 'ProviderUnavailableError';
}

export class ProviderTimeoutError extends ProviderError {
  override name = 'ProviderTimeoutError';
}

/** A 2xx answer that is not the JSON we expect. */
export class ProviderResponseError extends ProviderError {
  override name = 'ProviderResponseError';
}

/** The provider rejected our request as malformed (400). A bug on our side; not retried. */
export class ProviderRequestError extends ProviderError {
  override name = 'ProviderRequestError';
}

/** The provider does not do this engine/kind, or a required field (query, imageUrl) is missing. */
export class UnsupportedSearchError extends ProviderError {
  override name = 'UnsupportedSearchError';
}

/** No key and no sandbox: nothing can reach this engine. */
export class ProviderNotConfiguredError extends ProviderError {
  override name = 'ProviderNotConfiguredError';
}
