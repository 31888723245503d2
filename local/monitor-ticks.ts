import { logger } from '../functions/lib/logger';
import type { BundlePool } from './bundles/pool';

/** What an EventBridge schedule sends its target (the dispatcher reads nothing of it; `time` is the tick's). */
export function scheduledEvent(now = new Date()) {
  return { version: '0', source: 'aws.events', 'detail-type': 'Scheduled Event', time: now.toISOString(), resources: [], detail: {} };
}

/**
 * The monitor dispatcher as its Lambda runs it: in bundles mode through the pool (its own bundle, in its own
 * process, as every other function there), from the TypeScript source otherwise (loaded on first tick, so
 * bundles mode never loads the source). The same handler and the same event either way.
 */
export function monitorDispatcher(pool?: BundlePool): () => Promise<unknown> {
  if (pool) return () => pool.invoke('MonitorDispatcher', scheduledEvent());
  return async () => (await import('../functions/jobs/monitor-dispatch')).handler(scheduledEvent());
}

/**
 * The local stand-in for the EventBridge rule that invokes the monitor dispatcher on AWS: `dispatch` every
 * MONITOR_TICK_SECONDS (default 60; 0 turns it off). A tick still running when the next is due is not
 * overlapped. Returns the function that stops it.
 */
export function startMonitorTicks(seconds: number, dispatch: () => Promise<unknown>): () => void {
  if (!Number.isFinite(seconds) || seconds <= 0) return () => undefined;
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    dispatch()
      .catch((err: Error) => logger.error('monitor dispatcher tick failed', { error: err }))
      .finally(() => (busy = false));
  }, seconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
