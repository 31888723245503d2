import { ulid } from 'ulid';
import { planRule } from '../../../shared/plans';
import type { PlanId } from '../../../shared/schemas/user';
import { storeReferences, type CheckedReference } from '../references';
import type { StoredReference } from '../search/start-scan';
import * as monitors from '../../store/entities/monitor';
import { monitorCount, planOf, putMonitor, type MonitorRecord, type NewMonitor } from './monitors';
import { dropSchedule, syncSchedule } from './schedules';
import { assertAutoSubmitAllowed, assertCadenceAllowed, monitorCountRefusal } from './rules';

/** What `POST /api/monitors` asks for, parsed and checked (the reference files by their bytes). */
export interface MonitorRequest extends Pick<NewMonitor, 'names' | 'searchEngines' | 'contentType' | 'cadence' | 'alerts' | 'autoSubmit' | 'sources'> {
  name?: string;
  originalUrl?: string;
  references: CheckedReference[];
  /** Files chosen from the creator's reference library (stored already). */
  libraryReferences?: StoredReference[];
}

/**
 * Creates a monitor: the plan's cadence, monitor count and "Submit automatically" are checked (402) and a slot
 * of the plan's monitor count reserved before anything is written; then the uploaded reference files are stored
 * once, in the creator's reference library (every run reuses them; files chosen from the library are reused as
 * they are), and the monitor is written. If storing fails, the slot is given back, so nothing half-written keeps
 * it (files already added to the library stay there, as any upload). Returns the monitor with the plan it was checked against.
 */
export async function createMonitor(userId: string, req: MonitorRequest): Promise<{ monitor: MonitorRecord; plan: PlanId }> {
  const plan = await planOf(userId);
  assertCadenceAllowed(plan, req.cadence, await monitorCount(userId));
  if (req.autoSubmit) assertAutoSubmitAllowed(plan);
  // One slot of the plan's count, taken atomically: concurrent creates can never pass it (402 PLAN_LIMIT).
  const slot = await monitors.takeSlot(userId, planRule(plan).monitors.count);
  if (!slot.taken) throw monitorCountRefusal(plan, slot.used);
  const id = ulid();
  try {
    // Uploads join the creator's reference library (stored once, kept after the monitor); chosen files are reused.
    const references = [...(req.libraryReferences ?? []), ...(await storeReferences(userId, req.references))];
    const monitor = await putMonitor({
      id,
      userId,
      name: req.name || req.names.join(', ') || references.map((r) => r.filename).join(', '),
      names: req.names,
      searchEngines: req.searchEngines,
      contentType: req.contentType,
      references,
      cadence: req.cadence,
      alerts: req.alerts,
      autoSubmit: req.autoSubmit,
      originalUrl: req.originalUrl ?? null,
      sources: req.sources,
    });
    try {
      // Its schedule's first occurrence is now: the first run comes through the queue like every later one, and
      // takes a scan of the creator's allowance like every run (issue 27).
      await syncSchedule(monitor);
    } catch (err) {
      await dropSchedule(id).catch(() => undefined);
      await monitors.remove(id);
      throw err;
    }
    return { monitor, plan };
  } catch (err) {
    await monitors.giveSlot(userId); // nothing half-written keeps the slot
    throw err;
  }
}
