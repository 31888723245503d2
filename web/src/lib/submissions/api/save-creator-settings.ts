import { contract } from '@shared/contract';
import { creatorUserSchema, type CreatorSettingsInput } from '@shared/schemas/creator';
import { api } from '@/lib/api-client';
import { replaceCreatorUser } from './get-creator-user';

/**
 * Saves the Content Creator settings: `PUT /api/user/me/content-creator`. The answer (the updated user) replaces
 * the cached details; an answer of another shape just reloads them.
 * @throws {ApiError} when the server refuses the values.
 */
export async function saveCreatorSettings(values: CreatorSettingsInput): Promise<void> {
  const answer = await api(contract.putContentCreator, { params: { id: 'me' }, body: values });
  const parsed = creatorUserSchema.safeParse(answer);
  await replaceCreatorUser(parsed.success ? parsed.data : undefined);
}
