import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../adapters/dynamo/client';
import { TTL_ATTRIBUTE } from '../../adapters/dynamo/table-design';
import { TooManyRequestsError } from '../../lib/errors';
import { isConditionFailure } from '../../adapters/dynamo/io';
import { getSearch } from '../search/searches';

/**
 * At most one scan starting or running per user (issue 10's abuse limit beside the monthly allowance). One slot
 * item per user names the scan holding it; a new scan takes the slot with a conditional put on the value read,
 * so of two parallel starts exactly one wins. The slot is free when its scan is no longer running (the workflow
 * finished it) or after SLOT_SECONDS, so a scan stuck in `running` blocks nobody for ever. Nothing else has to
 * release it, which keeps the search workflow untouched.
 */
export const SLOT_SECONDS = 2 * 3600;

const slotKey = (userId: string) => ({ pk: `USER#${userId}`, sk: 'SCAN_SLOT' });

class ScanRunningError extends TooManyRequestsError {
  constructor(retryAfterSeconds: number) {
    super('A scan of yours is already running. Wait for it to finish before starting another.', retryAfterSeconds);
  }
}

/** Takes the user's scan slot for `searchId`, or throws 429 (with Retry-After) while another scan holds it. */
export async function takeScanSlot(userId: string, searchId: string, now = new Date()): Promise<void> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: slotKey(userId), ConsistentRead: true }));
  if (Item) {
    const expires = Number(Item[TTL_ATTRIBUTE] ?? 0);
    const holder = Item.searchId as string;
    if (expires > nowSeconds && (await getSearch(holder))?.status === 'running') throw new ScanRunningError(60);
  }
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...slotKey(userId), searchId, takenAt: now.toISOString(), [TTL_ATTRIBUTE]: nowSeconds + SLOT_SECONDS },
        ConditionExpression: Item ? 'searchId = :held' : 'attribute_not_exists(pk)',
        ...(Item ? { ExpressionAttributeValues: { ':held': Item.searchId } } : {}),
      }),
    );
  } catch (err) {
    if (isConditionFailure(err)) throw new ScanRunningError(60);
    throw err;
  }
}

/** Frees the slot if `searchId` holds it (its scan did not start). */
export async function releaseScanSlot(userId: string, searchId: string): Promise<void> {
  try {
    await db().send(
      new DeleteCommand({ TableName: tableName(), Key: slotKey(userId), ConditionExpression: 'searchId = :id', ExpressionAttributeValues: { ':id': searchId } }),
    );
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}
