import type { ReportSchedule } from '../../../shared/schemas/report';
import * as settings from '../../store/entities/setting';
import { live } from '../../lib/config';

/*
 * The monthly platform report's schedule: one setting item that the admin's Schedule Report button turns on or
 * off and the monthly job (functions/jobs/monthly-report.ts) reads before it sends. The job itself
 * runs every month either way (one EventBridge rule, no schedule to create or delete), so turning it on or off is
 * one Put and cannot leave a rule behind. Kept apart from send-report.ts so the admin area does not bundle pdfmake.
 */

const SETTING = 'report-schedule';

/** When the monthly job next runs after `now`: 06:00 UTC on the 1st (today, if it is the 1st before 06:00). */
export function nextMonthlySend(now: Date): string {
  const thisMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1, 6);
  return new Date(now.getTime() < thisMonth ? thisMonth : Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 6)).toISOString();
}

/** The schedule as stored (off when never set), with the next send and the configured recipients. */
export async function getReportSchedule(now = new Date()): Promise<ReportSchedule> {
  const stored = await settings.get(SETTING);
  return view(stored?.enabled === true, stored?.updatedAt ?? null, now);
}

/** Turns the monthly e-mail on or off; `adminId` is kept with the change (who scheduled it). */
export async function setReportSchedule(enabled: boolean, adminId: string, now = new Date()): Promise<ReportSchedule> {
  const updatedAt = now.toISOString();
  await settings.put(SETTING, { enabled, updatedAt, updatedBy: adminId });
  return view(enabled, updatedAt, now);
}

function view(enabled: boolean, updatedAt: string | null, now: Date): ReportSchedule {
  return { enabled, nextSendAt: enabled ? nextMonthlySend(now) : null, recipients: live.reportRecipients(), updatedAt };
}
