import { BatchGetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { PlanId } from '../../../shared/schemas/user';
import { db, tableName } from '../../store/table';
import { keys, type Key } from '../../store/keys';
import { COUNTER_ATTRIBUTE, USER_COUNTERS } from '../users';
import { dayOf, monthOf, toIso } from './periods';

/**
 * The one list of counter names the admin dashboard reads, with who keeps each (docs/ARCHITECTURE.md, "Admin
 * figures, risk formula and cost model"). Every counter is an item `COUNTER#<name>` with sort key `TOTAL`,
 * `MONTH#yyyy-mm` or `DAY#yyyy-mm-dd`, whose numeric attributes are changed only with atomic `ADD`, so the
 * dashboard reads a few items and never counts. `count` is the usual attribute; money is `amountCents`.
 */
/** Counter names (items `COUNTER#<name> / TOTAL` and `/ MONTH#yyyy-mm`). */
export const BILLING_COUNTERS = {
  /** Charges: `count` and `amountCents`, in total and per month. */
  revenue: 'revenue',
  /** Plan changes to a pricier plan, per month (`count`). */
  upgrades: 'upgrades',
  /** Current subscribers of a paid plan (`count`; +1 on joining, -1 on leaving). */
  subscribers: (plan: PlanId) => `subscribers-${plan}`,
} as const;

/** Attribute holding money on counter items, in US cents (integers add exactly). */
export const AMOUNT_ATTRIBUTE = 'amountCents';

export const COUNTERS = {
  // Kept by others; read here.
  /** TOTAL `count`: users ever created (services/users.ts, on first sign-in). */
  users: USER_COUNTERS.total,
  /** MONTH `count`: sign-ups (services/users.ts). */
  signups: USER_COUNTERS.monthlySignups,
  /** TOTAL and MONTH `count`, `amountCents`: charges (services/billing countCharge). */
  revenue: BILLING_COUNTERS.revenue,
  /** MONTH `count`: plan changes to a pricier plan (services/billing countCharge). */
  upgrades: BILLING_COUNTERS.upgrades,
  /** TOTAL `count`: current subscribers of a paid plan (services/billing countCharge; -1 by the cancellation path). */
  subscribers: (plan: Exclude<PlanId, 'trial'>) => BILLING_COUNTERS.subscribers(plan),

  // Kept through the hooks in ./hooks.ts.
  /** MONTH `count`: trial -> paid plan changes (recordPlanChange). */
  subscriptionsStarted: 'subscriptions-started',
  /** MONTH `count`: paid -> trial (cancelled) plan changes (recordPlanChange). */
  cancellations: 'cancellations',
  /** TOTAL `amountCents`: monthly recurring revenue, sum of price x (1 - discount) over paid subscribers. */
  mrr: 'mrr',
  /** TOTAL and MONTH `count`, `providerCalls`, `plan:<plan>`: scans started (recordSearchStarted). */
  searches: 'searches',
  /** TOTAL and MONTH `count`, `succeeded` (completed or partial), `failed`: scans finished (recordSearchFinished). */
  searchesFinished: 'searches-finished',
  /** TOTAL and MONTH `count`: results stored, the "violations found" (recordResultsPersisted). */
  violations: 'results',
  /** TOTAL and MONTH `count`: DMCA cases created (recordCaseCreated). */
  casesCreated: 'cases-created',
  /** TOTAL and MONTH `count`: notices sent, cases reaching `sent` (recordCaseSent). */
  dmcaSubmissions: 'dmca-submissions',
  /** TOTAL and MONTH `count`: cases resolved (recordCaseResolved). */
  casesResolved: 'cases-resolved',
  /** MONTH `count`: e-mails sent through the mail port (recordEmailSent, recordCaseSent). */
  emails: 'emails',
  /** MONTH `count`, `bedrock`: assistant messages answered (recordChatMessage). */
  chatMessages: 'chat-messages',
  /** MONTH `count`, `plan:<plan>`: distinct users active in the month (recordActivity). */
  activeUsers: 'active-users',
  /** TOTAL `count`: sign-in starts, the funnel's first stage (recordVisit from GET /api/login). */
  visits: 'visits',
  /** TOTAL `count`: distinct users who reached a funnel stage (recordMilestone). */
  funnel: (stage: MilestoneStage) => `funnel-${stage}`,
  /**
   * Never written: the item the health check reads (a GetItem proving the table answers). Request and health
   * figures are metrics (./requests.ts); items `COUNTER#api...` and `COUNTER#health / DAY#...` that earlier
   * versions wrote are no longer read.
   */
  health: 'health',
  /** DAY engagement rollup of page-view events (services/events); see ENGAGEMENT_ATTRIBUTES. */
  engagement: 'engagement',
} as const;

/** Funnel stages reached once per user (a flag on the user's counters item guards each). */
export const MILESTONE_STAGES = ['scanned', 'reviewed', 'caseFiled', 'paid'] as const;
export type MilestoneStage = (typeof MILESTONE_STAGES)[number];

export const PAID_PLANS = ['basic', 'pro', 'enterprise'] as const satisfies readonly PlanId[];

/** Attribute names on counter items. */
export const ATTR = {
  count: COUNTER_ATTRIBUTE,
  amountCents: AMOUNT_ATTRIBUTE,
  plan: (plan: string) => `plan:${plan}`,
} as const;

/** A counter item's numeric attributes (absent ones read as 0 through `num`). */
export type CounterValues = Record<string, number>;

/** A numeric attribute of a counter item, 0 when absent or not a number. */
export const num = (values: CounterValues | undefined, attribute: string = ATTR.count): number => {
  const v = Number(values?.[attribute] ?? 0);
  return Number.isFinite(v) ? v : 0;
};

export interface CounterPeriods {
  /** Default true. */
  total?: boolean;
  monthly?: boolean;
  daily?: boolean;
  /** When the counted thing happened (default now): picks the month and day items. */
  at?: Date | string;
}

/**
 * ADDs `deltas` to one counter item in a single atomic UpdateItem (creating it on first use) and labels it
 * with `name` (and `period`) for people reading the table. Zero deltas are skipped.
 */
export async function addToCounterItem(key: Key, name: string, deltas: CounterValues, period?: string): Promise<void> {
  const entries = Object.entries(deltas).filter(([, v]) => typeof v === 'number' && Number.isFinite(v) && v !== 0);
  if (entries.length === 0) return;
  const names: Record<string, string> = { '#name': 'name' };
  const values: Record<string, unknown> = { ':name': name };
  const sets = ['#name = :name'];
  if (period) {
    names['#period'] = 'period';
    values[':period'] = period;
    sets.push('#period = :period');
  }
  const adds = entries.map(([attribute, value], i) => {
    names[`#a${i}`] = attribute;
    values[`:a${i}`] = value;
    return `#a${i} :a${i}`;
  });
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: key,
      UpdateExpression: `SET ${sets.join(', ')} ADD ${adds.join(', ')}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    }),
  );
}

/**
 * ADDs `deltas` (attribute -> amount) to counter `name`: its TOTAL item unless `total: false`, and its
 * month and/or day item of `at` when asked. The items are separate, so this is one UpdateItem each, in parallel.
 */
export async function bumpAttributes(name: string, deltas: CounterValues, periods: CounterPeriods = {}): Promise<void> {
  const at = toIso(periods.at);
  const writes: Promise<void>[] = [];
  if (periods.total !== false) writes.push(addToCounterItem(keys.counter(name), name, deltas));
  if (periods.monthly) writes.push(addToCounterItem(keys.monthlyCounter(name, at), name, deltas, monthOf(at)));
  if (periods.daily) writes.push(addToCounterItem(keys.dailyCounter(name, at), name, deltas, dayOf(at)));
  await Promise.all(writes);
}

/** ADDs `by` (default 1) to counter `name`'s `count`: TOTAL, plus the month's item with `{monthly: true}`. */
export function bump(name: string, by = 1, periods: CounterPeriods = {}): Promise<void> {
  return bumpAttributes(name, { [ATTR.count]: by }, periods);
}

const stripCounterKeys = (item: Record<string, unknown>): CounterValues => {
  const out: CounterValues = {};
  for (const [k, v] of Object.entries(item)) if (typeof v === 'number') out[k] = v;
  return out;
};

/** BatchGetItem of counter items (at most 100 a call; unprocessed keys re-asked), keyed by counter name. */
async function readCounterItems(itemKeys: Key[]): Promise<Map<string, CounterValues>> {
  const out = new Map<string, CounterValues>();
  for (let i = 0; i < itemKeys.length; i += 100) {
    let request: Record<string, unknown>[] | undefined = itemKeys.slice(i, i + 100) as unknown as Record<string, unknown>[];
    for (let round = 0; request && request.length > 0; round++) {
      if (round === 8) throw new Error('readCounterItems: keys still unprocessed after 8 rounds');
      if (round > 0) await new Promise((r) => setTimeout(r, 20 * 2 ** round));
      const res = await db().send(new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: request } } }));
      for (const item of res.Responses?.[tableName()] ?? []) {
        out.set(String(item.pk).slice('COUNTER#'.length), stripCounterKeys(item));
      }
      request = res.UnprocessedKeys?.[tableName()]?.Keys as Record<string, unknown>[] | undefined;
    }
  }
  return out;
}

/** Reads the TOTAL items of several counters in one BatchGetItem. Missing counters are absent from the map. */
export function readTotals(names: readonly string[]): Promise<Map<string, CounterValues>> {
  return readCounterItems([...new Set(names)].map((n) => keys.counter(n)));
}

/** Reads the items of one month (any date in it) of several counters in one BatchGetItem. */
export function readMonth(names: readonly string[], at: Date | string): Promise<Map<string, CounterValues>> {
  const iso = toIso(at);
  return readCounterItems([...new Set(names)].map((n) => keys.monthlyCounter(n, iso)));
}

/**
 * Reads the period items of one counter between two period values (inclusive): months `yyyy-mm` or days
 * `yyyy-mm-dd`. One Query on the counter's own partition, which holds at most one item per month or day.
 */
export async function readPeriods(name: string, kind: 'month' | 'day', from: string, to: string): Promise<Map<string, CounterValues>> {
  const prefix = keys.counterPeriodPrefix[kind];
  const out = new Map<string, CounterValues>();
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':pk': keys.counter(name).pk, ':from': `${prefix}${from}`, ':to': `${prefix}${to}` },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of res.Items ?? []) out.set(String(item.sk).slice(prefix.length), stripCounterKeys(item));
    start = res.LastEvaluatedKey as Record<string, unknown> | undefined;
  } while (start);
  return out;
}

/** Sums the period items of a `readPeriods` answer attribute by attribute. */
export function sumValues(items: Iterable<CounterValues>): CounterValues {
  const out: CounterValues = {};
  for (const item of items) for (const [k, v] of Object.entries(item)) out[k] = (out[k] ?? 0) + v;
  return out;
}
