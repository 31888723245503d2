import { toCsv } from '../../lib/csv';
import type { ProtectionReport } from './report-data';

const day = (iso?: string) => (iso ? iso.slice(0, 10) : '');

/**
 * The report for spreadsheets: one row per case, with the period's figures left to the PDF. Each row carries the
 * case's outcome (issue 23: `removed`, `delisted`, `counter-noticed`, `stopped`, or `escalating` while its ladder
 * climbs), the ladder step it ended on and when, and the hours from the notice to that end, so the outcome figures
 * can be recomputed in a spreadsheet.
 */
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
    'outcome',
    'outcome_step',
    'ended',
    'hours_to_outcome',
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
    c.outcome?.kind ?? (c.escalating ? 'escalating' : ''),
    c.outcome?.step ?? '',
    day(c.outcome?.at),
    c.outcome && c.sentAt ? String(Math.round((Math.max(0, Date.parse(c.outcome.at) - Date.parse(c.sentAt)) / 3_600_000) * 10) / 10) : '',
  ]);
  return toCsv([header, ...rows]);
}
