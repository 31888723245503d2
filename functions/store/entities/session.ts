import * as z from 'zod';
import { keys } from '../keys';
import { GSI1, deleteItem, getItem, putItem, query, type Item } from '../table';

/**
 * A server-side session (`SESSION#<sha256 of the cookie>`; the cookie value itself is never stored), also listed
 * under its user on gsi1 (`USER#id#SESSION`, by creation time) so "sign out of all devices" and a disabled
 * account can end every one. `expiresAt` is the TTL attribute, checked on read because dynalite never expires.
 */
export const SESSION = 'SESSION';

/** Version 1; items written before versions were stored have none and read as 1. */
const sessionSchema = z.object({
  v: z.literal(1).default(1),
  /** The SHA-256 of the cookie value (the item's key). */
  sessionId: z.string(),
  userId: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
  /** In the agent group at sign-in (issue 23); absent on sessions from before. */
  isAgent: z.boolean().optional(),
  /** Kept for RP-initiated logout at the identity provider; never sent to the browser. */
  idToken: z.string().optional(),
  /** The user pool's username (`cognito:username`): admin rights and the enabled flag are re-checked with it. */
  idpUsername: z.string().optional(),
  createdAt: z.string(),
  /** Epoch seconds. */
  expiresAt: z.number(),
});
export type SessionRecord = Omit<z.infer<typeof sessionSchema>, 'v'>;

export function toItem(session: SessionRecord): Item {
  return {
    ...keys.session(session.sessionId),
    ...keys.ownedBy(session.userId, SESSION, `${session.createdAt}#${session.sessionId}`),
    v: 1,
    ...session,
  };
}

export function fromItem(item: Item): SessionRecord {
  const { v: _v, ...session } = sessionSchema.parse(item);
  return session;
}

/** Stores a new session. */
export async function put(session: SessionRecord): Promise<void> {
  await putItem(toItem(session));
}

/**
 * The session by its id, unless it expired by `nowSeconds` (an expired one is no session, whether or not the
 * TTL has removed it yet). Eventually consistent: every request reads it, and a session is read long after it
 * was written.
 */
export async function getLive(sessionId: string, nowSeconds: number): Promise<SessionRecord | undefined> {
  const item = await getItem(keys.session(sessionId), { consistent: false });
  if (!item || Number(item.expiresAt) <= nowSeconds) return undefined;
  return fromItem(item);
}

export async function remove(sessionId: string): Promise<void> {
  await deleteItem(keys.session(sessionId));
}

/** The ids of every session of a user, expired ones included. */
export async function idsByOwner(userId: string): Promise<string[]> {
  const items = await query({ index: GSI1.indexName, partition: keys.ownedByPartition(userId, SESSION), attributes: ['sessionId'] });
  return items.map((item) => String(item.sessionId));
}
