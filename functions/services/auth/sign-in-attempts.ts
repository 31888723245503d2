import { createHash, randomBytes } from 'node:crypto';
import * as oidc from 'openid-client';
import * as attempts from '../../store/entities/sign-in-attempt';
import type { SignInAttemptRecord } from '../../store/entities/sign-in-attempt';
import { contract } from '../../../shared/contract';
import { config } from '../../lib/config';

/** The secrets of one sign-in between /api/login and /api/auth/callback; they never reach the browser. */
export type SignInAttempt = SignInAttemptRecord;

export const SIGN_IN_COOKIE = 'vigil_signin';
/** How long a person may take on the sign-in page. */
export const SIGN_IN_TTL_SECONDS = 15 * 60;
/** The callback's folder (`/api/auth/`), so the attempt's cookie is not sent with every API call. */
const COOKIE_PATH = contract.callback.path.replace(/[^/]*$/, '');

const hash = (value: string) => createHash('sha256').update(value).digest('base64url');
const secure = () => (config().publicUrl.startsWith('https://') ? '; Secure' : '');

/**
 * Stores a new attempt's PKCE verifier, state and nonce server-side and returns them with the opaque value
 * for its cookie. Only the value's hash is the key, as for sessions.
 */
export async function startSignInAttempt(): Promise<{ cookieValue: string; attempt: SignInAttempt }> {
  const cookieValue = randomBytes(32).toString('base64url');
  const attempt: SignInAttempt = {
    codeVerifier: oidc.randomPKCECodeVerifier(),
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    expiresAt: Math.floor(Date.now() / 1000) + SIGN_IN_TTL_SECONDS,
  };
  await attempts.put(hash(cookieValue), attempt);
  return { cookieValue, attempt };
}

/**
 * Takes the attempt behind the request's cookie out of the table and returns it: a delete that returns the
 * old item, so a replayed callback finds nothing. Expired or unknown attempts are no attempt.
 */
export async function consumeSignInAttempt(cookies: Record<string, string>): Promise<SignInAttempt | undefined> {
  const value = cookies[SIGN_IN_COOKIE];
  if (!value || value.length > 200) return undefined;
  return attempts.consume(hash(value), Math.floor(Date.now() / 1000));
}

export function signInCookie(cookieValue: string): string {
  return `${SIGN_IN_COOKIE}=${cookieValue}; Path=${COOKIE_PATH}; HttpOnly; SameSite=Lax; Max-Age=${SIGN_IN_TTL_SECONDS}${secure()}`;
}

export function clearedSignInCookie(): string {
  return `${SIGN_IN_COOKIE}=; Path=${COOKIE_PATH}; HttpOnly; SameSite=Lax; Max-Age=0${secure()}`;
}
