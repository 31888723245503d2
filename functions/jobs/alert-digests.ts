import { sendDueDigests } from '../services/monitors/alerts';

/**
 * The alert digests job: sends the daily digests due at `now` (at most `limit`, the rest wait for the next
 * tick), one e-mail per user. It runs on the monitor dispatcher's schedule, from its handler
 * (./monitor-dispatch.ts): one function, one rule and one set of alarms for both jobs.
 */
export function sendAlertDigests(now: Date, limit: number): Promise<number> {
  return sendDueDigests(now, limit);
}
