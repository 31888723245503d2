import { deleteMonitorFiles } from '../account-data/files';
import { planRule } from '../../../shared/plans';
import type { Monitor, MonitorUpdate } from '../../../shared/schemas/monitor';
import * as monitors from '../../store/entities/monitor';
import type { HashedMonitorVideo, MonitorRecord, NewMonitor, SkippedMonitorReference } from '../../store/entities/monitor';
import { planOf } from '../billing/plan-store';
import { namedSkippedReferences, namedVideoReferences } from '../search/searches';
import { assertOriginalUrlForAutoSubmit, autoSubmitInactive, holdsPlanSlot, nextRunOnResume } from './rules';
import { dropSchedule, syncSchedule } from './schedules';

/*
 * Reading, changing and deleting monitors (issue 11): the store is `store/entities/monitor.ts`, the plan policy
 * `./rules.ts`; creation is `./create-monitor.ts`, runs `./runs.ts`.
 */

export type { MonitorRecord, NewMonitor };
export { planOf };

/** The API shape: reference files without their storage keys, and whether automatic submission acts on the plan. */
export function toMonitorDto(m: MonitorRecord, plan: string): Monitor {
  const { skippedReferences, hashedVideos, ...monitor } = m;
  const watched = new Set(m.sources.filter((s) => s.kind === 'telegram').map((s) => s.target.toLowerCase()));
  return {
    ...monitor,
    discoveredChannels: m.discoveredChannels.filter((c) => !watched.has(c.toLowerCase())),
    references: m.references.map((r) => ({ id: r.id, filename: r.filename, mediaType: r.mediaType })),
    ...namedSkippedReferences(m.references, skippedReferences),
    ...namedVideoReferences(m.references, hashedVideos),
    autoSubmitInactive: autoSubmitInactive(m, plan),
  };
}

/** Records which of the monitor's reference files its runs cannot fingerprint (the Fingerprint task, on the run that hashes them). */
export async function recordSkippedReferences(monitorId: string, skipped: SkippedMonitorReference[], hashedVideos: HashedMonitorVideo[] = []): Promise<void> {
  await monitors.recordSkippedReferences(monitorId, skipped, hashedVideos);
}

/** How many monitors the user keeps (the allowance counter). */
export function monitorCount(userId: string): Promise<number> {
  return monitors.countOf(userId);
}

/** Writes a new monitor, due at once (its schedule's first occurrence runs it first). The caller holds its slot. */
export function putMonitor(input: NewMonitor, now = new Date().toISOString()): Promise<MonitorRecord> {
  return monitors.create(input, now);
}

export function getMonitor(id: string): Promise<MonitorRecord | undefined> {
  return monitors.get(id);
}

export function listMonitorsByUser(userId: string): Promise<MonitorRecord[]> {
  return monitors.listByOwner(userId);
}

/**
 * Applies a `PUT /api/monitors/{id}`: pause takes the monitor out of the due index; resume and cadence changes
 * put it back at `max(now, lastRun + interval)`. Conditional on the item read, so a concurrent dispatcher claim
 * is not overwritten (the caller retries on undefined).
 */
export async function updateMonitor(current: MonitorRecord, update: MonitorUpdate, now = new Date().toISOString()): Promise<MonitorRecord | undefined> {
  const paused = update.paused ?? current.paused;
  const cadence = update.cadence ?? current.cadence;
  assertOriginalUrlForAutoSubmit(update.autoSubmit ?? current.autoSubmit, update.originalUrl === undefined ? current.originalUrl : update.originalUrl);
  const reschedule = !paused && (current.paused || update.cadence !== undefined);
  const updated = await monitors.update(current, {
    paused,
    cadence,
    alerts: update.alerts,
    name: update.name,
    autoSubmit: update.autoSubmit,
    originalUrl: update.originalUrl,
    sources: update.sources,
    // Pausing or resuming is the creator's decision: a pause the plan made (runs.ts) no longer explains it.
    clearPausedReason: update.paused !== undefined,
    ...(reschedule ? { nextRunAt: nextRunOnResume(current.lastRunAt, cadence, now) } : {}),
  });
  // The schedule follows a pause, a resume and a new cadence (its first occurrence at the new nextRunAt).
  if (updated && (paused !== current.paused || cadence !== current.cadence)) await syncSchedule(updated);
  return updated;
}

/**
 * Deletes the monitor's schedule, then the monitor (and the pictures its runs have seen), gives its slot back,
 * then deletes its reference files and fingerprints from S3 (its runs' results and their evidence stay, as the
 * route says). The slot is the monitor count only: the scans its runs took stay counted this month, so creating
 * and deleting monitors cannot mint runs (issue 27).
 */
export async function deleteMonitor(m: MonitorRecord): Promise<void> {
  await dropSchedule(m.id);
  await monitors.remove(m.id);
  await monitors.giveSlot(m.userId);
  await deleteMonitorFiles(m.userId, m.id);
}

/**
 * Whether the monitor holds one of the plan's slots (after a downgrade only the oldest monitors do; rules.ts).
 * One GetItem of the counter, and a Query of the user's monitors only when the count is over.
 */
export async function withinPlanCount(m: Pick<MonitorRecord, 'id' | 'userId'>, plan: string): Promise<boolean> {
  if ((await monitorCount(m.userId)) <= planRule(plan).monitors.count) return true;
  return holdsPlanSlot(m.id, await listMonitorsByUser(m.userId), plan);
}
