import type { SWRConfiguration } from 'swr';
import { fetcher } from './api-client';

/**
 * SWR settings of PRODUCT.md section 9: no refetch interval, no refetch on focus or reconnect, data never goes stale
 * (a mounted screen reuses cached data instead of refetching) and no retries. Data changes only when code calls
 * `mutate`. The dedupe window is long but stays below setTimeout's 2^31 ms limit (SWR arms a timer with it).
 */
export const swrConfig: SWRConfiguration = {
  fetcher,
  refreshInterval: 0,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  revalidateIfStale: false,
  dedupingInterval: 60 * 60 * 1000,
  shouldRetryOnError: false,
  errorRetryCount: 0,
};
