import useSWRInfinite from 'swr/infinite';
import { contract } from '@shared/contract';
import { casePageSchema, type CasePage, type CaseListOutcome, type CaseListTab } from '@shared/schemas/case-list';
import { apiPath, fetcher } from '@/lib/api-client';

/** What the cases list asks the server for (issue 26); empty fields are left out of the query. */
export interface CaseListFilters {
  status: CaseListTab;
  host: string;
  outcome: CaseListOutcome | '';
  from: string;
  to: string;
  q: string;
}

export const CASE_PAGE_SIZE = 25;

function queryOf(filters: CaseListFilters, cursor?: string): Record<string, string> {
  const query: Record<string, string> = { limit: String(CASE_PAGE_SIZE) };
  for (const [k, v] of Object.entries(filters)) if (v && !(k === 'status' && v === 'all')) query[k] = v.trim();
  if (cursor) query.cursor = cursor;
  return query;
}

/** `GET /api/user/me/cases?...`: one page of the creator's cases. */
export async function getCasePage(path: string): Promise<CasePage> {
  return casePageSchema.parse(await fetcher(path));
}

/** The key of page `index`: the first page, then each page after the previous one's cursor; null ends the list. */
export function casePageKey(filters: CaseListFilters, index: number, previous: CasePage | null): string | null {
  if (index > 0 && !previous?.next) return null;
  return apiPath(contract.listCasePage, { params: { id: 'me' }, query: queryOf(filters, index > 0 ? previous!.next! : undefined) as never });
}

/** Submission states a notice passes through within seconds (the list is read again while one is there). */
const SENDING: readonly string[] = ['queued', 'finding-contact', 'sending'];
const SENDING_POLL_MS = 3000;

/**
 * The pages of cases loaded so far for `filters`, newest first; `loadMore` asks the server for the next page. Read
 * again every few seconds while a loaded case's notice is being sent.
 */
export function useCasePages(filters: CaseListFilters) {
  const swr = useSWRInfinite<CasePage>((index, previous: CasePage | null) => casePageKey(filters, index, previous), getCasePage, {
    revalidateOnMount: true,
    refreshInterval: (pages?: CasePage[]) => (pages?.some((p) => p.cases.some((c) => !!c.submission && SENDING.includes(c.submission.state))) ? SENDING_POLL_MS : 0),
  });
  const pages = swr.data ?? [];
  const cases = pages.flatMap((p) => p.cases);
  const hasMore = Boolean(pages.at(-1)?.next);
  const loadingMore = swr.isValidating && pages.length < swr.size;
  return { ...swr, cases, hasMore, loadingMore, loadMore: () => swr.setSize(swr.size + 1) };
}
