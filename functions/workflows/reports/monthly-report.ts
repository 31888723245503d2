import { logger } from '../../lib/logger';
import { previousMonth, sendPlatformReport } from '../../services/reports/send-report';
import { traced } from '../../lib/tracer';

/**
 * The scheduled job of the monthly platform report: on the 1st of each month (an EventBridge schedule on
 * AWS, infra/stacks/workflows-stack.ts) it e-mails the previous month's report to the administrators.
 * `time` is the event's time (EventBridge sets it); without one the job runs for the month before now.
 */
async function sendMonthlyReport(event: { time?: string } = {}): Promise<{ recipients: string[]; period: { from: string; to: string } }> {
  const now = event.time ? new Date(event.time) : new Date();
  const sent = await sendPlatformReport(previousMonth(now), now);
  logger.info('monthly platform report sent', { period: sent.period, recipients: sent.recipients.length });
  return sent;
}

export const handler = traced((event: { time?: string } = {}) => sendMonthlyReport(event));
