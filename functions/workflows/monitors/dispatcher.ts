import { config } from '../../lib/config';
import { logger } from '../../lib/logger';
import { sendDueDigests } from '../../services/monitors/alerts';
import { dispatchDueMonitors } from '../../services/monitors/runs';
import { traced } from '../../lib/tracer';

/**
 * The monitor dispatcher: one handler, invoked every 5 minutes by an EventBridge rule on AWS and every
 * MONITOR_TICK_SECONDS by the local runtime. Starts at most MONITOR_DISPATCH_LIMIT due monitor runs (the rest
 * wait for the next tick) and sends the daily alert digests that are due.
 */
async function dispatch(): Promise<{ due: number; started: number; failed: number; digests: number }> {
  const now = new Date();
  const limit = config().monitorDispatchLimit;
  const runs = await dispatchDueMonitors(limit, now);
  const digests = await sendDueDigests(now, limit);
  if (runs.due > 0 || digests > 0) logger.info('monitor dispatch', { due: runs.due, started: runs.started.length, failed: runs.failed, digests });
  return { due: runs.due, started: runs.started.length, failed: runs.failed, digests };
}

/** The Lambda entry (the schedule's event carries nothing the dispatcher needs). */
export const handler = traced((_event?: unknown) => dispatch());
