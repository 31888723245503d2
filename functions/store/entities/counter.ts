import * as z from 'zod';
import * as counter from '../counters';
import { keys, type Key } from '../keys';
import { TABLE_KEYS, batchGet, getItem, query, type Item } from '../table';

/**
 * The platform's counters (docs/ARCHITECTURE.md, "Counters"): one item per counter name and period,
 * `COUNTER#<name>` with sort key `TOTAL`, `MONTH#yyyy-mm` or `DAY#yyyy-mm-dd`, labelled with its `name` (and
 * period), whose numeric attributes change only by atomic ADD (through `add` of store/counters.ts), so the admin
 * dashboard reads a few items and never counts. Which counter counts what is the services' business
 * (services/metrics/counters.ts holds the names, services/metrics/hooks.ts the rules).
 */

/** The usual numeric attribute of a counter item. */
export const COUNTER_ATTRIBUTE = 'count';
/** Money on a counter item, in US cents (integers add exactly). */
export const AMOUNT_ATTRIBUTE = 'amountCents';
/** A counter's share of one plan (`plan:pro`). */
export const planAttribute = (plan: string) => `plan:${plan}`;

/** Counters kept by the sign-up (services/users.ts): all users ever created (TOTAL), sign-ups (MONTH). */
export const USER_COUNTERS = { total: 'users', monthlySignups: 'signups' } as const;

/** A counter item's numeric attributes (absent ones read as 0 through `num`). */
export type CounterValues = Record<string, number>;

/** A numeric attribute of a counter item, 0 when absent or not a number. */
export const num = (values: CounterValues | undefined, attribute: string = COUNTER_ATTRIBUTE): number => {
  const v = Number(values?.[attribute] ?? 0);
  return Number.isFinite(v) ? v : 0;
};

/**
 * The attribute that labels a month or day item with its period: `period`, except on the counters of the
 * sign-up and of billing, whose month items were first written with `month` (kept, so their items never
 * carry both).
 */
export type PeriodLabel = 'period' | 'month';

/** One counter item: its counter, its period (`yyyy-mm` or `yyyy-mm-dd`; absent for TOTAL) and its numbers. */
export interface CounterItem {
  name: string;
  period?: string;
  values: CounterValues;
}

/**
 * Version 1; items written before versions were stored have none and read as 1. Every writer labels the item
 * with `name`; the numbers are the loose rest.
 */
const itemSchema = z.looseObject({
  v: z.literal(1).default(1),
  name: z.string(),
  period: z.string().optional(),
  month: z.string().optional(),
});

const isMonth = (period: string) => period.length === 7;

function keyOf(name: string, period?: string): Key {
  if (period === undefined) return keys.counter(name);
  return isMonth(period) ? keys.monthlyCounter(name, period) : keys.dailyCounter(name, period);
}

export function toItem(c: CounterItem, label: PeriodLabel = 'period'): Item {
  return { ...keyOf(c.name, c.period), v: 1, name: c.name, ...(c.period ? { [label]: c.period } : {}), ...c.values };
}

export function fromItem(item: Item): CounterItem {
  const { v: _v, name, period, month, ...rest } = itemSchema.parse(item);
  const values: CounterValues = {};
  for (const [k, value] of Object.entries(rest)) if (typeof value === 'number') values[k] = value;
  const label = period ?? month;
  return { name, ...(label ? { period: label } : {}), values };
}

/** Which items of a counter an `add` changes. */
export interface CounterPeriods {
  /** The TOTAL item (default true). */
  total?: boolean;
  /** The item of the month of `at`. */
  monthly?: boolean;
  /** The item of the day of `at`. */
  daily?: boolean;
  /** When the counted thing happened (default now): picks the month and day items. */
  at?: Date | string;
  /** Default `period`; see PeriodLabel. */
  label?: PeriodLabel;
}

/**
 * ADDs `deltas` (attribute -> amount; zeros are skipped) to counter `name`: its TOTAL item unless `total: false`,
 * and the month and/or day item of `at` when asked. One UpdateItem per item (creating it on first use), in parallel.
 */
export async function add(name: string, deltas: CounterValues, periods: CounterPeriods = {}): Promise<void> {
  const at = periods.at === undefined ? new Date().toISOString() : new Date(periods.at).toISOString();
  const label = periods.label ?? 'period';
  const item = (period?: string) => counter.add(keyOf(name, period), deltas, { v: 1, name, ...(period ? { [label]: period } : {}) });
  const writes: Promise<void>[] = [];
  if (periods.total !== false) writes.push(item());
  if (periods.monthly) writes.push(item(at.slice(0, 7)));
  if (periods.daily) writes.push(item(at.slice(0, 10)));
  await Promise.all(writes);
}

/** ADDs `by` (default 1) to counter `name`'s `count`: TOTAL, plus the month's item with `{monthly: true}`. */
export function bump(name: string, by = 1, periods: CounterPeriods = {}): Promise<void> {
  return add(name, { [COUNTER_ATTRIBUTE]: by }, periods);
}

/** Reads counter items by key (BatchGetItem), keyed by counter name; missing counters are absent. */
async function readByName(names: readonly string[], keyOfName: (name: string) => Key): Promise<Map<string, CounterValues>> {
  const wanted = [...new Set(names)].map((n) => [n, keyOfName(n)] as const);
  const nameByPk = new Map(wanted.map(([n, k]) => [k.pk, n]));
  const items = await batchGet(wanted.map(([, k]) => k));
  return new Map(items.map((item) => [nameByPk.get(String(item.pk))!, fromItem(item).values]));
}

/** The TOTAL items of several counters in one BatchGetItem. Missing counters are absent from the map. */
export function readTotals(names: readonly string[]): Promise<Map<string, CounterValues>> {
  return readByName(names, (n) => keys.counter(n));
}

/** The items of one month (any date in it) of several counters in one BatchGetItem. */
export function readMonth(names: readonly string[], at: Date | string): Promise<Map<string, CounterValues>> {
  const iso = new Date(at).toISOString();
  return readByName(names, (n) => keys.monthlyCounter(n, iso));
}

/**
 * The period items of one counter between two period values (inclusive), keyed by period: months `yyyy-mm` or
 * days `yyyy-mm-dd`. One Query on the counter's own partition, which holds at most one item per month or day.
 */
export async function readPeriods(name: string, kind: 'month' | 'day', from: string, to: string): Promise<Map<string, CounterValues>> {
  const prefix = keys.counterPeriodPrefix[kind];
  const items = await query({ partition: keys.counter(name).pk, sortBetween: [`${prefix}${from}`, `${prefix}${to}`] });
  return new Map(items.map((item) => [String(item.sk).slice(prefix.length), fromItem(item).values]));
}

/** Sums counter items attribute by attribute (a `readPeriods` answer over a range). */
export function sumValues(items: Iterable<CounterValues>): CounterValues {
  const out: CounterValues = {};
  for (const item of items) for (const [k, v] of Object.entries(item)) out[k] = (out[k] ?? 0) + v;
  return out;
}

/**
 * Reads the key of one counter item that need not exist, eventually consistent: the health check's proof that
 * the table answers. Throws what the table throws.
 */
export async function probe(name: string): Promise<void> {
  await getItem(keys.counter(name), { consistent: false, attributes: [TABLE_KEYS.partitionKey] });
}
