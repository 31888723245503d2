import { mailSender } from '../../adapters/mail/create-mail-sender';
import { live } from '../../lib/config';
import { ValidationError } from '../../lib/errors';
import type { OutcomeFigures } from '../../../shared/schemas/outcomes';
import { collectPlatformReport, type ReportPeriod } from './report-data';
import { reportFile } from './index';


/** The calendar month before `now` (UTC): what the scheduled report on the 1st covers. */
export function previousMonth(now: Date): ReportPeriod {
  const firstOfThisMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  const lastOfPrevious = new Date(firstOfThisMonth - 86_400_000);
  const from = new Date(Date.UTC(lastOfPrevious.getUTCFullYear(), lastOfPrevious.getUTCMonth(), 1));
  return { from: from.toISOString().slice(0, 10), to: lastOfPrevious.toISOString().slice(0, 10) };
}

const pct = (v: number | null) => (v === null ? 'none ended' : `${Math.round(v * 100)}%`);

/** The takedown outcomes of the period in one line (issue 23). */
export function outcomeLine(o: OutcomeFigures): string {
  const median = o.medianHoursToRemoval === null ? '' : `, median ${o.medianHoursToRemoval} h to removal`;
  return `Takedowns ended: ${o.ended} (removal rate ${pct(o.removalRate)}, delisted only ${pct(o.delistedOnlyShare)}${median}); came back: ${o.cameBack ?? 0}; still escalating: ${o.open}`;
}

/** Who the report went to, and the period it covers. */
export interface PlatformReportSent {
  recipients: string[];
  period: ReportPeriod;
}

/**
 * E-mails the platform report (PDF and CSV attached) to the administrators in REPORT_RECIPIENTS: the
 * monthly scheduled job (when scheduled, ./schedule.ts), and `POST /api/admin/report/send`. Throws
 * ValidationError when nobody is configured.
 */
export async function sendPlatformReport(period: ReportPeriod, now = new Date()): Promise<PlatformReportSent> {
  const recipients = live.reportRecipients();
  if (!recipients.length) throw new ValidationError('No administrator is set to receive reports (REPORT_RECIPIENTS).');
  const report = await collectPlatformReport(period, now);
  const [pdf, csv] = await Promise.all([reportFile(report, 'pdf'), reportFile(report, 'csv')]);
  const c = report.caseCounts;
  await mailSender().send({
    to: recipients,
    from: { name: 'Vigil reports', address: 'reports@vigil.invalid' },
    subject: `Vigil platform report ${period.from} to ${period.to}`,
    text: [
      `The Vigil platform report for ${period.from} to ${period.to} is attached (PDF for reading, CSV for spreadsheets).`,
      '',
      `Scans: ${report.scans.total} (${report.scans.monitorRuns} monitor runs)`,
      `Results found: ${report.results.found}, decided: ${report.results.decided}`,
      `Cases opened: ${c.opened}, notices sent: ${c.sent}, resolved: ${c.resolved}, reappeared: ${c.reappeared}`,
      outcomeLine(report.outcomes),
      '',
      'Figures only: the report names no creator.',
    ].join('\n'),
    attachments: [
      { filename: pdf.filename, content: pdf.content, contentType: pdf.contentType },
      { filename: csv.filename, content: csv.content, contentType: csv.contentType },
    ],
    headers: { 'X-Vigil-Report': `${period.from}/${period.to}` },
  });
  return { recipients, period };
}
