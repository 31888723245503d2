import { config } from '../lib/config';
import { logger } from '../lib/logger';
import { traced } from '../lib/tracer';
import { sendAlertDigests } from './alert-digests';
import { migrateMonitorSchedules } from '../services/monitors/schedule-migration';

/*
 * The alert digest tick, a scheduled function (construct MonitorDispatcher, its id kept from when it also started
 * the due monitor runs): invoked every 5 minutes by an EventBridge rule on AWS and every MONITOR_TICK_SECONDS by the
 * local runtime, it sends the due alert digests (./alert-digests.ts), at most MONITOR_DISPATCH_LIMIT a tick.
 * Monitor runs are no longer started here: each monitor has its own EventBridge Scheduler schedule feeding the
 * monitor queue, consumed by ./monitor-runs.ts (issue 27). Each tick also advances the one-off migration that
 * gives monitors made before schedules their schedule (services/monitors/schedule-migration.ts) until it is done.
 */
async function dispatch(): Promise<{ digests: number; migration?: Record<string, number> }> {
  const digests = await sendAlertDigests(new Date(), config().monitorDispatchLimit);
  if (digests > 0) logger.info('alert digests sent', { digests });
  // Until it is done (one item read after that): schedules for monitors made before schedules existed.
  const migration = await migrateMonitorSchedules(new Date(), { maxSteps: 5 });
  return { digests, ...(migration.ran ? { migration: migration.counts } : {}) };
}

/** The Lambda entry (the schedule's event carries nothing the tick needs). */
export const handler = traced((_event?: unknown) => dispatch());
