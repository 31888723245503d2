import { logger } from '../../lib/logger';
import * as migrations from '../../store/entities/migration';
import * as monitors from '../../store/entities/monitor';
import * as profiles from '../../store/entities/profile';
import { ensureSchedule } from './schedules';

/*
 * Monitors made before schedules existed (issue 27) have no EventBridge Scheduler schedule, so they never run.
 * This one-off migration gives every active monitor without one its schedule (first at its stored `nextRunAt`,
 * or now when that has passed); a paused monitor gets its schedule when it is resumed, as any other. It walks the
 * users' listing and each user's monitors, a page of users per call, and keeps where it is in a MIGRATION item,
 * so it resumes after a timeout and stops for good once done. Idempotent: a schedule that exists is left as it is
 * (CreateSchedule's conflict), so running it again, or alongside a creator's own change, creates nothing twice.
 * It runs from the alert digest tick (functions/jobs/monitor-dispatch.ts, every 5 minutes) until done: on AWS the
 * first tick after the deploy, locally the first tick after `npm start`.
 */
export const MONITOR_SCHEDULE_MIGRATION = 'monitor-schedules-v1';
/** Users per call: each costs one monitor listing and one CreateSchedule per active monitor. */
const USERS_PER_STEP = 100;

export interface MigrationStep {
  done: boolean;
  /** Whether this call did anything (false once done). */
  ran: boolean;
  counts: Record<string, number>;
}

export async function migrateMonitorSchedules(now = new Date(), opts: { usersPerStep?: number; maxSteps?: number } = {}): Promise<MigrationStep> {
  const at = now.toISOString();
  let state = await migrations.get(MONITOR_SCHEDULE_MIGRATION, at);
  if (state.done) return { done: true, ran: false, counts: state.counts };
  const limit = opts.usersPerStep ?? USERS_PER_STEP;
  for (let step = 0; step < (opts.maxSteps ?? 1); step++) {
    const counts = { users: 0, monitors: 0, created: 0, existing: 0, paused: 0, ...state.counts };
    const page = await profiles.listNewest({ limit, after: state.after });
    for (const p of page.profiles) {
      counts.users++;
      for (const m of await monitors.listByOwner(p.id)) {
        counts.monitors++;
        if (m.paused) {
          counts.paused++;
          continue;
        }
        if ((await ensureSchedule(m, now)) === 'created') counts.created++;
        else counts.existing++;
      }
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
