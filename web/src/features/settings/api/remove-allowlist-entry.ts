import useSWRMutation from 'swr/mutation';
import type { AllowlistEntry } from '@shared/schemas/allowlist';
import { api } from '@/lib/api-client';
import { ALLOWLIST_KEY } from '@/lib/allowlist/get-allowlist';
import { contract } from '@shared/contract';

/** Removes an entry: `DELETE /api/allowlist/{id}`. */
export async function removeAllowlistEntry(id: string): Promise<void> {
  await api(contract.removeAllowlist, { params: { id } });
}

/** The remove mutation: the entry leaves the cached list once the server confirms. */
export function useRemoveAllowlistEntry() {
  return useSWRMutation(
    ALLOWLIST_KEY,
    async (_key: string, { arg }: { arg: AllowlistEntry }) => {
      await removeAllowlistEntry(arg.id);
      return arg.id;
    },
    {
      populateCache: (removedId: string, list: AllowlistEntry[] | undefined) => (list ?? []).filter((e) => e.id !== removedId),
      revalidate: false,
      throwOnError: true,
    },
  );
}
