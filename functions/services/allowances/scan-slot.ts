import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../store/table';
import { keys } from '../../store/keys';
import { TTL_ATTRIBUTE } from '../../store/table';
import { TooManyRequestsError } from '../../lib/errors';
import { isConditionFailure } from '../../store/table';

/**
 * At most one scan starting or running per user (issue 10's abuse limit beside the monthly allowance). One slot
 * item per user holds a lease: the search id holding it and `leaseUntil`. The slot itself says whether it is
 * taken, because the search item is only written once the scan is admitted (after the allowance and the
 * reference files): reading "no search" as "not running" admitted a second start in that window. The slot is
 * free when:
 * - it is absent: never taken, or released by its scan's end (`finishSearch`) or by a start that failed;
 * - its lease has run out and its search is not `running` (a release lost to a crash; a start that died before
 *   writing its search).
 * A live lease is held whatever its search says; a scan still running after the lease keeps the slot until it
 * ends (the reconciler ends a stuck one, docs/ARCHITECTURE.md "Crash safety"). A new holder takes the slot with a
 * conditional put on the holder read, so of two parallel starts exactly one wins.
 */
export const SLOT_LEASE_SECONDS = 10 * 60;

/**
 * The lease covers the start window (slot -> allowance -> reference files -> search written), which an API
 * function's time limit (at most 27 s) bounds well within it, and is how long a lost release blocks the user.
 * The item itself stays a day for DynamoDB's TTL to remove: TTL must never delete a slot whose scan still runs.
 */
const SLOT_ITEM_DAYS = 1;

class ScanRunningError extends TooManyRequestsError {
  constructor(retryAfterSeconds: number) {
    super('A scan of yours is already running. Wait for it to finish before starting another.', retryAfterSeconds);
  }
}

/** The holder's search status, read here rather than through searches.ts, which releases the slot when a scan ends. */
async function searchStatus(searchId: string): Promise<string | undefined> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.entity('SEARCH', searchId), ConsistentRead: true, ProjectionExpression: '#s', ExpressionAttributeNames: { '#s': 'status' } }),
  );
  return Item?.status as string | undefined;
}

/** Takes the user's scan slot for `searchId`, or throws 429 (with Retry-After) while another scan holds it. */
export async function takeScanSlot(userId: string, searchId: string, now = new Date()): Promise<void> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.scanSlot(userId), ConsistentRead: true }));
  if (Item) {
    const leaseUntil = Number(Item.leaseUntil ?? 0);
    if (leaseUntil > nowSeconds) throw new ScanRunningError(Math.min(60, leaseUntil - nowSeconds));
    if ((await searchStatus(Item.searchId as string)) === 'running') throw new ScanRunningError(60);
  }
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.scanSlot(userId),
          userId,
          searchId,
          takenAt: now.toISOString(),
          leaseUntil: nowSeconds + SLOT_LEASE_SECONDS,
          [TTL_ATTRIBUTE]: nowSeconds + SLOT_ITEM_DAYS * 86_400,
        },
        ConditionExpression: Item ? 'searchId = :held' : 'attribute_not_exists(pk)',
        ...(Item ? { ExpressionAttributeValues: { ':held': Item.searchId } } : {}),
      }),
    );
  } catch (err) {
    if (isConditionFailure(err)) throw new ScanRunningError(60);
    throw err;
  }
}

/** Frees the slot if `searchId` holds it: its scan ended, or did not start. A slot held by another scan is left. */
export async function releaseScanSlot(userId: string, searchId: string): Promise<void> {
  try {
    await db().send(
      new DeleteCommand({ TableName: tableName(), Key: keys.scanSlot(userId), ConditionExpression: 'searchId = :id', ExpressionAttributeValues: { ':id': searchId } }),
    );
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}
