import { BatchWriteCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { GSIS, type GsiName } from './table-design';

type Item = Record<string, unknown>;
const PAGE = 1000;

/**
 * Reads one partition of a GSI in descending sort-key order (newest first, since our sort values start with
 * a time) until `limit` items are collected or the partition ends. `below`, when given, is an exclusive upper
 * bound on the sort key (the cursor of the next page).
 */
export async function queryNewest(opts: { index: GsiName; partition: string; limit: number; below?: string }): Promise<Item[]> {
  const gsi = GSIS.find((g) => g.indexName === opts.index)!;
  const input: QueryCommandInput = {
    TableName: tableName(),
    IndexName: gsi.indexName,
    KeyConditionExpression: opts.below ? '#pk = :pk AND #sk < :below' : '#pk = :pk',
    ExpressionAttributeNames: opts.below ? { '#pk': gsi.partitionKey, '#sk': gsi.sortKey } : { '#pk': gsi.partitionKey },
    ExpressionAttributeValues: opts.below ? { ':pk': opts.partition, ':below': opts.below } : { ':pk': opts.partition },
    ScanIndexForward: false,
  };
  const items: Item[] = [];
  let start: Item | undefined;
  do {
    const page = await db().send(
      new QueryCommand({ ...input, Limit: Math.min(PAGE, opts.limit - items.length), ExclusiveStartKey: start }),
    );
    items.push(...((page.Items ?? []) as Item[]));
    start = page.LastEvaluatedKey as Item | undefined;
  } while (start && items.length < opts.limit);
  return items;
}

const BATCH_SIZE = 25; // the BatchWriteItem maximum
const MAX_ROUNDS = 8;

/**
 * Puts items with BatchWriteItem in chunks of 25, re-sending what DynamoDB hands back as unprocessed (it does
 * so under throttling) with exponential backoff and jitter. The SDK retries whole failed calls but not
 * partial successes, which is why this loop exists. Throws if items are still unprocessed after 8 rounds.
 */
export async function batchPut(items: Item[]): Promise<void> {
  for (let i = 0; i < items.length; i += BATCH_SIZE) {
    let requests = items.slice(i, i + BATCH_SIZE).map((Item) => ({ PutRequest: { Item } }));
    for (let round = 0; requests.length > 0; round++) {
      if (round === MAX_ROUNDS) throw new Error(`batchPut: ${requests.length} items still unprocessed after ${MAX_ROUNDS} rounds`);
      if (round > 0) await new Promise((r) => setTimeout(r, Math.random() * Math.min(2000, 50 * 2 ** round)));
      const res = await db().send(new BatchWriteCommand({ RequestItems: { [tableName()]: requests } }));
      requests = (res.UnprocessedItems?.[tableName()] ?? []) as typeof requests;
    }
  }
}

/** True for the error DynamoDB returns when a ConditionExpression is not met. */
export const isConditionFailure = (err: unknown) => (err as { name?: string })?.name === 'ConditionalCheckFailedException';
