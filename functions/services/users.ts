import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import type { CurrentUser, PlanId } from '../../shared/schemas/user';
import { db, tableName } from '../store/table';
import { keys } from '../store/keys';
import { USER_COUNTERS, bump } from '../store/entities/counter';
import { INDEX_KEY_ATTRIBUTES } from '../store/table';
import { createProfileItem, readProfileItem, writeLastSignIn } from './profile-store';

/** A user's profile as stored (without the table's key attributes). */
export interface UserProfile {
  id: string;
  /** The owner of the item: every item stores its owner's user id (ARCHITECTURE.md, "Data"). */
  userId: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  subscriptionPlan: PlanId;
  subscriptionStatus: string;
  createdAt: string;
  lastSignInAt?: string;
}

/** The ID token claims this service reads (Cognito names; the local IdP issues the same). */
export interface IdentityClaims {
  iss: string;
  sub: string;
  email?: string;
  given_name?: string;
  family_name?: string;
  picture?: string;
}

const KEY_ATTRIBUTES = [...INDEX_KEY_ATTRIBUTES, 'type'];

function stripKeys(item: Record<string, unknown>): UserProfile {
  const out: Record<string, unknown> = { ...item };
  for (const k of KEY_ATTRIBUTES) delete out[k];
  return out as unknown as UserProfile;
}

const isConditionFailure = (err: unknown) =>
  err instanceof ConditionalCheckFailedException || (err as Error)?.name === 'ConditionalCheckFailedException';

/** Reads a user's profile; undefined when there is none. */
export async function getUser(id: string): Promise<UserProfile | undefined> {
  const Item = await readProfileItem(id);
  return Item ? stripKeys(Item) : undefined;
}

/**
 * Finds the user behind an identity provider subject, creating the user on first sign-in.
 *
 * Concurrent first sign-ins of one person create exactly one user: the identity mapping is written with a
 * conditional put (the first writer's user id wins, the others read it back), and the profile is written
 * with a conditional put as well, so whichever request gets there first creates it and counts the sign-up
 * once. Nothing needs a transaction, so dynalite runs the same code as DynamoDB.
 */
export async function getOrCreateUserFromClaims(claims: IdentityClaims, now = new Date()): Promise<UserProfile> {
  if (!claims.iss || !claims.sub) throw new Error('identity claims need iss and sub');
  if (!claims.email) throw new Error('identity claims carry no email');
  const identityKey = keys.identity(claims.iss, claims.sub);
  const at = now.toISOString();

  const { Item: identity } = await db().send(new GetCommand({ TableName: tableName(), Key: identityKey }));
  let userId = identity?.userId as string | undefined;
  if (!userId) {
    const candidate = ulid(now.getTime());
    try {
      await db().send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...identityKey, type: 'IDENTITY', userId: candidate, issuer: claims.iss, subject: claims.sub, createdAt: at },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
      userId = candidate;
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
      const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: identityKey, ConsistentRead: true }));
      userId = Item!.userId as string;
    }
  }

  // Also covers a first sign-in that stopped between the two writes: the next one completes it.
  const existing = await getUser(userId);
  if (existing) {
    await writeLastSignIn(userId, at);
    return { ...existing, lastSignInAt: at };
  }
  return createProfile(userId, claims, at);
}

async function createProfile(userId: string, claims: IdentityClaims, at: string): Promise<UserProfile> {
  const profile: UserProfile = {
    id: userId,
    userId,
    email: claims.email!,
    firstName: claims.given_name || null,
    lastName: claims.family_name || null,
    profileImageUrl: claims.picture || null,
    subscriptionPlan: 'trial',
    subscriptionStatus: 'active',
    createdAt: at,
    lastSignInAt: at,
  };
  if (!(await createProfileItem(userId, at, { ...profile }))) {
    // A concurrent sign-in created it a moment ago; theirs is the one that counts.
    return stripKeys((await readProfileItem(userId, { consistent: true }))!);
  }
  await countSignUp(at);
  return profile;
}

/** Atomic ADDs, so the admin dashboard reads two items instead of counting users. */
async function countSignUp(at: string): Promise<void> {
  await Promise.all([
    bump(USER_COUNTERS.total),
    bump(USER_COUNTERS.monthlySignups, 1, { total: false, monthly: true, at, label: 'month' }),
  ]);
}

/** The `GET /api/auth/user` view of a profile; `isAdmin` comes from the session, never from the profile. */
export function toCurrentUser(user: UserProfile, isAdmin: boolean): CurrentUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName ?? null,
    lastName: user.lastName ?? null,
    profileImageUrl: user.profileImageUrl ?? null,
    subscriptionPlan: user.subscriptionPlan ?? 'trial',
    subscriptionStatus: user.subscriptionStatus ?? 'active',
    isAdmin,
  };
}
