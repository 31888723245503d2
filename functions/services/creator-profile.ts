import type { CreatorSettings, CreatorUser } from '../../shared/schemas/creator';
import { NotFoundError } from '../lib/errors';
import { writeCreatorFields } from './profile-store';
import { getUser, type UserProfile } from './users';

/**
 * The creator identity kept on the user's profile item (`USER#id / PROFILE`): contentCreatorName, Email,
 * Phone and Address (PRODUCT.md section 3). Kept on file only: the notice builders never receive these values
 * (see functions/services/notices/notice-input.ts, which also redacts them from free text).
 */

/** The creator fields as stored on the profile item (absent until the settings are first saved). */
export interface CreatorFields {
  contentCreatorName?: string;
  contentCreatorEmail?: string;
  contentCreatorPhone?: string | null;
  contentCreatorAddress?: string;
  contentCreatorUpdatedAt?: string;
}

export type ProfileWithCreator = UserProfile & CreatorFields & { discountPercent?: number };

/** The `GET /api/user/{id}` view: the user, the creator fields (null until saved) and the form fallbacks. */
export function toCreatorUser(user: ProfileWithCreator): CreatorUser {
  const fullName = [user.firstName, user.lastName].filter((s) => s && s.trim()).join(' ') || null;
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName ?? null,
    lastName: user.lastName ?? null,
    profileImageUrl: user.profileImageUrl ?? null,
    subscriptionPlan: user.subscriptionPlan ?? 'trial',
    subscriptionStatus: user.subscriptionStatus ?? 'active',
    fullName,
    phone: null,
    address: null,
    contentCreatorName: user.contentCreatorName ?? null,
    contentCreatorEmail: user.contentCreatorEmail ?? null,
    contentCreatorPhone: user.contentCreatorPhone ?? null,
    contentCreatorAddress: user.contentCreatorAddress ?? null,
    contentCreatorUpdatedAt: user.contentCreatorUpdatedAt ?? null,
  };
}

/** Reads a user with their creator fields; NotFoundError when the user has no profile. */
export async function getCreatorUser(userId: string): Promise<CreatorUser> {
  const user = (await getUser(userId)) as ProfileWithCreator | undefined;
  if (!user) throw new NotFoundError('User');
  return toCreatorUser(user);
}

/** The stored creator fields of a user (empty when none were saved or there is no profile). */
export async function getCreatorFields(userId: string): Promise<CreatorFields> {
  const user = (await getUser(userId)) as ProfileWithCreator | undefined;
  if (!user) return {};
  const { contentCreatorName, contentCreatorEmail, contentCreatorPhone, contentCreatorAddress } = user;
  return { contentCreatorName, contentCreatorEmail, contentCreatorPhone, contentCreatorAddress };
}

/**
 * Saves the creator fields on the existing profile (one UpdateItem, only when the profile exists, so a
 * deleted or never-created user is a 404 and no half profile is written). Returns the updated user.
 */
export async function updateCreatorFields(userId: string, values: CreatorSettings, now = new Date()): Promise<CreatorUser> {
  const updated = await writeCreatorFields(userId, values, now.toISOString());
  if (!updated) throw new NotFoundError('User');
  return toCreatorUser(updated as unknown as ProfileWithCreator);
}
