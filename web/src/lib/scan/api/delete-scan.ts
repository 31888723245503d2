import { mutate } from 'swr';
import { contract } from '@shared/contract';
import { api } from '@/lib/api-client';
import { forgetUserResults } from '@/lib/results/get-user-results';
import { forgetUserStats } from '@/lib/results/get-user-stats';
import { LATEST_SCAN_KEY } from './get-latest-scan';
import { scanKey } from './get-scan';
import { scanResultsKey } from './get-scan-results';

/**
 * Deletes a finished scan with its results and files: `DELETE /api/search/{id}` (issue 27). Then the scan and its
 * results are dropped from the cache (not read again: they are gone), and the creator's lists, stats and newest
 * scan are read afresh where they show next (library files are not the scan's: they stay).
 * @throws {ApiError} when the server refuses it: 409 `SCAN_RUNNING`, `MONITOR_SCAN` or `SEARCH_HAS_CASES`, with
 *   the reason in words; 404 when the scan is not the caller's.
 */
export async function deleteScan(id: string): Promise<void> {
  await api(contract.deleteSearch, { params: { id } });
  await Promise.all([
    mutate(scanKey(id), undefined, { revalidate: false }),
    mutate(scanResultsKey(id), undefined, { revalidate: false }),
    mutate(LATEST_SCAN_KEY),
    forgetUserResults(),
    forgetUserStats(),
  ]);
}
