import * as z from 'zod';
import * as counter from '../counters';
import type { CounterRef } from '../counters';
import { keys } from '../keys';
import { getItem, type Item } from '../table';

/**
 * A user's usage in one UTC month, one item per user and month (`USER#id / USAGE#yyyy-mm`) whose numbers change
 * only by atomic ADD, so a new month is a new item and nothing is ever reset. Two kinds of number share it: the
 * usage figures the producers' hooks count (services/metrics/hooks.ts) and the Usage tab shows, and the
 * allowance uses the plan gates take and give back (services/allowances), so the tab shows what the gate counts.
 */

/** Usage figures: scans started, DMCA cases created, results stored ("violations found"). */
export const USAGE_FIGURES = ['searches', 'cases', 'violations'] as const;
export type UsageFigure = (typeof USAGE_FIGURES)[number];

/** Allowance uses taken this month, by allowance. */
export const ALLOWANCE_ATTRIBUTES = { scans: 'allowanceScans', submissions: 'allowanceSubmissions' } as const;
export type AllowanceKind = keyof typeof ALLOWANCE_ATTRIBUTES;

const tally = z.number().default(0);

/** Version 1; items written before versions were stored have none and read as 1. Absent numbers read as 0. */
const itemSchema = z.object({
  v: z.literal(1).default(1),
  userId: z.string(),
  /** `yyyy-mm` (UTC). */
  period: z.string(),
  searches: tally,
  cases: tally,
  violations: tally,
  allowanceScans: tally,
  allowanceSubmissions: tally,
});
export type UsageRecord = Omit<z.infer<typeof itemSchema>, 'v'>;

const monthOf = (at: Date | string | undefined) => (at === undefined ? new Date() : new Date(at)).toISOString().slice(0, 7);

/** What every write SETs beside its ADD: the owner and the month, for reading the item back. */
const labels = (userId: string, period: string): Item => ({ v: 1, userId, period });

export function toItem(u: UsageRecord): Item {
  return { ...keys.userMonth(u.userId, u.period), ...labels(u.userId, u.period), ...u };
}

export function fromItem(item: Item): UsageRecord {
  const { v: _v, ...usage } = itemSchema.parse(item);
  return usage;
}

/**
 * ADDs `deltas` to the user's figures of the month of `at` (default now) in one UpdateItem, creating the item on
 * first use. Zero or non-finite deltas are skipped; nothing is written when none is left.
 */
export async function add(userId: string, deltas: Partial<Record<UsageFigure, number>>, at?: Date | string): Promise<void> {
  const period = monthOf(at);
  await counter.add(keys.userMonth(userId, period), deltas as Record<string, number>, labels(userId, period));
}

/** The user's month of `at` (default now), consistent; zeros for a month with no item. */
export async function read(userId: string, at?: Date | string): Promise<UsageRecord> {
  const period = monthOf(at);
  const item = await getItem(keys.userMonth(userId, period));
  return fromItem(item ?? labels(userId, period));
}

/** The guarded counter of one allowance in the month of `now`, for store/counters take/give/read. */
export function allowanceRef(userId: string, allowance: AllowanceKind, now: Date): CounterRef {
  const period = monthOf(now);
  return { key: keys.userMonth(userId, period), attribute: ALLOWANCE_ATTRIBUTES[allowance], set: labels(userId, period) };
}
