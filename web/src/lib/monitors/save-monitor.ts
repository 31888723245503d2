import { contract } from '@shared/contract';
import { monitorRunStartedSchema, monitorSchema, type AlertMode, type Cadence, type Monitor, type MonitorUpdate } from '@shared/schemas/monitor';
import { api } from '@/lib/api-client';
import { buildScanFormData } from '@/lib/scan/scan-start';
import type { SourceSpec } from '@shared/schemas/sources';
import { invalidateMonitor, invalidateMonitors } from './get-monitors';
import { invalidateLibrary } from '@/lib/references/get-library';

/* The monitor writes (issue 11): each reloads the monitors it changed once the server answered. */

export interface NewMonitorValues {
  query: string;
  files: readonly Blob[];
  /** Files chosen from the reference library (issue 26). */
  libraryIds?: readonly string[];
  cadence: Cadence;
  alerts: AlertMode;
  name?: string;
  /** "Submit automatically" (paid plans) and the original URL its notices cite. */
  autoSubmit?: boolean;
  originalUrl?: string;
  /** Issue 25: sources its runs read directly. */
  sources?: readonly SourceSpec[];
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
  // The monitor's uploads joined the library, and its files are now in use.
  await Promise.all([invalidateMonitors(), invalidateLibrary()]);
  return created;
}

export async function updateMonitor(id: string, update: MonitorUpdate): Promise<Monitor> {
  const updated = monitorSchema.parse(await api(contract.updateMonitor, { params: { id }, body: update }));
  await Promise.all([invalidateMonitors(), invalidateMonitor(id)]);
  return updated;
}

export async function deleteMonitor(id: string): Promise<void> {
  await api(contract.deleteMonitor, { params: { id } });
  await Promise.all([invalidateMonitors(), invalidateLibrary()]);
}

/** Runs a monitor now; answers the run's search id. */
export async function runMonitorNow(id: string): Promise<string> {
  const started = monitorRunStartedSchema.parse(await api(contract.runMonitor, { params: { id } }));
  await Promise.all([invalidateMonitors(), invalidateMonitor(id)]);
  return started.searchId;
}
