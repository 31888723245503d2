import useSWR from 'swr';
import { contract } from '@shared/contract';
import { apiPath, fetcher } from '@/lib/api-client';

/** `GET /api/admin/financial-stats` (administrators only): the compact financial summary. */
export const FINANCIAL_STATS_KEY = apiPath(contract.financialStats);

/**
 * Reads the financial summary as the original Admin Dashboard tab did: a plain GET, its answer not shown
 * (PRODUCT.md section 7: "result not used"), so it is not parsed.
 */
export function useFinancialStats() {
  return useSWR(FINANCIAL_STATS_KEY, fetcher);
}
