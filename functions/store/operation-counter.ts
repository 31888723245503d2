import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { db } from './table';

/** DynamoDB commands by kind, under the low-level names the document client's commands reach the stack with. */
export const READ_COMMANDS = new Set(['GetItemCommand', 'BatchGetItemCommand', 'QueryCommand', 'ScanCommand', 'TransactGetItemsCommand']);
export const WRITE_COMMANDS = new Set(['PutItemCommand', 'UpdateItemCommand', 'DeleteItemCommand', 'BatchWriteItemCommand', 'TransactWriteItemsCommand']);

export interface DynamoOperationCounter {
  /** Operations since the start (or the last reset), by command name (`PutItemCommand`, ...). */
  readonly byCommand: Map<string, number>;
  reads(): number;
  writes(): number;
  reset(): void;
  /** Removes the middleware. */
  stop(): void;
}

let counters = 0;

/**
 * Counts the DynamoDB operations the functions make, by command, with a middleware on the client's stack (the
 * document client shares the low-level client's). For measurements and tests only (bench:api, the "no write
 * on a GET" test): nothing in the functions installs it.
 */
export function countDynamoOperations(client: DynamoDBDocumentClient = db()): DynamoOperationCounter {
  const name = `vigilOperationCounter${++counters}`;
  const byCommand = new Map<string, number>();
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const command = (context as { commandName?: string }).commandName ?? 'unknown';
      byCommand.set(command, (byCommand.get(command) ?? 0) + 1);
      return next(args);
    },
    { step: 'initialize', name },
  );
  const sum = (kinds: Set<string>) => [...byCommand].reduce((a, [c, n]) => a + (kinds.has(c) ? n : 0), 0);
  return {
    byCommand,
    reads: () => sum(READ_COMMANDS),
    writes: () => sum(WRITE_COMMANDS),
    reset: () => byCommand.clear(),
    stop: () => void client.middlewareStack.remove(name),
  };
}
