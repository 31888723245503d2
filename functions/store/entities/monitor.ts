import * as z from 'zod';
import { alertModeSchema, autoSubmitOutcomeSchema, cadenceSchema, type AlertMode, type AutoSubmitOutcome, type Cadence } from '../../../shared/schemas/monitor';
import { SOURCE_KINDS } from '../../../shared/schemas/sources';
import * as counter from '../counters';
import { keys } from '../keys';
import * as seenImages from './seen-images';
import { Cond, GSI1, GSI3, deleteItem, getItem, putItemIf, query, queryNewest, updateItemIf, type Item } from '../table';

/**
 * A monitor (`MONITOR#id`): listed newest first under its owner on gsi1. When it runs is its EventBridge Scheduler
 * schedule's business (issue 27); `nextRunAt` is kept for the page. Items written before issue 27 may still hold
 * the attributes of the former sparse due index (gsi3, `MONITOR_DUE`): a pause removes them, nothing reads them.
 * Beside it, per user, the monitor count: the guarded counter that holds the plan's monitor allowance
 * (docs/ARCHITECTURE.md, "Monitors").
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

const sourceSchema = z.object({ kind: z.enum(SOURCE_KINDS), target: z.string() });
export type MonitorSource = z.infer<typeof sourceSchema>;
/** Most discovered channels kept on a monitor. */
export const DISCOVERED_KEPT = 20;

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
  /** Reference videos its runs fingerprint, by id: distinct frames hashed and length (issue 24). */
  hashedVideos: z.array(z.object({ id: z.string(), frames: z.number().int().nonnegative(), durationSeconds: z.number().nonnegative() })).optional(),
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
  /** The due time of the last scheduled occurrence claimed (its schedule's `scheduled-time`): one run per occurrence. */
  lastDueAt: z.string().nullish().transform((v) => v ?? null),
  /** The last scheduled occurrence that did not run, and why (the budget was spent, ...): shown on the monitor's page. */
  lastSkip: z.object({ at: z.string(), dueAt: z.string(), reason: z.string() }).nullish().transform((v) => v ?? null),
  /** Issue 25: sources its runs read directly, next to the engines; monitors written before read as none. */
  sources: z.array(sourceSchema).default([]),
  /**
   * Telegram channels seen in `t.me/` links of its runs' results and posts (a string set, at most about
   * DISCOVERED_KEPT): the ones not watched yet are offered to the creator on the monitor's page.
   */
  discoveredChannels: z
    .union([z.set(z.string()), z.array(z.string())])
    .default([])
    .transform((v) => [...v].sort()),
});
export type MonitorRecord = Omit<z.infer<typeof itemSchema>, 'v'>;
export type StoredMonitorReference = z.infer<typeof referenceSchema>;
export type SkippedMonitorReference = NonNullable<MonitorRecord['skippedReferences']>[number];
export type HashedMonitorVideo = NonNullable<MonitorRecord['hashedVideos']>[number];

/** Fields written only once they have a value (a new monitor's item has none of them). */
const ABSENT_WHEN_NULL = ['pausedReason', 'lastRunAt', 'lastSearchId', 'originalUrl', 'lastAutoSubmit', 'lastDueAt', 'lastSkip'] as const;

export function toItem(m: MonitorRecord): Item {
  const fields: Item = { ...m };
  for (const k of ABSENT_WHEN_NULL) if (fields[k] === null) delete fields[k];
  // Written only once it names a source (monitors before issue 25 have none and read as none).
  if (m.sources.length === 0) delete fields.sources;
  // A string set cannot be empty: kept only once it holds a channel.
  if (m.discoveredChannels.length === 0) delete fields.discoveredChannels;
  else fields.discoveredChannels = new Set(m.discoveredChannels);
  return {
    ...keys.entity(MONITOR, m.id),
    ...keys.ownedBy(m.userId, MONITOR, m.id),
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
  sources?: MonitorSource[];
}

/** Writes a new monitor, due at `now` (its schedule's first occurrence runs it); never over an existing id. */
export async function create(input: NewMonitor, now: string): Promise<MonitorRecord> {
  const m = newRecord(input, now);
  if (!(await putItemIf(toItem(m), Cond.notExists()))) throw new Error(`monitor ${m.id} exists`);
  return m;
}

/** The record of a new monitor, due at `now` (what `create` writes; bench:monitors writes many in batches). */
export function newRecord(input: NewMonitor, now: string): MonitorRecord {
  return {
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
    lastDueAt: null,
    lastSkip: null,
    sources: (input.sources ?? []).map(({ kind, target }) => ({ kind, target })),
    discoveredChannels: [],
  };
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
  /** Replaces its sources. */
  sources?: MonitorSource[];
}

/**
 * Monitors written before issue 27 that are still in the former due index (gsi3 `MONITOR_DUE`: active ones, since a
 * pause removed them), a page at a time below `after` (the last page's cursor). What the schedule migration walks
 * (services/monitors/schedule-migration.ts): monitors created since then never carry these keys.
 */
export async function listLegacyDue(limit: number, after?: string): Promise<{ monitors: MonitorRecord[]; last?: string }> {
  const items = await query({ index: GSI3.indexName, partition: keys.duePartition('MONITOR'), sortBelow: after, descending: true, limit });
  const last = items.length === limit ? (items[items.length - 1]?.[GSI3.sortKey] as string | undefined) : undefined;
  return { monitors: items.map(fromItem), ...(last ? { last } : {}) };
}

/** The former due index's attributes (items written before issue 27), removed on pause. */
const DUE_ATTRIBUTES = [GSI3.partitionKey, GSI3.sortKey];

/**
 * Applies `changes` to the monitor as `read`: pausing clears `nextRunAt`, a resume or a new cadence sets it
 * (the service rewrites the schedule after). Conditional on the item being as read (paused, and due at the same
 * time or not due), so a concurrent occurrence's claim is not overwritten. The item as written, or undefined when it changed meanwhile.
 */
export async function update(read: Pick<MonitorRecord, 'id' | 'paused' | 'nextRunAt'>, changes: MonitorChanges): Promise<MonitorRecord | undefined> {
  const set: Item = {
    paused: changes.paused,
    cadence: changes.cadence,
    alerts: changes.alerts,
    name: changes.name,
    autoSubmit: changes.autoSubmit,
    sources: changes.sources?.map(({ kind, target }) => ({ kind, target })),
  };
  const remove: string[] = [];
  if (changes.originalUrl) set.originalUrl = changes.originalUrl;
  else if (changes.originalUrl === null) remove.push('originalUrl');
  if (changes.clearPausedReason) remove.push('pausedReason');
  if (changes.paused) {
    set.nextRunAt = null;
    remove.push(...DUE_ATTRIBUTES);
  } else if (changes.nextRunAt) {
    set.nextRunAt = changes.nextRunAt;
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
 * Claims a "Run now": records it (`lastRunAt`, `lastSearchId`, `runCount + 1`) conditionally on the monitor being
 * unpaused, so a run and a pause never cross. Its schedule is left as it is. False when the claim was lost.
 */
export async function claimRun(read: Pick<MonitorRecord, 'id'>, run: { searchId: string; at: string }): Promise<boolean> {
  const set: Item = { lastRunAt: run.at, lastSearchId: run.searchId };
  const condition = Cond.and(Cond.exists(), Cond.eq('paused', false));
  return (await updateItemIf(keys.entity(MONITOR, read.id), { set, add: { runCount: 1 } }, condition)) !== undefined;
}

/**
 * Claims one scheduled occurrence (its schedule's due time `dueAt`) and sets the next due time, conditionally on
 * the monitor being unpaused and no occurrence at or after `dueAt` claimed yet, so a message SQS delivers twice,
 * or two consumers, never start the same occurrence twice. False when the claim was lost.
 */
export async function claimOccurrence(id: string, dueAt: string, nextRunAt: string): Promise<boolean> {
  const set: Item = { lastDueAt: dueAt, nextRunAt };
  const condition = Cond.and(Cond.exists(), Cond.eq('paused', false), Cond.or(Cond.notExists('lastDueAt'), Cond.lt('lastDueAt', dueAt)));
  return (await updateItemIf(keys.entity(MONITOR, id), { set }, condition)) !== undefined;
}

/** Records the claimed occurrence's run once its scan started: `lastRunAt` (the real start), `lastSearchId`, `runCount + 1`. */
export async function recordScheduledRun(id: string, run: { searchId: string; at: string }): Promise<void> {
  await updateItemIf(keys.entity(MONITOR, id), { set: { lastRunAt: run.at, lastSearchId: run.searchId }, add: { runCount: 1 } }, Cond.exists());
}

/**
 * Gives an occurrence's claim back when its scan could not start for a passing reason (the workflow did not
 * answer), so the message's redelivery can claim it again: only while it is still the last claimed.
 */
export async function unclaimOccurrence(id: string, dueAt: string): Promise<void> {
  await updateItemIf(keys.entity(MONITOR, id), { remove: ['lastDueAt'] }, Cond.and(Cond.exists(), Cond.eq('lastDueAt', dueAt)));
}

/** Records why the occurrence due at `dueAt` did not run (shown on the monitor's page); a deleted monitor is left alone. */
export async function recordSkip(id: string, skip: { at: string; dueAt: string; reason: string }): Promise<void> {
  await updateItemIf(keys.entity(MONITOR, id), { set: { lastSkip: skip } }, Cond.exists());
}

/** Records a finished run's new results; a monitor deleted meanwhile is left alone. */
export async function recordRunOutcome(id: string, newCount: number): Promise<void> {
  await updateItemIf(keys.entity(MONITOR, id), { set: { lastNewCount: newCount }, add: { totalNewCount: newCount } }, Cond.exists());
}

/**
 * Adds Telegram channels a run discovered to the monitor's string set (ADD: concurrent runs never lose one
 * another's, a channel is kept once). The service caps how many it adds; a deleted monitor is left alone.
 */
export async function addDiscoveredChannels(id: string, channels: readonly string[]): Promise<void> {
  if (channels.length === 0) return;
  await updateItemIf(keys.entity(MONITOR, id), { add: { discoveredChannels: new Set(channels) } }, Cond.exists());
}

/** Most sent copies kept on the monitor: the item stays far below DynamoDB's 400 KB whatever a run sent. */
const AUTO_SUBMIT_SENT_KEPT = 100;

/** Records what a run submitted automatically (shown on the monitor's page); a deleted monitor is left alone. */
export async function recordAutoSubmit(id: string, outcome: AutoSubmitOutcome): Promise<void> {
  const kept = { ...outcome, sent: outcome.sent.slice(0, AUTO_SUBMIT_SENT_KEPT) };
  await updateItemIf(keys.entity(MONITOR, id), { set: { lastAutoSubmit: kept } }, Cond.exists());
}

/** Records which reference files its runs cannot fingerprint; a monitor deleted while its run went is left alone. */
export async function recordSkippedReferences(id: string, skipped: readonly SkippedMonitorReference[], hashedVideos: readonly HashedMonitorVideo[] = []): Promise<void> {
  const set: Record<string, unknown> = { skippedReferences: skipped.map(({ id, reason }) => ({ id, reason })) };
  if (hashedVideos.length > 0) set.hashedVideos = hashedVideos.map(({ id, frames, durationSeconds }) => ({ id, frames, durationSeconds }));
  await updateItemIf(keys.entity(MONITOR, id), { set }, Cond.exists());
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
