import * as oidc from 'openid-client';
import { config } from '../../lib/config';
import { logger } from '../../lib/logger';
import { recordVisit } from '../metrics';
import { clearedSessionCookie, createSession, deleteSession, findStoredSession, sessionCookie } from '../sessions';
import { getOrCreateUserFromClaims, type IdentityClaims } from '../users';
import { RegistrationsClosedError } from '../platform/maintenance';
import { callbackUrl, endSessionUrl, oidcClient } from './oidc-client';
import { clearedSignInCookie, consumeSignInAttempt, signInCookie, startSignInAttempt } from './sign-in-attempts';

const SCOPE = 'openid email profile';

/** A sign-in step the browser cannot continue: the http layer shows it as a small HTML page. */
export interface SignInProblem {
  status: number;
  title: string;
  message: string;
}

/** Where a sign-in step sends the browser (with the cookies to set), or the problem to show. */
export type SignInStep =
  | { kind: 'redirect'; location: string; cookies: string[] }
  | { kind: 'problem'; problem: SignInProblem; cookies: string[] };

const problem = (status: number, title: string, message: string, cookies: string[] = []): SignInStep => ({
  kind: 'problem',
  problem: { status, title, message },
  cookies,
});

/**
 * Starts the authorization-code flow with PKCE, state and nonce kept server-side: redirects to the identity
 * provider (or home, for someone signed in already) and counts the visit.
 */
export async function beginSignIn(signedIn: boolean): Promise<SignInStep> {
  if (signedIn) return { kind: 'redirect', location: '/', cookies: [] };
  await recordVisit();
  let client: oidc.Configuration;
  try {
    client = await oidcClient();
  } catch (err) {
    logger.error('identity provider discovery failed', { error: err as Error });
    return problem(503, 'Sign-in is unavailable', 'The sign-in service cannot be reached right now. Please try again in a minute.');
  }
  const { cookieValue, attempt } = await startSignInAttempt();
  const url = oidc.buildAuthorizationUrl(client, {
    redirect_uri: callbackUrl(),
    scope: SCOPE,
    code_challenge: await oidc.calculatePKCECodeChallenge(attempt.codeVerifier),
    code_challenge_method: 'S256',
    state: attempt.state,
    nonce: attempt.nonce,
  });
  return { kind: 'redirect', location: url.href, cookies: [signInCookie(cookieValue)] };
}

export interface CallbackRequest {
  cookies: Record<string, string>;
  /** The callback's raw query string (code and state, or the provider's error). */
  rawQuery: string;
  /** The session id of a caller who is signed in already (replaced by a fresh one). */
  currentSessionId?: string;
}

/** Finishes the flow: verifies the provider's answer, creates the user on first sign-in and starts a session. */
export async function finishSignIn(req: CallbackRequest): Promise<SignInStep> {
  const clearAttempt = clearedSignInCookie();
  const attempt = await consumeSignInAttempt(req.cookies);
  if (!attempt) {
    // A back-button replay of a finished sign-in: the person is signed in already.
    if (req.currentSessionId) return { kind: 'redirect', location: '/', cookies: [clearAttempt] };
    return problem(
      400,
      'Sign-in expired',
      'This sign-in was already used, took too long, or was started in another browser. Please sign in again.',
      [clearAttempt],
    );
  }

  const query = new URLSearchParams(req.rawQuery);
  const idpError = query.get('error');
  if (idpError) {
    // The description is not shown: anyone can put text into this URL, and it must not speak for us.
    logger.warn('identity provider returned an error', { idpError, description: query.get('error_description') });
    const message = idpError === 'access_denied'
      ? 'Sign-in was cancelled.'
      : 'The sign-in service could not sign you in. Please try again.';
    return problem(400, 'Sign-in failed', message, [clearAttempt]);
  }

  let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
  try {
    const client = await oidcClient();
    tokens = await oidc.authorizationCodeGrant(client, new URL(`${callbackUrl()}?${query}`), {
      pkceCodeVerifier: attempt.codeVerifier,
      expectedState: attempt.state,
      expectedNonce: attempt.nonce,
      idTokenExpected: true,
    });
  } catch (err) {
    logger.warn('sign-in callback refused', { error: { name: (err as Error).name, message: (err as Error).message } });
    return problem(400, 'Sign-in failed', 'The sign-in response could not be verified. Please sign in again.', [clearAttempt]);
  }

  const claims = tokens.claims();
  if (!claims?.email || typeof claims.email !== 'string') {
    logger.warn('ID token carries no email', { sub: claims?.sub });
    return problem(400, 'Sign-in failed', 'Your account has no e-mail address, which Vigil needs.', [clearAttempt]);
  }
  let user: Awaited<ReturnType<typeof getOrCreateUserFromClaims>>;
  try {
    user = await getOrCreateUserFromClaims(claims as unknown as IdentityClaims);
  } catch (err) {
    if (err instanceof RegistrationsClosedError) return problem(403, 'Registrations are paused', err.message, [clearAttempt]);
    throw err;
  }
  const groups = claims['cognito:groups'];
  const isAdmin = Array.isArray(groups) && groups.includes(config().adminGroup);
  const isAgent = Array.isArray(groups) && groups.includes(config().agentGroup);

  // A fresh session id on every sign-in, so a session value planted before sign-in is worth nothing after it.
  if (req.currentSessionId) await deleteSession(req.currentSessionId);
  // The IdP's own name for the account: the admin and enabled re-checks ask the user pool by it.
  const username = typeof claims['cognito:username'] === 'string' ? claims['cognito:username'] : claims.sub;
  const session = await createSession({ userId: user.id, email: user.email, isAdmin, isAgent, idToken: tokens.id_token, idpUsername: username });
  return {
    kind: 'redirect',
    location: '/',
    cookies: [clearAttempt, sessionCookie(session.cookieValue, config().sessionTtlSeconds)],
  };
}

/** Deletes the session here and returns where the browser goes to end the session at the identity provider. */
export async function signOut(cookies: Record<string, string>): Promise<SignInStep> {
  const stored = await findStoredSession(cookies);
  if (stored) await deleteSession(stored.sessionId);
  return { kind: 'redirect', location: await endSessionUrl(stored?.idToken), cookies: [clearedSessionCookie()] };
}
