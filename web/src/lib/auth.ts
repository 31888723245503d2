import useSWR, { mutate } from 'swr';
import type { CurrentUser } from '@shared/schemas/user';
import { apiPath, fetcherOrNullOn401 } from './api-client';
import { contract } from '@shared/contract';

/**
 * The session, shared by every feature (so it lives in lib/, like bulletproof-react's lib/auth: features may not
 * import one another, and most of them need the signed-in user).
 */

export type { CurrentUser } from '@shared/schemas/user';

/** The SWR key of the current user; {@link invalidateCurrentUser} reloads it. */
export const CURRENT_USER_KEY = apiPath(contract.currentUser);
/** Full-page navigations (the server runs the OIDC flow), never fetch calls. */
export const LOGIN_PATH = apiPath(contract.login);
/** Signing out is a POST (a GET changes nothing, so another site cannot sign anyone out with a link). */
export const LOGOUT_PATH = apiPath(contract.logout);

/** Signs out from script (a menu item): posts a form, a full page load, so the server can end the session and redirect. */
export function signOut(): void {
  const form = document.createElement('form');
  form.method = 'post';
  form.action = LOGOUT_PATH;
  document.body.append(form);
  form.submit();
}

export type AuthState =
  | { status: 'loading'; user: undefined }
  | { status: 'signed-out'; user: undefined }
  | { status: 'signed-in'; user: CurrentUser };

/**
 * The session state (PRODUCT.md section 4): `loading`, then `signed-in` when `GET /api/auth/user` returned a user, or
 * `signed-out` when it answered 401 or failed in any other way. The call is never retried (SWR config).
 */
export function useUser(): AuthState {
  const { data, isLoading } = useSWR<CurrentUser | null>(CURRENT_USER_KEY, fetcherOrNullOn401<CurrentUser>);
  if (data) return { status: 'signed-in', user: data };
  if (isLoading) return { status: 'loading', user: undefined };
  return { status: 'signed-out', user: undefined };
}

/** Reloads the signed-in user (after a change the session's user carries, such as the plan). */
export function invalidateCurrentUser(): Promise<unknown> {
  return mutate(CURRENT_USER_KEY);
}

/**
 * The signed-in user, for screens that only render inside the signed-in shell.
 * @throws {Error} when called while nobody is signed in (a routing bug).
 */
export function useCurrentUser(): CurrentUser {
  const auth = useUser();
  if (auth.status !== 'signed-in') throw new Error('useCurrentUser() used outside the signed-in routes');
  return auth.user;
}

/** The name to show: first and last name when known, else undefined. */
export function fullName(user: Pick<CurrentUser, 'firstName' | 'lastName'>): string | undefined {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
  return name || undefined;
}

/** The avatar fallback letter: first letter of firstName, then of email; undefined means "use a user icon". */
export function initialOf(user: Pick<CurrentUser, 'firstName' | 'email'>): string | undefined {
  const source = user.firstName?.trim() || user.email?.trim();
  return source ? source.charAt(0).toUpperCase() : undefined;
}
