import { ulid } from 'ulid';
import { recordPlatformEvent } from './platform/activity';
import { assertRegistrationsOpen } from './platform/maintenance';
import type { CurrentUser } from '../../shared/schemas/user';
import { USER_COUNTERS, bump } from '../store/entities/counter';
import * as profiles from '../store/entities/profile';
import type { Profile } from '../store/entities/profile';

/** A user's profile as stored (without the table's key attributes). */
export type UserProfile = Profile;

/** The ID token claims this service reads (Cognito names; the local IdP issues the same). */
export interface IdentityClaims {
  iss: string;
  sub: string;
  email?: string;
  given_name?: string;
  family_name?: string;
  picture?: string;
}


/** Reads a user's profile; undefined when there is none. */
export function getUser(id: string): Promise<UserProfile | undefined> {
  return profiles.get(id);
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
  const at = now.toISOString();

  const known = await profiles.getIdentity(claims.iss, claims.sub);
  let userId = known?.userId;
  // An identity mapped before identities were listed under their user gets its listing (account erasure finds it).
  if (known) await profiles.listIdentity(known);
  if (!userId) {
    // A new account: refused while maintenance mode is on (issue 26).
    await assertRegistrationsOpen();
    const candidate = ulid(now.getTime());
    if (await profiles.claimIdentity({ issuer: claims.iss, subject: claims.sub, userId: candidate, createdAt: at })) userId = candidate;
    else userId = (await profiles.getIdentity(claims.iss, claims.sub, { consistent: true }))!.userId;
  }

  // Also covers a first sign-in that stopped between the two writes: the next one completes it.
  const existing = await getUser(userId);
  if (existing) {
    if (!(await profiles.recordSignIn(userId, at))) throw new Error(`user ${userId}: profile gone during sign-in`);
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
  if (!(await profiles.create(profile))) {
    // A concurrent sign-in created it a moment ago; theirs is the one that counts.
    return (await profiles.get(userId, { consistent: true }))!;
  }
  await countSignUp(at);
  return profile;
}

/** Atomic ADDs, so the admin dashboard reads two items instead of counting users. */
async function countSignUp(at: string): Promise<void> {
  await Promise.all([
    bump(USER_COUNTERS.total),
    bump(USER_COUNTERS.monthlySignups, 1, { total: false, monthly: true, at, label: 'month' }),
    recordPlatformEvent('signup', 'A creator signed up (free trial)', at),
  ]);
}

/** The `GET /api/auth/user` view of a profile; `isAdmin` comes from the session, never from the profile. */
export function toCurrentUser(user: UserProfile, isAdmin: boolean, isAgent = false): CurrentUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName ?? null,
    lastName: user.lastName ?? null,
    profileImageUrl: user.profileImageUrl ?? null,
    subscriptionPlan: user.subscriptionPlan ?? 'trial',
    subscriptionStatus: user.subscriptionStatus ?? 'active',
    isAdmin,
    ...(isAgent ? { isAgent } : {}),
  };
}
