import useSWR, { mutate } from 'swr';
import { contract } from '@shared/contract';
import { alertListSchema } from '@shared/schemas/monitor';
import { api, apiPath } from '@/lib/api-client';

/* The monitors' alerts (issue 11): the notification bell of the navigation bar reads and clears them. */

/** `GET /api/user/me/alerts`: the newest alerts and the unread count. */
export const ALERTS_KEY = apiPath(contract.listAlerts, { params: { id: 'me' } });

/** Reads the creator's alerts. */
export async function getAlerts() {
  return alertListSchema.parse(await api(contract.listAlerts, { params: { id: 'me' } }));
}

/** The bell's alerts, re-read every minute (a monitor may finish a run at any time). */
export function useAlerts() {
  return useSWR(ALERTS_KEY, getAlerts, { refreshInterval: 60_000 });
}

/** Reloads the alerts wherever they are shown. */
export function invalidateAlerts(): Promise<unknown> {
  return mutate(ALERTS_KEY);
}
