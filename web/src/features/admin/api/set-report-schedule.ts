import { contract } from '@shared/contract';
import { reportScheduleSchema, type ReportSchedule } from '@shared/schemas/report';
import { api } from '@/lib/api-client';
import { replaceReportSchedule } from './get-report-schedule';

/**
 * Turns the monthly report e-mail on or off: `PUT /api/admin/report/schedule` with `{enabled}`. The answer replaces
 * the cached schedule.
 * @throws {ApiError} when the server refuses the change.
 */
export async function setReportSchedule(enabled: boolean): Promise<ReportSchedule> {
  const saved = reportScheduleSchema.parse(await api(contract.setReportSchedule, { body: { enabled } }));
  await replaceReportSchedule(saved);
  return saved;
}
