import useSWRInfinite from 'swr/infinite';
import { managedUserListSchema, NEXT_CURSOR_HEADER, type ManagedUser } from '@shared/schemas/admin';
import { ApiError, apiPath } from '@/lib/api-client';
import { contract } from '@shared/contract';

/** `GET /api/admin/user-management`: one page of users; the next page's cursor comes in a response header. */
export const USER_MANAGEMENT_PATH = apiPath(contract.userManagement);

export interface ManagedUserPage {
  users: ManagedUser[];
  nextCursor: string | null;
}

/**
 * Reads one page. The shared `api` client returns bodies only, and this call's cursor is a header, so it reads
 * the response itself, with the client's credentials and error rules.
 * @throws {ApiError} on any non-ok response (403 for a non-admin).
 */
export async function getManagedUserPage(path: string): Promise<ManagedUserPage> {
  const response = await fetch(path, { credentials: 'include', headers: { Accept: 'application/json' } });
  if (!response.ok) {
    throw new ApiError(response.status, response.statusText, await response.text().catch(() => ''));
  }
  const users = managedUserListSchema.parse(await response.json());
  return { users, nextCursor: response.headers.get(NEXT_CURSOR_HEADER) || null };
}

/** The key of page `index`: the first page, then each page after the previous one's cursor; null ends the list. */
export function userPageKey(index: number, previous: ManagedUserPage | null): string | null {
  if (index === 0) return USER_MANAGEMENT_PATH;
  if (!previous?.nextCursor) return null;
  return apiPath(contract.userManagement, { query: { cursor: previous.nextCursor } });
}

/**
 * Every user page loaded so far. `loadMore` fetches the next page; `mutate` reloads them all (after a discount
 * change). Disabled (no request) unless `enabled`.
 */
export function useManagedUsers(enabled: boolean) {
  const swr = useSWRInfinite<ManagedUserPage>((index, previous: ManagedUserPage | null) => (enabled ? userPageKey(index, previous) : null), getManagedUserPage, {
    revalidateFirstPage: false,
  });
  const pages = swr.data ?? [];
  const users = pages.flatMap((p) => p.users);
  const hasMore = Boolean(pages.at(-1)?.nextCursor);
  const loadingMore = swr.isValidating && pages.length < swr.size;
  return { ...swr, users, hasMore, loadingMore, loadMore: () => swr.setSize(swr.size + 1) };
}
