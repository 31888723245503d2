import useSWR from 'swr';
import { searchResultSchema, type SearchResult } from '@shared/schemas/search';
import { api, apiPath } from '@/lib/api-client';
import { contract } from '@shared/contract';

/** `GET /api/search-result/{id}`: one of the creator's results, the violation a notice is about. */
export const searchResultKey = (id: string) => apiPath(contract.getResult, { params: { id } });

/** Reads one search result. */
export async function getSearchResult(id: string): Promise<SearchResult> {
  return searchResultSchema.parse(await api(contract.getResult, { params: { id } }));
}

/** One search result; pass `undefined` to read nothing. */
export function useSearchResult(id: string | undefined) {
  return useSWR(id ? searchResultKey(id) : null, () => getSearchResult(id!));
}
