import useSWRMutation from 'swr/mutation';
import { allowlistEntrySchema, type AllowlistCreate, type AllowlistEntry } from '@shared/schemas/allowlist';
import { api } from '@/lib/api-client';
import { ALLOWLIST_KEY } from '@/lib/allowlist/get-allowlist';
import { contract } from '@shared/contract';

/**
 * Adds a domain: `POST /api/user/me/allowlist` with `{domain, reason, notes?}`.
 * @throws {ApiError} 409 when the domain is already listed, 400 when the input is refused.
 */
export async function addAllowlistEntry(entry: AllowlistCreate): Promise<AllowlistEntry> {
  return allowlistEntrySchema.parse(await api(contract.addAllowlist, { params: { id: 'me' }, body: entry }));
}

/** The add mutation: the new entry goes to the top of the cached list (the list is newest first). */
export function useAddAllowlistEntry() {
  return useSWRMutation(ALLOWLIST_KEY, (_key: string, { arg }: { arg: AllowlistCreate }) => addAllowlistEntry(arg), {
    populateCache: (added: AllowlistEntry, list: AllowlistEntry[] | undefined) => [added, ...(list ?? []).filter((e) => e.id !== added.id)],
    revalidate: false,
    throwOnError: true,
  });
}
