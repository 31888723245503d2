import { logger } from '../../lib/logger';
import * as migrations from '../../store/entities/migration';
import * as monitors from '../../store/entities/monitor';
import { ensureSchedule } from './schedules';

/*
 * Monitors made before schedules existed (issue 27) have no EventBridge Scheduler schedule, so they never run.
 * This one-off migration gives every one of them that is active its schedule (first at its stored `nextRunAt`, or
 * now when that has passed); a paused one gets its schedule when it is resumed, as any other. They are exactly the
 * monitors still in the former due index (gsi3 `MONITOR_DUE`: written before issue 27, and active, since a pause
 * took them out), so the migration reads that index a page at a time, never the whole table, and never touches a
 * monitor created since. It keeps where it is in a MIGRATION item, so it resumes after a timeout and stops for good
 * once done. Idempotent: a schedule that exists is left as it is (CreateSchedule's conflict), so running it again,
 * or alongside a creator's own change, creates nothing twice. It runs from the alert digest tick
 * (functions/jobs/monitor-dispatch.ts, every 5 minutes) until done: on AWS the first tick after the deploy, locally
 * the first tick after `npm start`.
 */
export const MONITOR_SCHEDULE_MIGRATION = 'monitor-schedules-v1';
/** Monitors per step: each costs at most one CreateSchedule. */
const MONITORS_PER_STEP = 200;

export interface MigrationStep {
  done: boolean;
  /** Whether this call did anything (false once done). */
  ran: boolean;
  counts: Record<string, number>;
}

export async function migrateMonitorSchedules(now = new Date(), opts: { perStep?: number; maxSteps?: number } = {}): Promise<MigrationStep> {
  const at = now.toISOString();
  let state = await migrations.get(MONITOR_SCHEDULE_MIGRATION, at);
  if (state.done) return { done: true, ran: false, counts: state.counts };
  const limit = opts.perStep ?? MONITORS_PER_STEP;
  for (let step = 0; step < (opts.maxSteps ?? 1); step++) {
    const counts = { monitors: 0, created: 0, existing: 0, paused: 0, ...state.counts };
    const page = await monitors.listLegacyDue(limit, state.after);
    for (const m of page.monitors) {
      counts.monitors++;
      if (m.paused) {
        counts.paused++;
        continue;
      }
      if ((await ensureSchedule(m, now)) === 'created') counts.created++;
      else counts.existing++;
    }
    const done = !page.last;
    if (!(await migrations.advance(state, { done, ...(page.last ? { after: page.last } : {}), counts, updatedAt: new Date().toISOString() }))) {
      // Another runner recorded this step first: its counts stand; this one's schedules were idempotent.
      return { done: false, ran: true, counts };
    }
    if (counts.created > (state.counts.created ?? 0)) logger.info('monitor schedules created for monitors made before schedules', { ...counts, done });
    if (done) {
      logger.info('monitor schedule migration done', counts);
      return { done: true, ran: true, counts };
    }
    state = await migrations.get(MONITOR_SCHEDULE_MIGRATION, at);
  }
  return { done: false, ran: true, counts: state.counts };
}
