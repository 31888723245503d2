import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../functions/store/table';

/**
 * Every item of the test table, by a full Scan: what a test uses to prove something is NOT stored anywhere
 * (nothing of an erased user remains). The product never scans (store/entities/user-data.ts finds a user's items).
 */
export async function scanAllItems(): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db().send(new ScanCommand({ TableName: tableName(), ExclusiveStartKey: start }));
    items.push(...((page.Items ?? []) as Record<string, unknown>[]));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}
