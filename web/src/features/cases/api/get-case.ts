import useSWR, { mutate } from 'swr';
import { caseSchema, type DmcaCase } from '@shared/schemas/cases';
import { api, apiPath } from '@/lib/api-client';
import { contract } from '@shared/contract';

/** `GET /api/dmca/{id}`: one of the creator's cases. */
export const caseKey = (id: string) => apiPath(contract.getCase, { params: { id } });

/** Reads one case. */
export async function getCase(id: string): Promise<DmcaCase> {
  return caseSchema.parse(await api(contract.getCase, { params: { id } }));
}

/** One case, read afresh when the page opens (its status moves on the server); `undefined` reads nothing. */
export function useCase(id: string | undefined) {
  return useSWR(id ? caseKey(id) : null, () => getCase(id!), { revalidateOnMount: true });
}

/** Reloads one case wherever it is shown (after its submission started or failed to). */
export function invalidateCase(id: string): Promise<unknown> {
  return mutate(caseKey(id));
}
