import { BatchGetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../store/table';
import { keys } from '../../store/keys';
import { isConditionFailure } from '../../store/table';
import { addCounterDeltas } from '../stats';
import type { MilestoneStage } from './counters';

/**
 * Per-user totals the admin's user table shows, kept on the user's counters item (`USER#id / COUNTERS`, the
 * item that also holds the stats of services/stats.ts) with atomic ADD. Also the once-per-user flags behind
 * the funnel and the "active this month" figure.
 */
export const USER_TOTALS = ['searches', 'dmcaCases', 'totalSpentCents'] as const;
export type UserTotal = (typeof USER_TOTALS)[number];

/** ADDs to a user's totals (one UpdateItem; creates the item on first use). */
export function addToUserTotals(userId: string, deltas: Partial<Record<UserTotal, number>>): Promise<void> {
  return addCounterDeltas(userId, deltas);
}

/** A user's totals (0 when never counted). */
export interface UserTotals {
  searches: number;
  dmcaCases: number;
  totalSpentCents: number;
}

/** Reads the totals of many users with BatchGetItem (at most 100 a call; unprocessed keys re-asked). */
export async function readUserTotals(userIds: readonly string[]): Promise<Map<string, UserTotals>> {
  const out = new Map<string, UserTotals>();
  const ids = [...new Set(userIds)];
  for (let i = 0; i < ids.length; i += 100) {
    let request: Record<string, unknown>[] | undefined = ids.slice(i, i + 100).map((id) => ({ ...keys.userCounters(id) }));
    for (let round = 0; request && request.length > 0; round++) {
      if (round === 8) throw new Error('readUserTotals: keys still unprocessed after 8 rounds');
      if (round > 0) await new Promise((r) => setTimeout(r, 20 * 2 ** round));
      const res = await db().send(
        new BatchGetCommand({
          RequestItems: {
            [tableName()]: { Keys: request, ProjectionExpression: 'userId, searches, dmcaCases, totalSpentCents' },
          },
        }),
      );
      for (const item of res.Responses?.[tableName()] ?? []) {
        const n = (v: unknown) => Math.max(0, Number(v ?? 0) || 0);
        out.set(String(item.userId), { searches: n(item.searches), dmcaCases: n(item.dmcaCases), totalSpentCents: n(item.totalSpentCents) });
      }
      request = res.UnprocessedKeys?.[tableName()]?.Keys as Record<string, unknown>[] | undefined;
    }
  }
  return out;
}

/**
 * Sets a flag attribute on the user's counters item once: `SET <flag> = :value` if it is absent (or, with
 * `unlessEquals`, differs from `value`). Returns true for the call that set it, so whatever is counted once per
 * user (a funnel stage, the first activity of a month) is counted by exactly one caller, also under concurrency.
 */
export async function setUserFlagOnce(userId: string, flag: string, value: string, unlessEquals = false): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.userCounters(userId),
        UpdateExpression: 'SET userId = :u, #f = :v',
        ConditionExpression: unlessEquals ? 'attribute_not_exists(#f) OR #f <> :v' : 'attribute_not_exists(#f)',
        ExpressionAttributeNames: { '#f': flag },
        ExpressionAttributeValues: { ':u': userId, ':v': value },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/** The flag attribute of a funnel stage. */
export const milestoneFlag = (stage: MilestoneStage) => `reached:${stage}`;
/** The flag attribute holding the last month (`yyyy-mm`) the user was counted active. */
export const ACTIVE_MONTH_FLAG = 'activeMonth';
