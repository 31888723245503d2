import useSWR, { mutate } from 'swr';
import { allowlistListSchema, type AllowlistEntry } from '@shared/schemas/allowlist';
import { api, apiPath } from '@/lib/api-client';
import { contract } from '@shared/contract';

/*
 * The creator's allowlist: the Settings tab lists and edits it, the review queue adds to it ("allow this domain"),
 * so the resource lives in lib/ (features never import one another).
 */

/** `GET /api/user/me/allowlist`: the creator's allowlisted domains, newest first. */
export const ALLOWLIST_KEY = apiPath(contract.listAllowlist, { params: { id: 'me' } });

/** Reads the creator's allowlist. */
export async function getAllowlist(): Promise<AllowlistEntry[]> {
  return allowlistListSchema.parse(await api(contract.listAllowlist, { params: { id: 'me' } }));
}

/** The creator's allowlist. */
export function useAllowlist() {
  return useSWR(ALLOWLIST_KEY, getAllowlist);
}

/** Reloads the allowlist wherever it is shown (after a domain was added from another screen). */
export function invalidateAllowlist(): Promise<unknown> {
  return mutate(ALLOWLIST_KEY);
}
