import * as z from 'zod';
import { alertModeSchema, autoSubmitOutcomeSchema, cadenceSchema, type AlertMode, type AutoSubmitOutcome, type Cadence } from '../../../shared/schemas/monitor';
import * as counter from '../counters';
import { keys } from '../keys';
import * as seenImages from './seen-images';
import { Cond, GSI1, GSI3, deleteItem, getItem, putItemIf, query, queryNewest, updateItemIf, type Item } from '../table';

/**
 * A monitor (`MONITOR#id`): listed newest first under its owner on gsi1, and in the sparse due index on gsi3
 * (`MONITOR_DUE`, at `nextRunAt`) exactly while it is not paused. Beside it, per user, the monitor count: the
 * guarded counter that holds the plan's monitor allowance (docs/ARCHITECTURE.md, "Monitors").
 */
export const MONITOR = 'MONITOR';
const COUNT_ENTITY = 'MONITOR_COUNT';

/** A reference file stored once under the monitor (what its runs fingerprint). */
const referenceSchema = z.object({
  id: z.string(),
  /** Object key in the uploads bucket. */
  key: z.string(),
  filename: z.string(),
  mediaType: z.string(),
  kind: z.enum(['image', 'video']),
});

/**
 * Version 1; items written before versions were stored have none and read as 1. Fields a monitor gains later
 * in its life (a run, a plan's pause, an automatic submission) are absent until then and read as null or 0.
 */
const itemSchema = z.object({
  v: z.literal(1).default(1),
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  names: z.array(z.string()).default([]),
  searchEngines: z.array(z.string()).default([]),
  contentType: z.string(),
  references: z.array(referenceSchema).default([]),
  /** Reference files its runs cannot fingerprint, by id, as the run that hashed them found. */
  skippedReferences: z.array(z.object({ id: z.string(), reason: z.string() })).optional(),
  cadence: cadenceSchema,
  alerts: alertModeSchema,
  paused: z.boolean().default(false),
  /** Why the plan paused it (a downgrade); removed when the creator pauses or resumes. */
  pausedReason: z.string().nullish().transform((v) => v ?? null),
  createdAt: z.string(),
  lastRunAt: z.string().nullish().transform((v) => v ?? null),
  lastSearchId: z.string().nullish().transform((v) => v ?? null),
  /** Null while paused (then it is not in the due index). */
  nextRunAt: z.string().nullish().transform((v) => v ?? null),
  runCount: z.number().default(0),
  lastNewCount: z.number().default(0),
  totalNewCount: z.number().default(0),
  autoSubmit: z.boolean().default(false),
  originalUrl: z.string().nullish().transform((v) => v ?? null),
  lastAutoSubmit: autoSubmitOutcomeSchema.nullish().transform((v) => v ?? null),
});
export type MonitorRecord = Omit<z.infer<typeof itemSchema>, 'v'>;
export type StoredMonitorReference = z.infer<typeof referenceSchema>;
export type SkippedMonitorReference = NonNullable<MonitorRecord['skippedReferences']>[number];

/** Fields written only once they have a value (a new monitor's item has none of them). */
const ABSENT_WHEN_NULL = ['pausedReason', 'lastRunAt', 'lastSearchId', 'originalUrl', 'lastAutoSubmit'] as const;

export function toItem(m: MonitorRecord): Item {
  const fields: Item = { ...m };
  for (const k of ABSENT_WHEN_NULL) if (fields[k] === null) delete fields[k];
  return {
    ...keys.entity(MONITOR, m.id),
    ...keys.ownedBy(m.userId, MONITOR, m.id),
    // In the due index only while it runs on schedule: a paused monitor has no gsi3 attributes.
    ...(!m.paused && m.nextRunAt ? keys.due('MONITOR', m.nextRunAt, m.id) : {}),
    entity: MONITOR,
    v: 1,
    ...fields,
  };
}

export function fromItem(item: Item): MonitorRecord {
  const { v: _v, ...m } = itemSchema.parse(item);
  return m;
}

export async function get(id: string): Promise<MonitorRecord | undefined> {
  const item = await getItem(keys.entity(MONITOR, id));
  return item && fromItem(item);
}

/** A user's monitors, newest first (a plan keeps at most 50; the limit is a bound, not a page). */
export async function listByOwner(userId: string, limit = 500): Promise<MonitorRecord[]> {
  const items = await queryNewest({ index: GSI1.indexName, partition: keys.ownedByPartition(userId, MONITOR), limit });
  return items.map(fromItem);
}

/** What a creator chooses for a new monitor (its reference files already stored). */
export interface NewMonitor {
  id: string;
  userId: string;
  name: string;
  names: string[];
  searchEngines: string[];
  contentType: string;
  references: StoredMonitorReference[];
  cadence: Cadence;
  alerts: AlertMode;
  /** "Submit automatically": off unless asked for (the caller checks the plan). */
  autoSubmit?: boolean;
  originalUrl?: string | null;
}

/** Writes a new monitor, due at `now` (the next dispatcher tick runs it first); never over an existing id. */
export async function create(input: NewMonitor, now: string): Promise<MonitorRecord> {
  const m: MonitorRecord = {
    id: input.id,
    userId: input.userId,
    name: input.name,
    names: input.names,
    searchEngines: input.searchEngines,
    contentType: input.contentType,
    references: input.references,
    cadence: input.cadence,
    alerts: input.alerts,
    paused: false,
    pausedReason: null,
    createdAt: now,
    lastRunAt: null,
    lastSearchId: null,
    nextRunAt: now,
    runCount: 0,
    lastNewCount: 0,
    totalNewCount: 0,
    autoSubmit: input.autoSubmit === true,
    originalUrl: input.originalUrl || null,
    lastAutoSubmit: null,
  };
  if (!(await putItemIf(toItem(m), Cond.notExists()))) throw new Error(`monitor ${m.id} exists`);
  return m;
}

/** The changes of a `PUT /api/monitors/{id}`, decided by the service. */
export interface MonitorChanges {
  paused: boolean;
  cadence: Cadence;
  alerts?: AlertMode;
  name?: string;
  autoSubmit?: boolean;
  /** A URL sets it, null removes it, absent keeps it. */
  originalUrl?: string | null;
  /** The creator paused or resumed: a pause the plan made no longer explains it. */
  clearPausedReason?: boolean;
  /** When it runs next, for a monitor that is (still) not paused and whose schedule changes. */
  nextRunAt?: string;
}

const DUE_ATTRIBUTES = [GSI3.partitionKey, GSI3.sortKey];

/**
 * Applies `changes` to the monitor as `read`: pausing takes it out of the due index, a new `nextRunAt` puts it
 * back in there. Conditional on the item being as read (paused, and due at the same time or not due), so a
 * concurrent dispatcher claim is not overwritten. The item as written, or undefined when it changed meanwhile.
 */
export async function update(read: Pick<MonitorRecord, 'id' | 'paused' | 'nextRunAt'>, changes: MonitorChanges): Promise<MonitorRecord | undefined> {
  const set: Item = { paused: changes.paused, cadence: changes.cadence, alerts: changes.alerts, name: changes.name, autoSubmit: changes.autoSubmit };
  const remove: string[] = [];
  if (changes.originalUrl) set.originalUrl = changes.originalUrl;
  else if (changes.originalUrl === null) remove.push('originalUrl');
  if (changes.clearPausedReason) remove.push('pausedReason');
  if (changes.paused) {
    set.nextRunAt = null;
    remove.push(...DUE_ATTRIBUTES);
  } else if (changes.nextRunAt) {
    Object.assign(set, { nextRunAt: changes.nextRunAt, ...keys.due('MONITOR', changes.nextRunAt, read.id) });
  }
  const asRead = Cond.and(
    Cond.exists(),
    Cond.eq('paused', read.paused),
    Cond.or(Cond.eq('nextRunAt', read.nextRunAt ?? '-'), Cond.isNull('nextRunAt')),
  );
  const item = await updateItemIf(keys.entity(MONITOR, read.id), { set, remove }, asRead);
  return item && fromItem(item);
}

/**
 * Claims a run: records it (`lastRunAt`, `lastSearchId`, `runCount + 1`) and, for a scheduled run, the next
 * due time, conditionally on the monitor being unpaused and (scheduled) still due at the time read, so two
 * dispatchers, or a tick and a pause, never start the same run twice. False when the claim was lost.
 */
export async function claimRun(
  read: Pick<MonitorRecord, 'id' | 'nextRunAt'>,
  run: { searchId: string; at: string; nextRunAt?: string },
): Promise<boolean> {
  const set: Item = { lastRunAt: run.at, lastSearchId: run.searchId };
  let condition = Cond.and(Cond.exists(), Cond.eq('paused', false));
  if (run.nextRunAt) {
    Object.assign(set, { nextRunAt: run.nextRunAt, ...keys.due('MONITOR', run.nextRunAt, read.id) });
    condition = Cond.and(condition, Cond.eq('nextRunAt', read.nextRunAt));
  }
  return (await updateItemIf(keys.entity(MONITOR, read.id), { set, add: { runCount: 1 } }, condition)) !== undefined;
}

/** Records a finished run's new results; a monitor deleted meanwhile is left alone. */
export async function recordRunOutcome(id: string, newCount: number): Promise<void> {
  await updateItemIf(keys.entity(MONITOR, id), { set: { lastNewCount: newCount }, add: { totalNewCount: newCount } }, Cond.exists());
}

/** Most sent copies kept on the monitor: the item stays far below DynamoDB's 400 KB whatever a run sent. */
const AUTO_SUBMIT_SENT_KEPT = 100;

/** Records what a run submitted automatically (shown on the monitor's page); a deleted monitor is left alone. */
export async function recordAutoSubmit(id: string, outcome: AutoSubmitOutcome): Promise<void> {
  const kept = { ...outcome, sent: outcome.sent.slice(0, AUTO_SUBMIT_SENT_KEPT) };
  await updateItemIf(keys.entity(MONITOR, id), { set: { lastAutoSubmit: kept } }, Cond.exists());
}

/** Records which reference files its runs cannot fingerprint; a monitor deleted while its run went is left alone. */
export async function recordSkippedReferences(id: string, skipped: readonly SkippedMonitorReference[]): Promise<void> {
  await updateItemIf(keys.entity(MONITOR, id), { set: { skippedReferences: skipped.map(({ id, reason }) => ({ id, reason })) } }, Cond.exists());
}

/**
 * Pauses a monitor beyond the plan's count (after a downgrade) with `reason`, out of the due index; only while
 * it is unpaused, so a creator's own pause is never overwritten. False when it was paused (or gone) already.
 */
export async function pausePlanExcess(id: string, reason: string): Promise<boolean> {
  const written = await updateItemIf(
    keys.entity(MONITOR, id),
    { set: { paused: true, pausedReason: reason, nextRunAt: null }, remove: DUE_ATTRIBUTES },
    Cond.and(Cond.exists(), Cond.eq('paused', false)),
  );
  return written !== undefined;
}

/** Monitors due at `now` (ISO), oldest due first, at most `limit`: one Query of the sparse due index, never a Scan. */
export async function due(now: string, limit: number): Promise<MonitorRecord[]> {
  // `~` sorts after every id, so each entry due at `now` itself is included.
  const items = await query({ index: GSI3.indexName, partition: keys.duePartition('MONITOR'), sortAtMost: keys.due('MONITOR', now, '~').gsi3sk, limit });
  return items.map(fromItem);
}

/** Deletes the monitor and the other item of its partition, the pictures its runs have seen. */
export async function remove(id: string): Promise<void> {
  await deleteItem(keys.entity(MONITOR, id));
  await seenImages.forget(id);
}

/** The user's monitor count: one guarded counter, taken on create and given back on delete. */
const countRef = (userId: string): counter.CounterRef => ({ key: keys.monitorCount(userId), attribute: 'count', set: { userId, entity: COUNT_ENTITY } });

/** Takes one of `limit` monitors for the user, atomically, so concurrent creates never pass the plan's count. */
export function takeSlot(userId: string, limit: number): Promise<counter.TakeOutcome> {
  return counter.take(countRef(userId), limit);
}

/** Gives a slot back (the monitor was deleted, or its creation failed); never below zero. */
export function giveSlot(userId: string): Promise<void> {
  return counter.give(countRef(userId));
}

/** How many monitors the user keeps (consistent). */
export function countOf(userId: string): Promise<number> {
  return counter.read(countRef(userId));
}
