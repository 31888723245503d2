import { ApiError } from '@/lib/api-client';

/**
 * The description of a failed allowlist call: the server's own message for refusals a person can act on (409 a
 * domain already listed, 400 a bad domain), else the fallback text.
 */
export function allowlistErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401) {
    return error.body?.error ?? fallback;
  }
  return fallback;
}
