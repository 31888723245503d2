import type { Alert } from '../../../shared/schemas/monitor';
import * as alertStore from '../../store/entities/alert';
import type { AlertRecord } from '../../store/entities/alert';

/*
 * The notification bell's reads. Apart from alerts.ts, which raises and mails alerts, so that the monitors API
 * (which only lists and marks them) does not carry the mail composer (bench:lambda's budget).
 */

/** The bell shows the newest alerts; older ones stay in the table (TTL 180 days). */
const BELL_LIMIT = 50;

/** The API shape: without the owner, the mail state and `alertMode` (the setting it was raised in: only `daily` alerts wait for a digest). */
const toAlertDto = ({ userId: _u, mailed: _m, alertMode: _a, ...a }: AlertRecord): Alert => a;

/** A user's newest alerts, as stored. */
export function listAlertItems(userId: string): Promise<AlertRecord[]> {
  return alertStore.listByOwner(userId, BELL_LIMIT);
}

/** The bell: the newest alerts and how many are unread. */
export async function listAlerts(userId: string): Promise<{ unread: number; alerts: Alert[] }> {
  const alerts = await listAlertItems(userId);
  return { unread: alerts.filter((a) => !a.read).length, alerts: alerts.map(toAlertDto) };
}

/** Marks the given alerts (or all listed) read; ids of other users' alerts are ignored. */
export async function markAlertsRead(userId: string, ids?: string[]): Promise<number> {
  const targets = ids ?? (await listAlertItems(userId)).filter((a) => !a.read).map((a) => a.id);
  let changed = 0;
  for (const id of targets) if (await alertStore.markRead(userId, id)) changed += 1;
  return changed;
}
