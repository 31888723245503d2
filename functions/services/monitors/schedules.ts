import { createMonitorScheduleIfMissing, deleteMonitorSchedule, putMonitorSchedule, type MonitorSchedule } from '../../adapters/scheduler';
import type { MonitorRecord } from '../../store/entities/monitor';
import { planOf } from '../billing/plan-store';
import { intervalSeconds, runCadence } from './rules';

/*
 * A monitor's EventBridge Scheduler schedule (issue 27), kept in step with the monitor: created with it, changed
 * when it is paused, resumed or re-cadenced, deleted with it. The schedule sends one SQS message per occurrence;
 * functions/jobs/monitor-runs.ts consumes them (services/monitors/runs.ts `startScheduledRun`).
 */

/**
 * Writes the monitor's schedule as the monitor now is: every interval of the cadence the plan allows, first at
 * `nextRunAt` (never in the past), DISABLED while paused.
 */
export async function syncSchedule(m: Pick<MonitorRecord, 'id' | 'userId' | 'cadence' | 'paused' | 'nextRunAt'>, now = new Date()): Promise<void> {
  await putMonitorSchedule(await scheduleOf(m, now));
}

/** The schedule the monitor should have now. */
async function scheduleOf(m: Pick<MonitorRecord, 'id' | 'userId' | 'cadence' | 'paused' | 'nextRunAt'>, now: Date): Promise<MonitorSchedule> {
  const plan = await planOf(m.userId);
  const at = now.toISOString();
  const startAt = m.nextRunAt && m.nextRunAt > at ? m.nextRunAt : at;
  return { monitorId: m.id, everySeconds: intervalSeconds(runCadence(plan, m.cadence)), startAt, enabled: !m.paused };
}

/** Writes the monitor's schedule only if it has none (the migration below); an existing one is not touched. */
export async function ensureSchedule(m: Pick<MonitorRecord, 'id' | 'userId' | 'cadence' | 'paused' | 'nextRunAt'>, now = new Date()): Promise<'created' | 'exists'> {
  return createMonitorScheduleIfMissing(await scheduleOf(m, now));
}

/** Deletes the monitor's schedule (before its item, so no occurrence fires for a deleted monitor). */
export function dropSchedule(monitorId: string): Promise<void> {
  return deleteMonitorSchedule(monitorId);
}
