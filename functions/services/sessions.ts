import { createHash, randomBytes } from 'node:crypto';
import * as sessions from '../store/entities/session';
import type { SessionRecord } from '../store/entities/session';
import { identityStatus } from '../adapters/identity/directory';
import { config } from '../lib/config';

/** Who is calling, as the server decided from the session. */
export interface Caller {
  userId: string;
  email: string;
  isAdmin: boolean;
  /** In the agent group (issue 23): the agent console. Administrators may use it too. */
  isAgent?: boolean;
  sessionId: string;
}

/** A session as stored: the caller at sign-in, the ID token (for logout) and the user pool's username. */
export type StoredSession = SessionRecord;

export const SESSION_COOKIE = 'vigil_session';

const hash = (value: string) => createHash('sha256').update(value).digest('base64url');

/**
 * Stores a server-side session and returns the opaque cookie value. Only the value's hash is stored, so the
 * table never holds a usable session token.
 */
export async function createSession(input: {
  userId: string;
  email: string;
  isAdmin: boolean;
  isAgent?: boolean;
  idToken?: string;
  idpUsername?: string;
}): Promise<{ cookieValue: string; expiresAt: number }> {
  const cookieValue = randomBytes(32).toString('base64url');
  const sessionId = hash(cookieValue);
  const expiresAt = Math.floor(Date.now() / 1000) + config().sessionTtlSeconds;
  const createdAt = new Date().toISOString();
  await sessions.put({
    userId: input.userId,
    email: input.email,
    isAdmin: input.isAdmin,
    ...(input.isAgent ? { isAgent: true } : {}),
    sessionId,
    idToken: input.idToken,
    idpUsername: input.idpUsername,
    createdAt,
    expiresAt,
  });
  return { cookieValue, expiresAt };
}

/** Reads the session behind the request's cookie; expired or unknown sessions are no session. */
export async function findStoredSession(cookies: Record<string, string>): Promise<StoredSession | undefined> {
  const value = cookies[SESSION_COOKIE];
  if (!value || value.length > 200) return undefined;
  return sessions.getLive(hash(value), Math.floor(Date.now() / 1000));
}

/**
 * The caller behind the request's cookie. With a user pool configured, the account's state is taken from the
 * identity provider, at most a minute old (adapters/identity/directory.ts): admin rights are the pool's groups
 * now, not those of the sign-in, and a disabled or deleted account has all its sessions ended here.
 */
export async function findSession(cookies: Record<string, string>): Promise<Caller | undefined> {
  const s = await findStoredSession(cookies);
  if (!s) return undefined;
  let isAdmin = s.isAdmin;
  let isAgent = s.isAgent === true;
  const status = s.idpUsername ? await identityStatus(s.idpUsername) : undefined;
  if (status) {
    if (!status.enabled) {
      await deleteUserSessions(s.userId);
      return undefined;
    }
    isAdmin = status.groups.includes(config().adminGroup);
    isAgent = status.groups.includes(config().agentGroup);
  } else if (config().cognitoUserPoolId) {
    // A session from before usernames were kept cannot be re-checked: no admin rights on it.
    isAdmin = false;
    isAgent = false;
  }
  return { userId: s.userId, email: s.email, isAdmin, ...(isAgent ? { isAgent } : {}), sessionId: s.sessionId };
}

export async function deleteSession(sessionId: string): Promise<void> {
  await sessions.remove(sessionId);
}

/** A session as stored, by its id (the caller's `sessionId`), unless it expired. */
export function findStoredSessionById(sessionId: string): Promise<StoredSession | undefined> {
  return sessions.getLive(sessionId, Math.floor(Date.now() / 1000));
}

/** Ends every session of a user (sign out of all devices; a disabled account). Returns how many ended. */
export async function deleteUserSessions(userId: string): Promise<number> {
  const ids = await sessions.idsByOwner(userId);
  for (const id of ids) await deleteSession(id);
  return ids.length;
}

const secure = () => (config().publicUrl.startsWith('https://') ? '; Secure' : '');

export function sessionCookie(cookieValue: string, maxAgeSeconds: number): string {
  return `${SESSION_COOKIE}=${cookieValue}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure()}`;
}

export function clearedSessionCookie(): string {
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure()}`;
}
