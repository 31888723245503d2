import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { UserStats } from '../../shared/schemas/search';
import { db, tableName } from '../store/table';
import { keys } from '../store/keys';

/** The counters of `GET /api/user/{id}/stats`, all on the one item `keys.userCounters(userId)`. */
export const STAT_COUNTERS = ['activeViolations', 'resolvedCases', 'dmcaSent', 'pendingReview'] as const;
export type StatCounter = (typeof STAT_COUNTERS)[number];

/**
 * Reads a user's stats: one GetItem. A counter never touched is zero; a counter that drifted below zero
 * (see the failure modes in docs/ARCHITECTURE.md) is shown as zero.
 */
export async function getUserStats(userId: string): Promise<UserStats> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.userCounters(userId), ConsistentRead: true }));
  const read = (name: StatCounter) => Math.max(0, Number(Item?.[name] ?? 0) || 0);
  return {
    activeViolations: read('activeViolations'),
    resolvedCases: read('resolvedCases'),
    dmcaSent: read('dmcaSent'),
    pendingReview: read('pendingReview'),
  };
}

/**
 * Adds (or, with negative numbers, subtracts) to a user's counters in one atomic UpdateItem with `ADD`, so
 * concurrent writers never lose an update. Creates the counters item on first use. Zero deltas are skipped;
 * with nothing to change no request is made.
 *
 * Used by: result persistence (pendingReview), review (pendingReview, activeViolations), takedowns
 * (dmcaSent, resolvedCases, activeViolations).
 */
export function addToUserCounters(userId: string, deltas: Partial<Record<StatCounter, number>>): Promise<void> {
  return addCounterDeltas(userId, deltas);
}

/**
 * The one atomic `ADD` on a user's counters item (`USER#id / COUNTERS`), shared by the stats above and the
 * admin's per-user totals (services/metrics/user-totals.ts), which live on the same item.
 */
export async function addCounterDeltas(userId: string, deltas: Partial<Record<string, number>>): Promise<void> {
  const entries = Object.entries(deltas).filter(([, v]) => typeof v === 'number' && v !== 0 && Number.isFinite(v));
  if (entries.length === 0) return;
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':u': userId };
  const adds = entries.map(([name, value], i) => {
    names[`#c${i}`] = name;
    values[`:c${i}`] = value;
    return `#c${i} :c${i}`;
  });
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.userCounters(userId),
      UpdateExpression: `SET userId = :u ADD ${adds.join(', ')}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    }),
  );
}
