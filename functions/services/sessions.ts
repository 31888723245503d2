import { createHash, randomBytes } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../store/table';
import { keys } from '../store/keys';
import { GSIS } from '../store/table';
import { identityStatus } from '../adapters/identity/directory';
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
  /** The user pool's username (`cognito:username`): admin rights and the enabled flag are re-checked with it. */
  idpUsername?: string;
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
  idpUsername?: string;
}): Promise<{ cookieValue: string; expiresAt: number }> {
  const cookieValue = randomBytes(32).toString('base64url');
  const sessionId = hash(cookieValue);
  const expiresAt = Math.floor(Date.now() / 1000) + config().sessionTtlSeconds;
  const createdAt = new Date().toISOString();
  const item: StoredSession & Record<string, unknown> = {
    ...keys.session(sessionId),
    // Listed under the user, so "sign out of all devices" and a disabled account can end every one.
    ...keys.ownedBy(input.userId, SESSION_TYPE, `${createdAt}#${sessionId}`),
    userId: input.userId,
    email: input.email,
    isAdmin: input.isAdmin,
    sessionId,
    idToken: input.idToken,
    idpUsername: input.idpUsername,
    createdAt,
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

/**
 * The caller behind the request's cookie. With a user pool configured, the account's state is taken from the
 * identity provider, at most a minute old (adapters/identity/directory.ts): admin rights are the pool's groups
 * now, not those of the sign-in, and a disabled or deleted account has all its sessions ended here.
 */
export async function findSession(cookies: Record<string, string>): Promise<Caller | undefined> {
  const s = await findStoredSession(cookies);
  if (!s) return undefined;
  let isAdmin = s.isAdmin;
  const status = s.idpUsername ? await identityStatus(s.idpUsername) : undefined;
  if (status) {
    if (!status.enabled) {
      await deleteUserSessions(s.userId);
      return undefined;
    }
    isAdmin = status.groups.includes(config().adminGroup);
  } else if (config().cognitoUserPoolId) {
    // A session from before usernames were kept cannot be re-checked: no admin rights on it.
    isAdmin = false;
  }
  return { userId: s.userId, email: s.email, isAdmin, sessionId: s.sessionId };
}

export async function deleteSession(sessionId: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.session(sessionId) }));
}

const SESSION_TYPE = 'SESSION';

/** Ends every session of a user (sign out of all devices; a disabled account). Returns how many ended. */
export async function deleteUserSessions(userId: string): Promise<number> {
  const gsi1 = GSIS[0];
  let ended = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: gsi1.indexName,
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': gsi1.partitionKey },
        ExpressionAttributeValues: { ':pk': keys.ownedByPartition(userId, SESSION_TYPE) },
        ProjectionExpression: 'sessionId',
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) {
      await deleteSession(item.sessionId as string);
      ended += 1;
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return ended;
}

const secure = () => (config().publicUrl.startsWith('https://') ? '; Secure' : '');

export function sessionCookie(cookieValue: string, maxAgeSeconds: number): string {
  return `${SESSION_COOKIE}=${cookieValue}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure()}`;
}

export function clearedSessionCookie(): string {
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure()}`;
}
