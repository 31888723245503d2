import { config } from '../lib/config';
import { logger } from '../lib/logger';
import { traced } from '../lib/tracer';
import { dispatchDueMonitors, type DispatchOutcome } from '../services/monitors/runs';
import { sendAlertDigests } from './alert-digests';

/*
 * The monitor dispatcher, a scheduled function (construct MonitorDispatcher): invoked every 5 minutes by an
 * EventBridge rule on AWS and every MONITOR_TICK_SECONDS by the local runtime. Its handler runs two jobs in
 * turn, each bounded by MONITOR_DISPATCH_LIMIT: the due monitor runs (below) and the due alert digests
 * (./alert-digests.ts).
 */

/** The monitor runs job: starts at most `limit` due monitor runs; the rest wait for the next tick. */
export function startDueMonitorRuns(now: Date, limit: number): Promise<DispatchOutcome> {
  return dispatchDueMonitors(limit, now);
}

async function dispatch(): Promise<{ due: number; started: number; failed: number; digests: number }> {
  const now = new Date();
  const limit = config().monitorDispatchLimit;
  const runs = await startDueMonitorRuns(now, limit);
  const digests = await sendAlertDigests(now, limit);
  if (runs.due > 0 || digests > 0) logger.info('monitor dispatch', { due: runs.due, started: runs.started.length, failed: runs.failed, digests });
  return { due: runs.due, started: runs.started.length, failed: runs.failed, digests };
}

/** The Lambda entry (the schedule's event carries nothing the dispatcher needs). */
export const handler = traced((_event?: unknown) => dispatch());
