import useSWR from 'swr';
import { searchResultSchema, type SearchResult } from '@shared/schemas/search';
import { api } from '@/lib/api-client';

/** `GET /api/search-result/{id}`: one of the creator's results, the violation a notice is about. */
export const searchResultKey = (id: string) => `/api/search-result/${encodeURIComponent(id)}`;

/** Reads one search result. */
export async function getSearchResult(id: string): Promise<SearchResult> {
  return searchResultSchema.parse(await api.get<unknown>(searchResultKey(id)));
}

/** One search result; pass `undefined` to read nothing. */
export function useSearchResult(id: string | undefined) {
  return useSWR(id ? searchResultKey(id) : null, () => getSearchResult(id!));
}
