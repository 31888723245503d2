import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../store/table';
import { keys } from '../../store/keys';
import { monthOf, toIso } from './periods';

/**
 * A user's usage per UTC month, on one item per user and month (`USER#id / USAGE#yyyy-mm`) whose figures change
 * only with atomic ADD. The producers' hooks (./hooks.ts) bump it next to the global counters; the Account
 * page's Usage tab reads it (services/usage.ts). A month nobody used reads as zeros.
 */
export const USER_USAGE = ['searches', 'cases', 'violations'] as const;
export type UserUsageFigure = (typeof USER_USAGE)[number];

/** One month of a user's usage. */
export interface UserMonthUsage {
  /** `yyyy-mm` (UTC). */
  period: string;
  /** Searches (scans) started. */
  searches: number;
  /** DMCA cases created. */
  cases: number;
  /** Results stored for the user's scans ("violations found"). */
  violations: number;
}

/**
 * ADDs `deltas` to the user's item of the month of `at` (default now) in one UpdateItem, creating it on first
 * use. Zero or non-finite deltas are skipped; nothing is written when none is left.
 */
export async function addToUserMonth(userId: string, deltas: Partial<Record<UserUsageFigure, number>>, at?: Date | string): Promise<void> {
  const entries = Object.entries(deltas).filter(([, v]) => typeof v === 'number' && Number.isFinite(v) && v !== 0);
  if (entries.length === 0) return;
  const iso = toIso(at);
  const names: Record<string, string> = { '#period': 'period' };
  const values: Record<string, unknown> = { ':u': userId, ':period': monthOf(iso) };
  const adds = entries.map(([name, value], i) => {
    names[`#f${i}`] = name;
    values[`:f${i}`] = value;
    return `#f${i} :f${i}`;
  });
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.userMonth(userId, iso),
      UpdateExpression: `SET userId = :u, #period = :period ADD ${adds.join(', ')}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    }),
  );
}

/** The user's usage in the month of `at` (default now); zeros for a month with no item. */
export async function readUserMonth(userId: string, at?: Date | string): Promise<UserMonthUsage> {
  const iso = toIso(at);
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.userMonth(userId, iso), ConsistentRead: true }));
  const n = (v: unknown) => Math.max(0, Number(v ?? 0) || 0);
  return { period: monthOf(iso), searches: n(Item?.searches), cases: n(Item?.cases), violations: n(Item?.violations) };
}
