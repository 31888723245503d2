import useSWR from 'swr';
import { caseSchema, type DmcaCase } from '@shared/schemas/dmca';
import { api } from '@/lib/api-client';

/** `GET /api/dmca/{id}`: one of the creator's cases. */
export const caseKey = (id: string) => `/api/dmca/${encodeURIComponent(id)}`;

/** Reads one case. */
export async function getCase(id: string): Promise<DmcaCase> {
  return caseSchema.parse(await api.get<unknown>(caseKey(id)));
}

/** One case, read afresh when the page opens (its status moves on the server); `undefined` reads nothing. */
export function useCase(id: string | undefined) {
  return useSWR(id ? caseKey(id) : null, () => getCase(id!), { revalidateOnMount: true });
}
