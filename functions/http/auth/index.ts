import * as oidc from 'openid-client';
import { currentUserSchema } from '../../../shared/schemas/user';
import { config } from '../../lib/config';
import { UnauthorizedError } from '../../lib/errors';
import { recordVisit } from '../../services/metrics';
import { contract } from '../../../shared/contract';
import { areaHandler, json, publicEndpoint, redirect, resolveUserParam, userEndpoint } from '../../lib/http';
import { logger } from '../../lib/logger';
import {
  clearedSessionCookie,
  createSession,
  deleteSession,
  deleteUserSessions,
  findStoredSession,
  sessionCookie,
} from '../../services/sessions';
import { getOrCreateUserFromClaims, getUser, toCurrentUser, type IdentityClaims } from '../../services/users';
import { callbackUrl, endSessionUrl, oidcClient } from './oidc-client';
import { signInProblemPage, signOutConfirmPage } from './pages';
import { clearedSignInCookie, consumeSignInAttempt, signInCookie, startSignInAttempt } from './sign-in-attempts';

const SCOPE = 'openid email profile';

/** GET /api/login: starts the authorization-code flow with PKCE, state and nonce kept server-side. */
const login = publicEndpoint(contract.login, async ({ caller }) => {
  if (caller) return redirect('/');
  await recordVisit();
  let client: oidc.Configuration;
  try {
    client = await oidcClient();
  } catch (err) {
    logger.error('identity provider discovery failed', { error: err as Error });
    return signInProblemPage(503, 'Sign-in is unavailable', 'The sign-in service cannot be reached right now. Please try again in a minute.');
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
  return redirect(url.href, [signInCookie(cookieValue)]);
});

/** GET /api/auth/callback: finishes the flow, creates the user on first sign-in and starts a session. */
const callback = publicEndpoint(contract.callback, async ({ caller, cookies, event }) => {
  const clearAttempt = clearedSignInCookie();
  const attempt = await consumeSignInAttempt(cookies);
  if (!attempt) {
    // A back-button replay of a finished sign-in: the person is signed in already.
    if (caller) return redirect('/', [clearAttempt]);
    return signInProblemPage(
      400,
      'Sign-in expired',
      'This sign-in was already used, took too long, or was started in another browser. Please sign in again.',
      [clearAttempt],
    );
  }

  const query = new URLSearchParams(event.rawQueryString ?? '');
  const idpError = query.get('error');
  if (idpError) {
    // The description is not shown: anyone can put text into this URL, and it must not speak for us.
    logger.warn('identity provider returned an error', { idpError, description: query.get('error_description') });
    const message = idpError === 'access_denied'
      ? 'Sign-in was cancelled.'
      : 'The sign-in service could not sign you in. Please try again.';
    return signInProblemPage(400, 'Sign-in failed', message, [clearAttempt]);
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
    return signInProblemPage(400, 'Sign-in failed', 'The sign-in response could not be verified. Please sign in again.', [clearAttempt]);
  }

  const claims = tokens.claims();
  if (!claims?.email || typeof claims.email !== 'string') {
    logger.warn('ID token carries no email', { sub: claims?.sub });
    return signInProblemPage(400, 'Sign-in failed', 'Your account has no e-mail address, which Vigil needs.', [clearAttempt]);
  }
  const user = await getOrCreateUserFromClaims(claims as unknown as IdentityClaims);
  const groups = claims['cognito:groups'];
  const isAdmin = Array.isArray(groups) && groups.includes(config().adminGroup);

  // A fresh session id on every sign-in, so a session value planted before sign-in is worth nothing after it.
  if (caller) await deleteSession(caller.sessionId);
  const username = typeof claims['cognito:username'] === 'string' ? claims['cognito:username'] : claims.sub;
  const session = await createSession({ userId: user.id, email: user.email, isAdmin, idToken: tokens.id_token, idpUsername: username });
  return redirect('/', [clearAttempt, sessionCookie(session.cookieValue, config().sessionTtlSeconds)]);
});

/**
 * GET /api/logout: a page with a "Sign out" button that POSTs the form below; a GET changes nothing, so a link
 * or an image on another site cannot sign anyone out.
 */
const logoutConfirm = publicEndpoint(contract.logoutConfirm, async ({ caller }) =>
  caller ? signOutConfirmPage() : redirect('/'),
);

/** POST /api/logout (a form on the site): deletes the session here, clears the cookie, then ends the session at the IdP. */
const logout = publicEndpoint(contract.logout, async ({ cookies }) => {
  const stored = await findStoredSession(cookies);
  if (stored) await deleteSession(stored.sessionId);
  return redirect(await endSessionUrl(stored?.idToken), [clearedSessionCookie()]);
});

/** DELETE /api/user/{id}/sessions: sign out of all devices (the caller's own, or any user's for an admin). */
const endAllSessions = userEndpoint(contract.endAllSessions, async ({ caller, params }) => {
  const userId = resolveUserParam(caller, params.id);
  const ended = await deleteUserSessions(userId);
  return json({ ended }, 200, userId === caller.userId ? { cookies: [clearedSessionCookie()] } : {});
});

/** GET /api/auth/user: the signed-in user; `isAdmin` comes from the session (the IdP's admin group). */
const currentUser = userEndpoint(contract.currentUser, async ({ caller }) => {
  const user = await getUser(caller.userId);
  if (!user) throw new UnauthorizedError();
  return json(currentUserSchema.parse(toCurrentUser(user, caller.isAdmin)));
});

export const handler = areaHandler('auth', [login, callback, logoutConfirm, logout, currentUser, endAllSessions]);
