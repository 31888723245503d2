import { ulid } from 'ulid';
import { logger } from '../../lib/logger';
import { startScan } from '../search/start-scan';
import * as monitors from '../../store/entities/monitor';
import { PlanLimitError } from '../../lib/errors';
import { monitorCount, planOf, withinPlanCount, type MonitorRecord } from './monitors';
import { nextRunAfter, planExcessRefusal, runCadence } from './rules';

/**
 * Pauses a monitor that no longer holds a plan slot (after a downgrade), with the refusal as its reason, out of
 * the due index (never over a creator's own pause). Returns the refusal.
 */
async function pausePlanExcess(m: MonitorRecord, plan: string): Promise<PlanLimitError> {
  const refusal = planExcessRefusal(plan, await monitorCount(m.userId));
  await monitors.pausePlanExcess(m.id, refusal.message);
  return refusal;
}

/**
 * Claims the run on the monitor (so it runs once); a scheduled run also sets the next one, at the cadence the
 * plan allows (a downgraded plan's fastest when the monitor's is faster). False when the claim was lost.
 */
function claimRun(m: MonitorRecord, searchId: string, opts: { scheduled: boolean; plan: string }, now: string): Promise<boolean> {
  const nextRunAt = opts.scheduled ? nextRunAfter(now, runCadence(opts.plan, m.cadence)) : undefined;
  return monitors.claimRun(m, { searchId, at: now, nextRunAt });
}

/**
 * Starts one run of a monitor through the one start-scan service: claims it on the monitor first (so it runs
 * once), then starts an ordinary scan execution tagged with the monitor. Returns the search id, or undefined
 * when the claim was lost (someone else started it, or it was paused meanwhile) or the monitor was paused for
 * being beyond the plan's count (scheduled runs; run now throws the 402).
 */
export async function startMonitorRun(m: MonitorRecord, origin: 'monitor-run-now' | 'monitor-scheduled', now = new Date().toISOString()): Promise<string | undefined> {
  const plan = await planOf(m.userId);
  // A monitor beyond the plan's count (after a downgrade) is paused with its reason instead of run; run now is refused (402).
  if (!(await withinPlanCount(m, plan))) {
    const refusal = await pausePlanExcess(m, plan);
    if (origin === 'monitor-run-now') throw refusal;
    return undefined;
  }
  const searchId = ulid();
  if (!(await claimRun(m, searchId, { scheduled: origin === 'monitor-scheduled', plan }, now))) return undefined;
  await startScan({
    searchId,
    userId: m.userId,
    names: m.names,
    engines: m.searchEngines,
    contentType: m.contentType,
    references: m.references,
    origin,
    monitorId: m.id,
  });
  return searchId;
}

export interface DispatchOutcome {
  due: number;
  started: string[];
  failed: number;
}

/**
 * One dispatcher tick (the same handler on AWS, every 5 minutes, and locally, every MONITOR_TICK_SECONDS):
 * reads at most `limit` due monitors from the sparse due index and starts one run each; the rest wait for the
 * next tick. A run that cannot start is logged; its next run is already set, so a broken monitor is not
 * retried every tick.
 */
export async function dispatchDueMonitors(limit: number, now = new Date()): Promise<DispatchOutcome> {
  const iso = now.toISOString();
  const due = await monitors.due(iso, limit);
  const started: string[] = [];
  let failed = 0;
  for (const m of due) {
    try {
      const id = await startMonitorRun(m, 'monitor-scheduled', iso);
      if (id) started.push(id);
    } catch (err) {
      failed += 1;
      logger.error('monitor run did not start', { monitorId: m.id, error: err as Error });
    }
  }
  return { due: due.length, started, failed };
}
