import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { planAllowsCadence, planRule, PLANS, PLAN_ORDER } from '../../../shared/plans';
import {
  AUTO_SUBMIT_NEEDS_ORIGINAL_URL,
  CADENCE_LABELS,
  CADENCE_SECONDS,
  type AlertMode,
  type AutoSubmitOutcome,
  type Cadence,
  type Monitor,
  type MonitorUpdate,
} from '../../../shared/schemas/monitor';
import { db, tableName } from '../../store/table';
import { keys } from '../../store/keys';
import { GSI1, GSI3 } from '../../store/table';
import { config } from '../../lib/config';
import { PaymentRequiredError, PlanLimitError, ValidationError } from '../../lib/errors';
import { planOf } from '../billing/plan-store';
import { isConditionFailure, queryNewest } from '../../store/table';
import { namedSkippedReferences, type SkippedReference } from '../search/searches';
import type { StoredReference } from '../search/start-scan';

export const MONITOR = 'MONITOR';

export interface MonitorRecord extends Omit<Monitor, 'references' | 'autoSubmitInactive' | 'skippedReferences'> {
  references: StoredReference[];
  /** Reference files its runs cannot fingerprint, by id, as the run that hashed them found (`recordSkippedReferences`). */
  skippedReferences?: SkippedReference[];
}

type Item = Record<string, unknown>;

function toRecord(item: Item): MonitorRecord {
  return {
    id: item.id as string,
    userId: item.userId as string,
    name: item.name as string,
    names: (item.names as string[]) ?? [],
    searchEngines: (item.searchEngines as string[]) ?? [],
    contentType: item.contentType as string,
    references: (item.references as StoredReference[]) ?? [],
    cadence: item.cadence as Cadence,
    alerts: item.alerts as AlertMode,
    paused: item.paused === true,
    pausedReason: (item.pausedReason as string | undefined) ?? null,
    createdAt: item.createdAt as string,
    lastRunAt: (item.lastRunAt as string | undefined) ?? null,
    lastSearchId: (item.lastSearchId as string | undefined) ?? null,
    nextRunAt: (item.nextRunAt as string | undefined) ?? null,
    runCount: Number(item.runCount ?? 0),
    lastNewCount: Number(item.lastNewCount ?? 0),
    totalNewCount: Number(item.totalNewCount ?? 0),
    autoSubmit: item.autoSubmit === true,
    originalUrl: (item.originalUrl as string | undefined) ?? null,
    lastAutoSubmit: (item.lastAutoSubmit as AutoSubmitOutcome | undefined) ?? null,
    ...(item.skippedReferences ? { skippedReferences: item.skippedReferences as SkippedReference[] } : {}),
  };
}

/**
 * "Submit automatically" is a paid-plan feature (the plan's automated submission). On a plan without it (a
 * downgrade) the setting is kept but does nothing: this says so, or null when it acts (or is off).
 */
export function autoSubmitInactive(m: Pick<MonitorRecord, 'autoSubmit'>, plan: string): string | null {
  if (!m.autoSubmit || planRule(plan).automatedSubmission) return null;
  return `Your ${planRule(plan).name} plan does not include automatic submission, so new copies wait for your review. Upgrade to Basic, Pro or Enterprise to turn it back on.`;
}

/** Refuses turning "Submit automatically" on for a plan without automated submission (402 PLAN_REQUIRED). */
export function assertAutoSubmitAllowed(plan: string): void {
  if (!planRule(plan).automatedSubmission) {
    throw new PaymentRequiredError('Submitting automatically is available on paid plans. Upgrade to Basic, Pro or Enterprise to turn it on.');
  }
}

/** The API shape: reference files without their storage keys, and whether automatic submission acts on the plan. */
export function toMonitorDto(m: MonitorRecord, plan: string): Monitor {
  const { skippedReferences, ...monitor } = m;
  return {
    ...monitor,
    references: m.references.map((r) => ({ id: r.id, filename: r.filename, mediaType: r.mediaType })),
    ...namedSkippedReferences(m.references, skippedReferences),
    autoSubmitInactive: autoSubmitInactive(m, plan),
  };
}

/** Records which of the monitor's reference files its runs cannot fingerprint (the Fingerprint task, on the run that hashes them). */
export async function recordSkippedReferences(monitorId: string, skipped: SkippedReference[]): Promise<void> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.entity(MONITOR, monitorId),
        UpdateExpression: 'SET skippedReferences = :skipped',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':skipped': skipped.map(({ id, reason }) => ({ id, reason })) },
      }),
    );
  } catch (err) {
    if (!isConditionFailure(err)) throw err; // deleted while its run was going: nothing to record
  }
}

/** Seconds between runs: the cadence's, or MONITOR_INTERVAL_OVERRIDE_SECONDS on the local runtime (demos, tests). */
export function intervalSeconds(cadence: Cadence): number {
  return config().monitorIntervalOverrideSeconds ?? CADENCE_SECONDS[cadence];
}

const addSeconds = (iso: string, seconds: number) => new Date(Date.parse(iso) + seconds * 1000).toISOString();
const later = (a: string, b: string) => (a > b ? a : b);

/** The plan's cadence refusal, naming the fastest cadence it allows. */
export function assertCadenceAllowed(plan: string, cadence: Cadence, used: number): void {
  if (planAllowsCadence(plan, cadence)) return;
  const rule = planRule(plan);
  const faster = PLAN_ORDER.find((p) => planAllowsCadence(p, cadence));
  throw new PlanLimitError(
    `${rule.name} monitors run at most ${CADENCE_LABELS[rule.monitors.fastest].toLowerCase()}. ` +
      `Choose a slower cadence${faster ? ` or upgrade to ${PLANS[faster].name}` : ''}.`,
    { limit: rule.monitors.count, used, resetsAt: null },
  );
}

/** How many monitors the user keeps (the allowance counter). */
export async function monitorCount(userId: string): Promise<number> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.monitorCount(userId), ConsistentRead: true }));
  return Number(Item?.count ?? 0);
}

/**
 * Takes one monitor from the plan's allowance atomically (`ADD count 1` if below the limit), so concurrent
 * creates can never exceed it. Throws PlanLimitError (402 PLAN_LIMIT) when the plan's count is reached.
 */
export async function reserveMonitorSlot(userId: string, plan: string): Promise<void> {
  const rule = planRule(plan);
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.monitorCount(userId),
        UpdateExpression: 'ADD #count :one SET userId = :u, entity = :e',
        ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':one': 1, ':limit': rule.monitors.count, ':u': userId, ':e': 'MONITOR_COUNT' },
      }),
    );
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
    const used = await monitorCount(userId);
    const next = PLAN_ORDER.find((p) => PLANS[p].monitors.count > rule.monitors.count);
    throw new PlanLimitError(
      `The ${rule.name} plan includes ${rule.monitors.count} monitor${rule.monitors.count === 1 ? '' : 's'}.` +
        (next ? ` Delete one or upgrade to ${PLANS[next].name} for ${PLANS[next].monitors.count}.` : ' Delete one to add another.'),
      { limit: rule.monitors.count, used, resetsAt: null },
    );
  }
}

export async function releaseMonitorSlot(userId: string): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.monitorCount(userId),
      UpdateExpression: 'ADD #count :minus',
      ConditionExpression: '#count > :zero',
      ExpressionAttributeNames: { '#count': 'count' },
      ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
    }),
  ).catch((err) => {
    if (!isConditionFailure(err)) throw err;
  });
}

export interface NewMonitor {
  id: string;
  userId: string;
  name: string;
  names: string[];
  searchEngines: string[];
  contentType: string;
  references: StoredReference[];
  cadence: Cadence;
  alerts: AlertMode;
  /** "Submit automatically": off unless asked for (the caller checks the plan). */
  autoSubmit?: boolean;
  originalUrl?: string | null;
}

/** Writes a new monitor, due at once (the next dispatcher tick runs it first). */
export async function putMonitor(input: NewMonitor, now = new Date().toISOString()): Promise<MonitorRecord> {
  const { originalUrl, ...rest } = input;
  const item: Item = {
    ...keys.entity(MONITOR, input.id),
    ...keys.ownedBy(input.userId, MONITOR, input.id),
    ...keys.due('MONITOR', now, input.id),
    entity: MONITOR,
    ...rest,
    autoSubmit: input.autoSubmit === true,
    ...(originalUrl ? { originalUrl } : {}),
    paused: false,
    createdAt: now,
    nextRunAt: now,
    runCount: 0,
    lastNewCount: 0,
    totalNewCount: 0,
  };
  await db().send(new PutCommand({ TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' }));
  return toRecord(item);
}

export async function getMonitor(id: string): Promise<MonitorRecord | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.entity(MONITOR, id), ConsistentRead: true }));
  return Item ? toRecord(Item) : undefined;
}

export async function listMonitorsByUser(userId: string): Promise<MonitorRecord[]> {
  const items = await queryNewest({ index: GSI1.indexName, partition: keys.ownedByPartition(userId, MONITOR), limit: 500 });
  return items.map(toRecord);
}

/**
 * Applies a `PUT /api/monitors/{id}`: pause takes the monitor out of the due index (REMOVE gsi3 keys);
 * resume and cadence changes put it back at `max(now, lastRun + interval)`. Conditional on the item read,
 * so a concurrent dispatcher claim is not overwritten (the caller retries on `false`).
 */
export async function updateMonitor(current: MonitorRecord, update: MonitorUpdate, now = new Date().toISOString()): Promise<MonitorRecord | undefined> {
  const paused = update.paused ?? current.paused;
  const cadence = update.cadence ?? current.cadence;
  const sets: string[] = ['paused = :paused', 'cadence = :cadence'];
  const values: Record<string, unknown> = { ':paused': paused, ':cadence': cadence, ':readNext': current.nextRunAt ?? '-', ':readPaused': current.paused };
  const set = (expr: string, name: string, value: unknown) => {
    sets.push(expr);
    values[name] = value;
  };
  if (update.alerts) set('alerts = :alerts', ':alerts', update.alerts);
  if (update.name) set('#name = :name', ':name', update.name);
  // Automatic submission needs the original URL its notices cite: refused when it would be on without one.
  const originalUrl = update.originalUrl === undefined ? current.originalUrl : update.originalUrl;
  if ((update.autoSubmit ?? current.autoSubmit) && !originalUrl) {
    throw new ValidationError(AUTO_SUBMIT_NEEDS_ORIGINAL_URL, [{ path: 'body.originalUrl', message: AUTO_SUBMIT_NEEDS_ORIGINAL_URL }]);
  }
  if (update.autoSubmit !== undefined) set('autoSubmit = :autoSubmit', ':autoSubmit', update.autoSubmit);
  if (update.originalUrl) set('originalUrl = :originalUrl', ':originalUrl', update.originalUrl);
  const removed = update.originalUrl === null ? ['originalUrl'] : [];
  // Pausing or resuming is the creator's decision: a pause the plan made (pausePlanExcess) no longer explains it.
  if (update.paused !== undefined) removed.push('pausedReason');
  if (paused) {
    sets.push('nextRunAt = :null');
    values[':null'] = null;
    removed.push('gsi3pk', 'gsi3sk');
  } else if (current.paused || update.cadence) {
    const next = current.lastRunAt ? later(now, addSeconds(current.lastRunAt, intervalSeconds(cadence))) : now;
    const due = keys.due('MONITOR', next, current.id);
    sets.push('nextRunAt = :next', 'gsi3pk = :dpk', 'gsi3sk = :dsk');
    Object.assign(values, { ':next': next, ':dpk': due.gsi3pk, ':dsk': due.gsi3sk });
  }
  try {
    const res = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.entity(MONITOR, current.id),
        UpdateExpression: `SET ${sets.join(', ')}${removed.length > 0 ? ` REMOVE ${removed.join(', ')}` : ''}`,
        ConditionExpression: 'attribute_exists(pk) AND paused = :readPaused AND (nextRunAt = :readNext OR attribute_type(nextRunAt, :nullType))',
        ExpressionAttributeNames: update.name ? { '#name': 'name' } : undefined,
        ExpressionAttributeValues: { ...values, ':nullType': 'NULL' },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toRecord(res.Attributes!);
  } catch (err) {
    if (isConditionFailure(err)) return undefined;
    throw err;
  }
}

export async function deleteMonitor(m: MonitorRecord): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.entity(MONITOR, m.id) }));
  await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.monitorSeenImages(m.id) }));
  await releaseMonitorSlot(m.userId);
}

/** The user's monitors in creation order (oldest first): the order in which they hold the plan's slots. */
const byAge = (a: MonitorRecord, b: MonitorRecord) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);

/**
 * Whether the monitor holds one of the plan's slots. After a downgrade the account may keep more monitors than the
 * plan's count (they are not deleted); the oldest N, paused or not, hold the slots and keep running, the newer
 * ones do not. One GetItem of the counter, and a Query of the user's monitors only when the count is over.
 */
export async function withinPlanCount(m: Pick<MonitorRecord, 'id' | 'userId'>, plan: string): Promise<boolean> {
  const limit = planRule(plan).monitors.count;
  if ((await monitorCount(m.userId)) <= limit) return true;
  const oldest = (await listMonitorsByUser(m.userId)).sort(byAge).slice(0, limit);
  return oldest.some((x) => x.id === m.id);
}

/** Why a monitor beyond the plan's count is paused (stored on it and shown on the Monitoring page), and the 402 refusing its run or resume. */
export function planExcessRefusal(plan: string, used: number): PlanLimitError {
  const rule = planRule(plan);
  const next = PLAN_ORDER.find((p) => PLANS[p].monitors.count > rule.monitors.count);
  const count = `${rule.monitors.count} monitor${rule.monitors.count === 1 ? '' : 's'}`;
  return new PlanLimitError(
    `Paused: the ${rule.name} plan includes ${count}, and your oldest ${rule.monitors.count === 1 ? 'one keeps' : `${rule.monitors.count} keep`} running. ` +
      `Delete a monitor${next ? ` or upgrade to ${PLANS[next].name}` : ''} to resume this one.`,
    { limit: rule.monitors.count, used, resetsAt: null },
  );
}

/**
 * Pauses a monitor that no longer holds a plan slot (after a downgrade), with the reason, out of the due index;
 * conditional on it being unpaused, so a creator's own pause is never overwritten. Returns the refusal.
 */
export async function pausePlanExcess(m: MonitorRecord, plan: string): Promise<PlanLimitError> {
  const refusal = planExcessRefusal(plan, await monitorCount(m.userId));
  await db()
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.entity(MONITOR, m.id),
        UpdateExpression: 'SET paused = :true, pausedReason = :reason, nextRunAt = :null REMOVE gsi3pk, gsi3sk',
        ConditionExpression: 'attribute_exists(pk) AND paused = :false',
        ExpressionAttributeValues: { ':true': true, ':false': false, ':reason': refusal.message, ':null': null },
      }),
    )
    .catch((err) => {
      if (!isConditionFailure(err)) throw err;
    });
  return refusal;
}

/**
 * Claims a run of a monitor: records the run (`lastRunAt`, `lastSearchId`, `runCount + 1`) and, for a
 * scheduled run, the next due time, conditionally on the monitor being unpaused and still due at the time
 * read, so two dispatchers (or a tick and a pause) never start the same run twice. Returns false when lost.
 */
export async function claimRun(m: MonitorRecord, searchId: string, opts: { scheduled: boolean; plan: string }, now = new Date().toISOString()): Promise<boolean> {
  // A plan that no longer allows the cadence (after a downgrade) runs at the plan's fastest cadence.
  const cadence = planAllowsCadence(opts.plan, m.cadence) ? m.cadence : planRule(opts.plan).monitors.fastest;
  const values: Record<string, unknown> = { ':now': now, ':sid': searchId, ':one': 1, ':false': false };
  let set = 'SET lastRunAt = :now, lastSearchId = :sid';
  let condition = 'attribute_exists(pk) AND paused = :false';
  if (opts.scheduled) {
    const next = addSeconds(now, intervalSeconds(cadence));
    const due = keys.due('MONITOR', next, m.id);
    set += ', nextRunAt = :next, gsi3sk = :dsk';
    condition += ' AND nextRunAt = :readNext';
    Object.assign(values, { ':next': next, ':dsk': due.gsi3sk, ':readNext': m.nextRunAt });
  }
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.entity(MONITOR, m.id),
        UpdateExpression: `${set} ADD runCount :one`,
        ConditionExpression: condition,
        ExpressionAttributeValues: values,
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/** Records a finished run's new results on the monitor. */
export async function recordRunOutcome(monitorId: string, newCount: number): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.entity(MONITOR, monitorId),
      UpdateExpression: 'SET lastNewCount = :n ADD totalNewCount :n',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':n': newCount },
    }),
  ).catch((err) => {
    if (!isConditionFailure(err)) throw err; // deleted meanwhile
  });
}

/** Records what a run submitted automatically (shown on the monitor's page); a deleted monitor is left alone. */
export async function recordAutoSubmit(monitorId: string, outcome: AutoSubmitOutcome): Promise<void> {
  await db()
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.entity(MONITOR, monitorId),
        UpdateExpression: 'SET lastAutoSubmit = :o',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':o': { ...outcome, sent: outcome.sent.slice(0, 100) } },
      }),
    )
    .catch((err) => {
      if (!isConditionFailure(err)) throw err;
    });
}

/** Monitors due at `now`, oldest due first, at most `limit`: one Query on the sparse gsi3 (never a Scan). */
export async function dueMonitors(now: string, limit: number): Promise<MonitorRecord[]> {
  const res = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: GSI3.indexName,
      KeyConditionExpression: 'gsi3pk = :pk AND gsi3sk <= :now',
      ExpressionAttributeValues: { ':pk': keys.duePartition('MONITOR'), ':now': `${now}#~` },
      Limit: limit,
    }),
  );
  return (res.Items ?? []).map(toRecord);
}

export { planOf };
