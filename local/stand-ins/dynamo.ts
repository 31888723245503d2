import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient, ResourceInUseException } from '@aws-sdk/client-dynamodb';
import { GSIS, TABLE_KEYS } from '../../functions/store/table';
import { guardServer } from './loopback-guard';

// dynalite has no type definitions; its factory returns a plain http.Server.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const dynalite = require('dynalite') as (opts: Record<string, unknown>) => Server;

export interface RunningDynamo {
  endpoint: string;
  close(): Promise<void>;
}

/**
 * Starts dynalite (the DynamoDB API) on loopback, for SDK clients only (loopback-guard.ts): in memory when `path` is absent (tests), persisted under
 * `path` otherwise (npm start). Port 0 picks a free port.
 */
export async function startDynalite(opts: { path?: string; port?: number } = {}): Promise<RunningDynamo> {
  const server = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0, path: opts.path });
  guardServer(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Creates the single table exactly as the CDK data stack declares it (same constants); a no-op if it exists. */
export async function ensureTable(endpoint: string, tableName: string, region = 'us-east-1'): Promise<void> {
  const client = new DynamoDBClient({
    endpoint,
    region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const attrs = new Set<string>([TABLE_KEYS.partitionKey, TABLE_KEYS.sortKey]);
  for (const g of GSIS) {
    attrs.add(g.partitionKey);
    attrs.add(g.sortKey);
  }
  try {
    await client.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [...attrs].map((AttributeName) => ({ AttributeName, AttributeType: 'S' })),
        KeySchema: [
          { AttributeName: TABLE_KEYS.partitionKey, KeyType: 'HASH' },
          { AttributeName: TABLE_KEYS.sortKey, KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: GSIS.map((g) => ({
          IndexName: g.indexName,
          KeySchema: [
            { AttributeName: g.partitionKey, KeyType: 'HASH' },
            { AttributeName: g.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        })),
      }),
    );
    await untilActive(client, tableName);
  } catch (err) {
    if (!(err instanceof ResourceInUseException)) throw err;
    await untilActive(client, tableName);
  } finally {
    client.destroy();
  }
}

/**
 * Waits until a table dynalite has just created is ACTIVE. dynalite answers CreateTable with CREATING and
 * flips the status on a timer; a read that wins that race (a busy machine) gets ResourceNotFoundException,
 * which made a fresh DATA_DIR fail to start now and then. The SDK's waiter polls every 20 s at least.
 */
export async function untilActive(client: DynamoDBClient, tableName: string, timeoutMs = 10_000): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; ; ) {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName })).catch(() => ({ Table: undefined }));
    if (Table?.TableStatus === 'ACTIVE') return;
    if (Date.now() > deadline) throw new Error(`table ${tableName} did not become ACTIVE within ${timeoutMs} ms`);
    await new Promise((ok) => setTimeout(ok, 20));
  }
}
