import { createHash, randomBytes } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../adapters/dynamo/client';
import { keys } from '../adapters/dynamo/keys';
import { config } from '../lib/config';

/** Who is calling, as the server decided from the session. */
export interface Caller {
  userId: string;
  email: string;
  isAdmin: boolean;
  sessionId: string;
}

export interface StoredSession extends Caller {
  /** Kept for RP-initiated logout at the identity provider; never sent to the browser. */
  idToken?: string;
  createdAt: string;
  expiresAt: number;
}

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
  idToken?: string;
}): Promise<{ cookieValue: string; expiresAt: number }> {
  const cookieValue = randomBytes(32).toString('base64url');
  const sessionId = hash(cookieValue);
  const expiresAt = Math.floor(Date.now() / 1000) + config().sessionTtlSeconds;
  const item: StoredSession & Record<string, unknown> = {
    ...keys.session(sessionId),
    userId: input.userId,
    email: input.email,
    isAdmin: input.isAdmin,
    sessionId,
    idToken: input.idToken,
    createdAt: new Date().toISOString(),
    expiresAt,
  };
  await db().send(new PutCommand({ TableName: tableName(), Item: item }));
  return { cookieValue, expiresAt };
}

/** Reads the session behind the request's cookie; expired or unknown sessions are no session. */
export async function findStoredSession(cookies: Record<string, string>): Promise<StoredSession | undefined> {
  const value = cookies[SESSION_COOKIE];
  if (!value || value.length > 200) return undefined;
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.session(hash(value)) }));
  if (!Item || (Item.expiresAt as number) <= Math.floor(Date.now() / 1000)) return undefined;
  return Item as StoredSession;
}

export async function findSession(cookies: Record<string, string>): Promise<Caller | undefined> {
  const s = await findStoredSession(cookies);
  return s && { userId: s.userId, email: s.email, isAdmin: s.isAdmin, sessionId: s.sessionId };
}

export async function deleteSession(sessionId: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.session(sessionId) }));
}

const secure = () => (config().publicUrl.startsWith('https://') ? '; Secure' : '');

export function sessionCookie(cookieValue: string, maxAgeSeconds: number): string {
  return `${SESSION_COOKIE}=${cookieValue}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure()}`;
}

export function clearedSessionCookie(): string {
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure()}`;
}
