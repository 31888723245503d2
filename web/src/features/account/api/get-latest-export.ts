import useSWR from 'swr';
import { latestExportSchema, type AccountExport } from '@shared/schemas/account-data';
import { api, apiPath } from '@/lib/api-client';
import { contract } from '@shared/contract';

/** `GET /api/user/me/export`: the newest data export job, with a fresh download link once it is ready. */
export const LATEST_EXPORT_KEY = apiPath(contract.latestExport, { params: { id: 'me' } });

export async function getLatestExport(): Promise<AccountExport | null> {
  return latestExportSchema.parse(await api(contract.latestExport, { params: { id: 'me' } })).export;
}

/** How often the page asks while an export is queued or being built. */
const BUILDING_POLL_MS = 2000;
const underWay = (job?: AccountExport | null) => job?.status === 'queued' || job?.status === 'building';

/** The newest export; polled while one is under way, so the link appears when the archive is ready. */
export function useLatestExport() {
  return useSWR(LATEST_EXPORT_KEY, getLatestExport, { refreshInterval: (job?: AccountExport | null) => (underWay(job) ? BUILDING_POLL_MS : 0), dedupingInterval: 0 });
}
