import { currentUserSchema } from '../../../shared/schemas/user';
import { contract } from '../../../shared/contract';
import { UnauthorizedError } from '../../lib/errors';
import { areaHandler, json, publicEndpoint, redirect, resolveUserParam, userEndpoint, type Reply } from '../chain';
import { beginSignIn, finishSignIn, signOut, type SignInStep } from '../../services/auth/sign-in';
import { clearedSessionCookie, deleteUserSessions } from '../../services/sessions';
import { getUser, toCurrentUser } from '../../services/users';
import { signInProblemPage, signOutConfirmPage } from './pages';

/** A sign-in step as a reply: a redirect, or a small HTML page (these are full-page navigations). */
const reply = (step: SignInStep): Reply =>
  step.kind === 'redirect'
    ? redirect(step.location, step.cookies.length ? step.cookies : undefined)
    : signInProblemPage(step.problem.status, step.problem.title, step.problem.message, step.cookies.length ? step.cookies : undefined);

/** GET /api/login: starts the authorization-code flow (services/auth/sign-in.ts). */
const login = publicEndpoint(contract.login, async ({ caller }) => reply(await beginSignIn(caller !== undefined)));

/** GET /api/auth/callback: finishes the flow, creates the user on first sign-in and starts a session. */
const callback = publicEndpoint(contract.callback, async ({ caller, cookies, event }) =>
  reply(await finishSignIn({ cookies, rawQuery: event.rawQueryString ?? '', currentSessionId: caller?.sessionId })),
);

/**
 * GET /api/logout: a page with a "Sign out" button that POSTs the form below; a GET changes nothing, so a link
 * or an image on another site cannot sign anyone out.
 */
const logoutConfirm = publicEndpoint(contract.logoutConfirm, async ({ caller }) =>
  caller ? signOutConfirmPage() : redirect('/'),
);

/** POST /api/logout (a form on the site): deletes the session here, clears the cookie, then ends the session at the IdP. */
const logout = publicEndpoint(contract.logout, async ({ cookies }) => reply(await signOut(cookies)));

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
  return json(currentUserSchema.parse(toCurrentUser(user, caller.isAdmin, caller.isAgent === true)));
});

export const handler = areaHandler('auth', [login, callback, logoutConfirm, logout, currentUser, endAllSessions]);
