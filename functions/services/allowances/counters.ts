import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../adapters/dynamo/client';
import type { Key } from '../../adapters/dynamo/keys';
import { TTL_ATTRIBUTE } from '../../adapters/dynamo/table-design';
import { isConditionFailure } from '../../adapters/dynamo/io';

/**
 * A counted allowance on one item attribute: `take` ADDs `n` in ONE conditional UpdateItem that succeeds only
 * while the count stays within the limit (`attribute_not_exists(#c) OR #c <= :max`, with `:max = limit - n`),
 * so of parallel requests at the limit exactly one is admitted and a refused request writes nothing. A `null`
 * limit is unlimited: the use is still counted, so the Usage tab can show it.
 */
export interface CounterRef {
  key: Key;
  attribute: string;
  /** Attributes SET beside the count (for example the owner and the period, for reading the item back). */
  set?: Record<string, unknown>;
  /** Epoch seconds after which the item may be deleted by TTL. */
  ttl?: number;
}

export type TakeOutcome = { taken: true } | { taken: false; used: number };

function setClause(ref: CounterRef, names: Record<string, string>, values: Record<string, unknown>): string {
  const parts = Object.entries({ ...ref.set, ...(ref.ttl ? { [TTL_ATTRIBUTE]: ref.ttl } : {}) }).map(([k, v], i) => {
    names[`#s${i}`] = k;
    values[`:s${i}`] = v;
    return `#s${i} = :s${i}`;
  });
  return parts.length ? `SET ${parts.join(', ')} ` : '';
}

export async function takeCount(ref: CounterRef, limit: number | null, n = 1): Promise<TakeOutcome> {
  const names: Record<string, string> = { '#c': ref.attribute };
  const values: Record<string, unknown> = { ':n': n };
  const set = setClause(ref, names, values);
  if (limit !== null) values[':max'] = limit - n;
  // More than the whole limit at once: refused without a write (a missing counter would pass the condition).
  if (limit !== null && n > limit) return { taken: false, used: await readCount(ref) };
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: ref.key,
        UpdateExpression: `${set}ADD #c :n`,
        ...(limit !== null ? { ConditionExpression: 'attribute_not_exists(#c) OR #c <= :max' } : {}),
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
    return { taken: true };
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
    return { taken: false, used: await readCount(ref) };
  }
}

/** Gives `n` uses back (the work they were taken for did not start); never below zero. */
export async function giveCount(ref: CounterRef, n = 1): Promise<void> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: ref.key,
        UpdateExpression: 'ADD #c :minus',
        ConditionExpression: '#c >= :n',
        ExpressionAttributeNames: { '#c': ref.attribute },
        ExpressionAttributeValues: { ':minus': -n, ':n': n },
      }),
    );
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}

/** The current count (consistent read); 0 when the item or attribute does not exist. */
export async function readCount(ref: Pick<CounterRef, 'key' | 'attribute'>): Promise<number> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: ref.key, ConsistentRead: true }));
  return Math.max(0, Number(Item?.[ref.attribute] ?? 0) || 0);
}
