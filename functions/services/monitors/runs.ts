import { ulid } from 'ulid';
import { OPS_METRICS, recordOpsMetric } from '../../adapters/metrics/ops-metrics';
import { logger } from '../../lib/logger';
import { startScan } from '../search/start-scan';
import * as monitors from '../../store/entities/monitor';
import { HttpError, PlanLimitError } from '../../lib/errors';
import { getMonitor, monitorCount, planOf, withinPlanCount, type MonitorRecord } from './monitors';
import { intervalSeconds, nextRunAfter, planExcessRefusal, runCadence } from './rules';
import { syncSchedule } from './schedules';

/** An occurrence this much earlier than one interval after the last is not run (a schedule still at a faster rate). */
const EARLY_TOLERANCE_SECONDS = 60;

/**
 * Pauses a monitor that no longer holds a plan slot (after a downgrade), with the refusal as its reason, and
 * disables its schedule (never over a creator's own pause). Returns the refusal.
 */
async function pausePlanExcess(m: MonitorRecord, plan: string): Promise<PlanLimitError> {
  const refusal = planExcessRefusal(plan, await monitorCount(m.userId));
  if (await monitors.pausePlanExcess(m.id, refusal.message)) await syncSchedule({ ...m, paused: true, nextRunAt: null });
  return refusal;
}

const scanOf = (m: MonitorRecord) => ({
  userId: m.userId,
  names: m.names,
  engines: m.searchEngines,
  contentType: m.contentType,
  references: m.references,
  monitorId: m.id,
  sources: m.sources,
  // Sources read only posts newer than the last run (its start); the first run reads what the source shows.
  ...(m.lastRunAt ? { since: m.lastRunAt } : {}),
});

/**
 * "Run now" (`POST /api/monitors/{id}/run`): claims the run on the monitor (so it runs once), then starts an
 * ordinary scan tagged with the monitor, under the scan slot and the scan allowance (admitScan). Returns the
 * search id, or undefined when the claim was lost (paused meanwhile). A monitor beyond the plan's count (after
 * a downgrade) is paused with its reason and the run refused (402).
 */
export async function startMonitorRun(m: MonitorRecord, now = new Date().toISOString()): Promise<string | undefined> {
  const plan = await planOf(m.userId);
  if (!(await withinPlanCount(m, plan))) throw await pausePlanExcess(m, plan);
  const searchId = ulid();
  if (!(await monitors.claimRun(m, { searchId, at: now }))) return undefined;
  await startScan({ ...scanOf(m), searchId, origin: 'monitor-run-now' });
  return searchId;
}

/** What one scheduled occurrence came to. */
export type ScheduledRunOutcome =
  | { status: 'started'; searchId: string; lagSeconds: number }
  | { status: 'duplicate' | 'gone' | 'paused' }
  | { status: 'skipped'; reason: string };

/**
 * One occurrence of a monitor's schedule (its SQS message, consumed by functions/jobs/monitor-runs.ts): starts
 * the monitor's scan as `monitor-scheduled`, which takes the creator's scan allowance and the platform's
 * provider budget like any other scan (issue 27). The occurrence is claimed on the monitor first, by its due
 * time, so a message delivered twice starts one run. Outcomes:
 * - `gone`/`paused`: the monitor was deleted or paused after the message was sent; nothing runs.
 * - `duplicate`: this occurrence (or a later one) was claimed already.
 * - `skipped`: refused by the plan (the scan allowance is spent, the monitor is beyond the plan's count) or the
 *   platform budget; recorded on the monitor with its reason, and the message is done (a retry cannot help).
 * - `started`, with the lag from the due time to the start (the `MonitorDispatchLagSeconds` metric).
 * Any other failure gives the claim back and throws, so SQS delivers the message again (then its DLQ).
 */
export async function startScheduledRun(monitorId: string, scheduledTime: string, now = new Date()): Promise<ScheduledRunOutcome> {
  const m = await getMonitor(monitorId);
  if (!m) return { status: 'gone' };
  if (m.paused) return { status: 'paused' };
  const at = now.toISOString();
  const dueAt = new Date(scheduledTime).toISOString();
  const plan = await planOf(m.userId);
  if (!(await withinPlanCount(m, plan))) {
    const refusal = await pausePlanExcess(m, plan);
    return { status: 'skipped', reason: refusal.message };
  }
  const cadence = runCadence(plan, m.cadence);
  // After a downgrade the schedule may still fire at the old, faster rate: such an occurrence is not run, and the
  // schedule is rewritten at the plan's cadence.
  if (m.lastDueAt && Date.parse(dueAt) < Date.parse(m.lastDueAt) + (intervalSeconds(cadence) - EARLY_TOLERANCE_SECONDS) * 1000) {
    if (Date.parse(dueAt) > Date.parse(m.lastDueAt)) await syncSchedule(m, now);
    return { status: 'duplicate' };
  }
  // After an upgrade (or a cadence the plan allows again) the schedule may still run at the slower rate the old
  // plan set: this occurrence runs, and the schedule is rewritten at the cadence the plan now allows.
  if (m.lastDueAt && Date.parse(dueAt) > Date.parse(m.lastDueAt) + (intervalSeconds(cadence) + EARLY_TOLERANCE_SECONDS) * 1000 * 1.5) {
    await syncSchedule({ ...m, nextRunAt: nextRunAfter(dueAt, cadence) }, now);
  }
  const searchId = ulid();
  const nextRunAt = nextRunAfter(dueAt, cadence);
  if (!(await monitors.claimOccurrence(m.id, dueAt, nextRunAt))) return { status: 'duplicate' };
  try {
    await startScan({ ...scanOf(m), searchId, origin: 'monitor-scheduled' });
  } catch (err) {
    // A refusal of the plan or the platform budget (402, 503 PROVIDER_BUDGET_EXHAUSTED) is this occurrence's
    // outcome: recorded, not retried. The workflow not answering (503 WORKFLOW_UNAVAILABLE) is passing: retried.
    if (err instanceof HttpError && err.code !== 'WORKFLOW_UNAVAILABLE') {
      await monitors.recordSkip(m.id, { at, dueAt, reason: err.message });
      recordOpsMetric(OPS_METRICS.monitorRunsSkipped, 1);
      logger.info('scheduled monitor run skipped', { monitorId: m.id, dueAt, code: err.code });
      return { status: 'skipped', reason: err.message };
    }
    await monitors.unclaimOccurrence(m.id, dueAt);
    throw err;
  }
  await monitors.recordScheduledRun(m.id, { searchId, at });
  const lagSeconds = Math.max(0, (now.getTime() - Date.parse(dueAt)) / 1000);
  recordOpsMetric(OPS_METRICS.dispatchLag, lagSeconds, 'Seconds');
  recordOpsMetric(OPS_METRICS.monitorRunsStarted, 1);
  return { status: 'started', searchId, lagSeconds };
}
