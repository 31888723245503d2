import * as z from 'zod';
import * as counter from '../counters';
import { keys } from '../keys';
import { Cond, batchGet, getItem, updateItem, updateItemIf, type Item } from '../table';

/**
 * A user's counters item (`USER#id / COUNTERS`): numbers changed only by atomic ADD, and flags set once.
 * - the stats of `GET /api/user/{id}/stats` (services/stats.ts), kept by results, review and takedowns;
 * - the totals the admin's user table shows, kept by the metrics hooks (services/metrics/hooks.ts);
 * - the flags behind the funnel (`reached:<stage>`, an ISO time) and the month's activity (`activeMonth`,
 *   `yyyy-mm`): set with a conditional update, so only the call that set one counts what it guards.
 */

/** The stats of `GET /api/user/{id}/stats`. */
export const STAT_COUNTERS = ['activeViolations', 'resolvedCases', 'dmcaSent', 'pendingReview'] as const;
export type StatCounter = (typeof STAT_COUNTERS)[number];

/** The admin's per-user totals: scans started, cases created, money spent. */
export const USER_TOTALS = ['searches', 'dmcaCases', 'totalSpentCents'] as const;
export type UserTotal = (typeof USER_TOTALS)[number];
export type UserTotals = Record<UserTotal, number>;

/** The flag of a funnel stage reached (once per user). */
export const reachedFlag = (stage: string) => `reached:${stage}`;
/** The flag holding the last month the user was counted active. */
export const ACTIVE_MONTH = 'activeMonth';
/** The plan the user was last counted active under in `activeMonth` (absent on items from before issue 26). */
export const ACTIVE_PLAN = 'activePlan';

const count = z.number().default(0);

/**
 * Version 1; items written before versions were stored have none and read as 1. Absent numbers read as 0; the
 * `reached:<stage>` flags are the loose rest.
 */
const itemSchema = z.looseObject({
  v: z.literal(1).default(1),
  userId: z.string(),
  activeViolations: count,
  resolvedCases: count,
  dmcaSent: count,
  pendingReview: count,
  searches: count,
  dmcaCases: count,
  totalSpentCents: count,
  [ACTIVE_MONTH]: z.string().optional(),
  [ACTIVE_PLAN]: z.string().optional(),
});

/** The item as read: its numbers, the month last counted active, and when each funnel stage was reached. */
export interface UserCountersRecord {
  userId: string;
  counts: Record<StatCounter | UserTotal, number>;
  activeMonth?: string;
  activePlan?: string;
  /** Stage -> ISO time it was first reached. */
  reached: Record<string, string>;
}

const REACHED = reachedFlag('');

export function toItem(r: UserCountersRecord): Item {
  const flags = Object.fromEntries(Object.entries(r.reached).map(([stage, at]) => [reachedFlag(stage), at]));
  return { ...keys.userCounters(r.userId), v: 1, userId: r.userId, ...r.counts, ...(r.activeMonth ? { [ACTIVE_MONTH]: r.activeMonth } : {}), ...(r.activePlan ? { [ACTIVE_PLAN]: r.activePlan } : {}), ...flags };
}

export function fromItem(item: Item): UserCountersRecord {
  const parsed = itemSchema.parse(item);
  const counts = Object.fromEntries([...STAT_COUNTERS, ...USER_TOTALS].map((name) => [name, parsed[name]])) as UserCountersRecord['counts'];
  const reached: Record<string, string> = {};
  for (const [k, v] of Object.entries(parsed)) if (k.startsWith(REACHED) && typeof v === 'string') reached[k.slice(REACHED.length)] = v;
  return {
    userId: parsed.userId,
    counts,
    ...(parsed.activeMonth ? { activeMonth: parsed.activeMonth } : {}),
    ...(parsed.activePlan ? { activePlan: parsed.activePlan } : {}),
    reached,
  };
}

/** ADDs to the user's counters in one UpdateItem (creating the item on first use); zeros are skipped. */
export async function add(userId: string, deltas: Partial<Record<StatCounter | UserTotal, number>>): Promise<void> {
  await counter.add(keys.userCounters(userId), deltas as Record<string, number>, { v: 1, userId });
}

/** Overwrites the review counters with a recount (the repair of drifted ADDs). */
export async function setReviewCounts(userId: string, counts: Pick<Record<StatCounter, number>, 'pendingReview' | 'activeViolations'>): Promise<void> {
  await updateItem(keys.userCounters(userId), { set: { v: 1, userId, pendingReview: counts.pendingReview, activeViolations: counts.activeViolations } });
}

/** The user's counters (consistent); undefined when nothing was ever counted for them. */
export async function read(userId: string): Promise<UserCountersRecord | undefined> {
  const item = await getItem(keys.userCounters(userId));
  return item && fromItem(item);
}

/**
 * The totals of many users (BatchGetItem, 100 keys a call), by user id; users never counted are absent. A total
 * drifted below zero reads as zero.
 */
export async function readTotals(userIds: readonly string[]): Promise<Map<string, UserTotals>> {
  const items = await batchGet([...new Set(userIds)].map((id) => keys.userCounters(id)));
  return new Map(
    items.map((item) => {
      const { userId, counts } = fromItem(item);
      return [userId, Object.fromEntries(USER_TOTALS.map((t) => [t, Math.max(0, counts[t])])) as UserTotals];
    }),
  );
}

const setFlag = (userId: string, flag: string, value: string, unlessEquals: boolean) =>
  updateItemIf(
    keys.userCounters(userId),
    { set: { v: 1, userId, [flag]: value } },
    unlessEquals ? Cond.or(Cond.notExists(flag), Cond.ne(flag, value)) : Cond.notExists(flag),
  ).then(Boolean);

/** Marks a funnel stage reached at `atIso`: true for the one call that set it, false once it was set. */
export function markReached(userId: string, stage: string, atIso: string): Promise<boolean> {
  return setFlag(userId, reachedFlag(stage), atIso, false);
}

/**
 * Marks the user active in `month` (`yyyy-mm`) under `plan`: true for the first call of that month, false after.
 */
export function markActive(userId: string, month: string, plan: string): Promise<boolean> {
  return updateItemIf(
    keys.userCounters(userId),
    { set: { v: 1, userId, [ACTIVE_MONTH]: month, [ACTIVE_PLAN]: plan } },
    Cond.or(Cond.notExists(ACTIVE_MONTH), Cond.ne(ACTIVE_MONTH, month)),
  ).then(Boolean);
}

/**
 * Moves this month's activity to another plan (the user changed plan after being counted): true for the one
 * call that moved it from `fromPlan` (undefined: an item counted before the plan was stored).
 */
export function moveActivePlan(userId: string, month: string, fromPlan: string | undefined, toPlan: string): Promise<boolean> {
  return updateItemIf(
    keys.userCounters(userId),
    { set: { [ACTIVE_PLAN]: toPlan } },
    Cond.and(Cond.eq(ACTIVE_MONTH, month), fromPlan === undefined ? Cond.notExists(ACTIVE_PLAN) : Cond.eq(ACTIVE_PLAN, fromPlan)),
  ).then(Boolean);
}
