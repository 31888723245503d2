import useSWR, { mutate } from 'swr';
import { contract } from '@shared/contract';
import { monitorDetailSchema, monitorListSchema, type Monitor, type MonitorDetail } from '@shared/schemas/monitor';
import { api, apiPath } from '@/lib/api-client';

/*
 * The creator's monitors (issue 11), shared by the Monitoring screens and the Settings alert tab (features may not
 * import one another): the list and one monitor with its runs. Paths and replies come from the contract rows.
 */

/** `GET /api/user/me/monitors`: the creator's monitors, newest first. */
export const MONITORS_KEY = apiPath(contract.listMonitors, { params: { id: 'me' } });
/** `GET /api/monitors/{id}`: one monitor with its last 20 runs. */
export const monitorKey = (id: string) => apiPath(contract.getMonitor, { params: { id } });

/** Reads the creator's monitors. */
export async function getMonitors(): Promise<Monitor[]> {
  return monitorListSchema.parse(await api(contract.listMonitors, { params: { id: 'me' } }));
}

export function useMonitors() {
  return useSWR(MONITORS_KEY, getMonitors);
}

/** Reads one monitor with its last 20 runs. */
export async function getMonitor(id: string): Promise<MonitorDetail> {
  return monitorDetailSchema.parse(await api(contract.getMonitor, { params: { id } }));
}

/** One monitor with its last 20 runs; polled every 5 s while a run is open so new counts appear. */
export function useMonitor(id: string | undefined) {
  return useSWR(id ? monitorKey(id) : null, () => getMonitor(id!), {
    refreshInterval: (latest) => (latest?.runs.some((r) => r.status === 'running' || r.status === 'pending') ? 5000 : 0),
    dedupingInterval: 0,
  });
}

/** Reloads the list of monitors wherever it is shown. */
export function invalidateMonitors(): Promise<unknown> {
  return mutate(MONITORS_KEY);
}

/** Reloads one monitor wherever it is shown. */
export function invalidateMonitor(id: string): Promise<unknown> {
  return mutate(monitorKey(id));
}
