import useSWR, { mutate } from 'swr';
import { contract } from '@shared/contract';
import { creatorUserSchema, type CreatorUser } from '@shared/schemas/creator';
import { api, apiPath } from '@/lib/api-client';

/*
 * The creator's details (`GET /api/user/me`, with their fallbacks): the Settings page's creator form edits them,
 * the case form starts from them. Calls use `me`, never a fixed user id.
 */

/** `GET /api/user/me`: the creator's details with their fallbacks. */
export const CREATOR_USER_KEY = apiPath(contract.getUser, { params: { id: 'me' } });

/** Reads the creator's details. */
export async function getCreatorUser(): Promise<CreatorUser> {
  return creatorUserSchema.parse(await api(contract.getUser, { params: { id: 'me' } }));
}

/** The creator's details (`GET /api/user/me`). */
export function useCreatorUser() {
  return useSWR(CREATOR_USER_KEY, getCreatorUser);
}

/** Puts `user` in the cache as the creator's details without reading them; without one, reloads them. */
export function replaceCreatorUser(user: CreatorUser | undefined): Promise<unknown> {
  return mutate(CREATOR_USER_KEY, user, { revalidate: !user });
}
