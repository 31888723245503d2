import { logger } from '../functions/lib/logger';
import type { BundlePool } from './bundles/pool';
import { scheduledEvent } from './monitor-ticks';
import { REEMERGENCE_RATE_HOURS } from '../functions/lib/workflow-timeouts';

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
 * The re-emergence job as its Lambda runs it (issue 25): its own bundle through the pool in bundles mode, the source
 * handler otherwise, with the event EventBridge's rate rule sends (`time` is the run's).
 */
export function reemergenceJob(pool?: BundlePool): (now: Date) => Promise<unknown> {
  if (pool) return (now) => pool.invoke('Reemergence', scheduledEvent(now));
  return async (now) => (await import('../functions/jobs/reemergence')).handler(scheduledEvent(now));
}

/**
 * The local period of the re-emergence job in seconds: REEMERGENCE_EVERY_SECONDS when set (0 turns the job off),
 * else the rule's REEMERGENCE_RATE_HOURS. Anything but a whole number of seconds is refused at start.
 */
export function reemergenceEverySeconds(value: string | undefined): number {
  if (value === undefined || value === '') return REEMERGENCE_RATE_HOURS * 3600;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`REEMERGENCE_EVERY_SECONDS must be a whole number of seconds (0 turns the job off), not "${value}"`);
  return n;
}

/**
 * Runs `job` after `delayMs()`, then again `delayMs()` after each run ends (so runs never overlap), logging each
 * outcome as `label` (a failure is logged and the next run goes ahead). Returns the function that stops it.
 */
function repeatJob(name: string, label: string, delayMs: () => number, job: (now: Date) => Promise<unknown>, clock: () => Date): () => void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const arm = () => {
    if (stopped) return;
    timer = setTimeout(fire, delayMs());
    timer.unref();
  };
  const fire = () => {
    const now = clock();
    job(now)
      .then((out) => logger.info(`${label} ran`, { job: name, at: now.toISOString(), out }))
      .catch((err: Error) => logger.error(`${label} failed`, { job: name, error: err }))
      .finally(arm);
  };
  arm();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}

/**
 * The local stand-in for an EventBridge rate rule (`rate(<n> hours)`): runs `job` every `everyMs` from when the
 * runtime starts (as a rate rule counts from its creation), `everyMs` 0 or less: never. A run still going when the
 * next is due is not overlapped (the next waits `everyMs` from its end); a failure is logged and the next runs
 * again. Returns the function that stops it.
 */
export function startRateJob(name: string, everyMs: number, job: (now: Date) => Promise<unknown>, clock: () => Date = () => new Date()): () => void {
  if (!Number.isFinite(everyMs) || everyMs <= 0) return () => undefined;
  return repeatJob(name, 'rate job', () => everyMs, job, clock);
}

/**
 * The local stand-in for a daily EventBridge rule (`cron(0 <hour> * * ? *)`): runs `job` every day at `hourUtc`
 * while the runtime is up. A run still going when the next is due is not overlapped; a failure is logged and the
 * next day runs again (on AWS the rule retries twice). Returns the function that stops it.
 */
export function startDailyJob(name: string, hourUtc: number, job: (now: Date) => Promise<unknown>, clock: () => Date = () => new Date()): () => void {
  return repeatJob(name, 'daily job', () => msUntilHourUtc(clock(), hourUtc), job, clock);
}
