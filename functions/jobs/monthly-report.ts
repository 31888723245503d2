import { logger } from '../lib/logger';
import { getReportSchedule } from '../services/reports/schedule';
import { previousMonth, sendPlatformReport, type PlatformReportSent } from '../services/reports/send-report';
import { traced } from '../lib/tracer';

/**
 * The scheduled job of the monthly platform report: on the 1st of each month (an EventBridge schedule on
 * AWS, infra/stacks/workflows-stack.ts) it e-mails the previous month's report to the administrators, when an
 * administrator has scheduled it (Schedule Report on the Business Dashboard; off until then).
 * `time` is the event's time (EventBridge sets it); without one the job runs for the month before now.
 */
async function sendMonthlyReport(event: { time?: string } = {}): Promise<PlatformReportSent | { sent: false; reason: string }> {
  const now = event.time ? new Date(event.time) : new Date();
  if (!(await getReportSchedule(now)).enabled) {
    logger.info('monthly platform report not scheduled; nothing sent');
    return { sent: false, reason: 'not scheduled' };
  }
  const sent = await sendPlatformReport(previousMonth(now), now);
  logger.info('monthly platform report sent', { period: sent.period, recipients: sent.recipients.length });
  return sent;
}

export const handler = traced((event: { time?: string } = {}) => sendMonthlyReport(event));
