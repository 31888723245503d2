import useSWR, { mutate } from 'swr';
import { contract } from '@shared/contract';
import {
  alertListSchema,
  monitorDetailSchema,
  monitorListSchema,
  monitorRunStartedSchema,
  monitorSchema,
  type AlertMode,
  type Cadence,
  type Monitor,
  type MonitorUpdate,
} from '@shared/schemas/monitor';
import { api, apiPath } from './api-client';
import { buildScanFormData } from './scan/scan-start';

/*
 * Monitor and alert calls (issue 11), shared by the Monitoring screens, the Settings alert tab and the bell in
 * the navigation bar (features may not import one another). Paths and replies come from the contract rows.
 */

export const MONITORS_KEY = apiPath(contract.listMonitors, { params: { id: 'me' } });
export const ALERTS_KEY = apiPath(contract.listAlerts, { params: { id: 'me' } });
export const monitorKey = (id: string) => apiPath(contract.getMonitor, { params: { id } });

export function useMonitors() {
  return useSWR(MONITORS_KEY, async () => monitorListSchema.parse(await api(contract.listMonitors, { params: { id: 'me' } })));
}

/** One monitor with its last 20 runs; polled every 5 s while a run is open so new counts appear. */
export function useMonitor(id: string | undefined) {
  return useSWR(id ? monitorKey(id) : null, async () => monitorDetailSchema.parse(await api(contract.getMonitor, { params: { id: id! } })), {
    refreshInterval: (latest) => (latest?.runs.some((r) => r.status === 'running' || r.status === 'pending') ? 5000 : 0),
    dedupingInterval: 0,
  });
}

export interface NewMonitorValues {
  query: string;
  files: readonly Blob[];
  cadence: Cadence;
  alerts: AlertMode;
  name?: string;
  /** "Submit automatically" (paid plans) and the original URL its notices cite. */
  autoSubmit?: boolean;
  originalUrl?: string;
}

/** `POST /api/monitors` (multipart: the scan form's fields plus the monitor's). */
export async function createMonitor(values: NewMonitorValues): Promise<Monitor> {
  const form = buildScanFormData(values);
  form.append('cadence', values.cadence);
  form.append('alerts', values.alerts);
  if (values.name?.trim()) form.append('name', values.name.trim());
  if (values.autoSubmit) {
    form.append('autoSubmit', 'true');
    form.append('originalUrl', values.originalUrl?.trim() ?? '');
  }
  const created = monitorSchema.parse(await api(contract.createMonitor, { body: form }));
  await mutate(MONITORS_KEY);
  return created;
}

export async function updateMonitor(id: string, update: MonitorUpdate): Promise<Monitor> {
  const updated = monitorSchema.parse(await api(contract.updateMonitor, { params: { id }, body: update }));
  await Promise.all([mutate(MONITORS_KEY), mutate(monitorKey(id))]);
  return updated;
}

export async function deleteMonitor(id: string): Promise<void> {
  await api(contract.deleteMonitor, { params: { id } });
  await mutate(MONITORS_KEY);
}

/** Runs a monitor now; answers the run's search id. */
export async function runMonitorNow(id: string): Promise<string> {
  const started = monitorRunStartedSchema.parse(await api(contract.runMonitor, { params: { id } }));
  await Promise.all([mutate(MONITORS_KEY), mutate(monitorKey(id))]);
  return started.searchId;
}

/** The bell's alerts, re-read every minute (a monitor may finish a run at any time). */
export function useAlerts() {
  return useSWR(ALERTS_KEY, async () => alertListSchema.parse(await api(contract.listAlerts, { params: { id: 'me' } })), { refreshInterval: 60_000 });
}

export async function markAlertsRead(ids?: string[]): Promise<void> {
  await api(contract.readAlerts, { params: { id: 'me' }, body: ids ? { ids } : {} });
  await mutate(ALERTS_KEY);
}
