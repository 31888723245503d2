import { toCsv } from '../../lib/csv';
import type { ProtectionReport } from './report-data';

const day = (iso?: string) => (iso ? iso.slice(0, 10) : '');

/** The report for spreadsheets: one row per case, with the period's figures left to the PDF. */
export function renderReportCsv(report: ProtectionReport): string {
  const platform = report.scope === 'platform';
  const header = [
    'case_number',
    'status',
    'host',
    ...(platform ? [] : ['urls']),
    'opened',
    'sent',
    'resolved',
    'reappeared',
    'notice_channel',
    ...(platform ? [] : ['notice_recipient']),
    'notice_state',
  ];
  const rows = report.cases.map((c) => [
    c.caseNumber,
    c.status,
    c.host,
    ...(platform ? [] : [c.urls.join(' ')]),
    day(c.createdAt),
    day(c.sentAt),
    day(c.resolvedAt),
    day(c.reappearedAt),
    c.notice.channel,
    ...(platform ? [] : [c.notice.recipient ?? '']),
    c.notice.state ?? '',
  ]);
  return toCsv([header, ...rows]);
}
