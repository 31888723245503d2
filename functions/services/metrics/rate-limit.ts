import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../adapters/dynamo/client';
import { keys } from '../../adapters/dynamo/keys';
import { TTL_ATTRIBUTE } from '../../adapters/dynamo/table-design';
import { isConditionFailure } from '../../adapters/dynamo/io';

export interface RateLimit {
  /** Name of the limit (part of the key), e.g. `contact`. */
  name: string;
  /** Most uses per window. */
  max: number;
  /** Window length; windows are aligned to the epoch (an hour limit resets on the hour). */
  windowSeconds: number;
}

const windowOf = (limit: RateLimit, now: Date) => Math.floor(now.getTime() / 1000 / limit.windowSeconds);

/**
 * Takes one use of a fixed-window rate limit for `subject` (a user id): one UpdateItem that ADDs 1 to the
 * window's item only while its count is below `max`, so concurrent requests can never exceed it. Returns false
 * when the window is full. The item expires by TTL a minute after its window ends.
 */
export async function takeRateToken(limit: RateLimit, subject: string, now = new Date()): Promise<boolean> {
  const window = windowOf(limit, now);
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.rateWindow(limit.name, subject, String(window)),
        UpdateExpression: 'SET #ttl = :ttl ADD #count :one',
        ConditionExpression: 'attribute_not_exists(#count) OR #count < :max',
        ExpressionAttributeNames: { '#count': 'count', '#ttl': TTL_ATTRIBUTE },
        ExpressionAttributeValues: { ':one': 1, ':max': limit.max, ':ttl': (window + 1) * limit.windowSeconds + 60 },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/** Gives a use back (the request it was taken for failed before doing anything). Best-effort. */
export async function returnRateToken(limit: RateLimit, subject: string, now = new Date()): Promise<void> {
  await db()
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.rateWindow(limit.name, subject, String(windowOf(limit, now))),
        UpdateExpression: 'ADD #count :minus',
        ConditionExpression: '#count > :zero',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
      }),
    )
    .catch(() => undefined);
}
