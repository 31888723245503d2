import { logger } from '../functions/lib/logger';
import type { BundlePool } from './bundles/pool';
import { scheduledEvent } from './monitor-ticks';

/** Milliseconds from `now` to the next `hourUtc`:00:00 UTC (a full day when it is that instant). */
export function msUntilHourUtc(now: Date, hourUtc: number): number {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hourUtc));
  if (next.getTime() <= now.getTime()) next.setUTCDate(next.getUTCDate() + 1);
  return next.getTime() - now.getTime();
}

/**
 * The result retention job as its Lambda runs it (issue 27): its own bundle through the pool in bundles mode, the
 * source handler otherwise, with the event EventBridge's daily rule sends.
 */
export function resultRetentionJob(pool?: BundlePool): (now: Date) => Promise<unknown> {
  if (pool) return (now) => pool.invoke('ResultRetention', scheduledEvent(now));
  return async (now) => (await import('../functions/jobs/result-retention')).handler(scheduledEvent(now));
}

/**
 * The local stand-in for a daily EventBridge rule (`cron(0 <hour> * * ? *)`): runs `job` every day at `hourUtc`
 * while the runtime is up. A run still going when the next is due is not overlapped; a failure is logged and the
 * next day runs again (on AWS the rule retries twice). Returns the function that stops it.
 */
export function startDailyJob(name: string, hourUtc: number, job: (now: Date) => Promise<unknown>, clock: () => Date = () => new Date()): () => void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const arm = () => {
    if (stopped) return;
    timer = setTimeout(fire, msUntilHourUtc(clock(), hourUtc));
    timer.unref();
  };
  const fire = () => {
    const now = clock();
    job(now)
      .then((out) => logger.info('daily job ran', { job: name, at: now.toISOString(), out }))
      .catch((err: Error) => logger.error('daily job failed', { job: name, error: err }))
      .finally(arm);
  };
  arm();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}
