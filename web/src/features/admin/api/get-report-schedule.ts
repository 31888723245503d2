import useSWR, { mutate } from 'swr';
import { contract } from '@shared/contract';
import { reportScheduleSchema, type ReportSchedule } from '@shared/schemas/report';
import { api, apiPath } from '@/lib/api-client';

/** `GET /api/admin/report/schedule`: the monthly platform report e-mail, on or off, its next send and recipients. */
export const REPORT_SCHEDULE_KEY = apiPath(contract.reportSchedule);

/** Reads the report schedule. */
export async function getReportSchedule(): Promise<ReportSchedule> {
  return reportScheduleSchema.parse(await api(contract.reportSchedule));
}

/** The report schedule. */
export function useReportSchedule() {
  return useSWR(REPORT_SCHEDULE_KEY, getReportSchedule);
}

/** Puts the schedule the server answered in the cache, without reading it again. */
export function replaceReportSchedule(schedule: ReportSchedule): Promise<unknown> {
  return mutate(REPORT_SCHEDULE_KEY, schedule, { revalidate: false });
}
