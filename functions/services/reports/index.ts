import type { ReportQuery } from '../../../shared/schemas/report';
import { collectCreatorReport, collectPlatformReport, type ProtectionReport } from './report-data';
import { renderReportCsv } from './report-csv';
import { renderReportPdf } from './report-pdf';

export type { ProtectionReport } from './report-data';

export interface ReportFile {
  content: Buffer;
  contentType: string;
  filename: string;
}

/** A report as the file to download: `vigil-report-<from>-to-<to>.pdf` or `.csv`. */
export async function reportFile(report: ProtectionReport, format: ReportQuery['format']): Promise<ReportFile> {
  const base = `vigil-${report.scope === 'platform' ? 'platform-' : ''}report-${report.period.from}-to-${report.period.to}`;
  return format === 'csv'
    ? { content: Buffer.from(renderReportCsv(report), 'utf8'), contentType: 'text/csv; charset=utf-8', filename: `${base}.csv` }
    : { content: await renderReportPdf(report), contentType: 'application/pdf', filename: `${base}.pdf` };
}

/** The creator's report file for a period. */
export async function creatorReportFile(userId: string, q: ReportQuery): Promise<ReportFile> {
  return reportFile(await collectCreatorReport(userId, q), q.format);
}

/** The platform report file for a period (administrators). */
export async function platformReportFile(q: ReportQuery): Promise<ReportFile> {
  return reportFile(await collectPlatformReport(q), q.format);
}
