import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from '../../lib/config';
import { captureClient } from '../../lib/tracer';

let client: DynamoDBDocumentClient | undefined;

/** The document client, created once per process; the endpoint comes from configuration (dynalite locally). */
export function db(): DynamoDBDocumentClient {
  client ??= DynamoDBDocumentClient.from(
    captureClient(
      new DynamoDBClient({
        endpoint: config().dynamoEndpoint,
        region: config().region,
        maxAttempts: 3,
      }),
    ),
    { marshallOptions: { removeUndefinedValues: true } },
  );
  return client;
}

/** Drops the cached client (tests point the process at a fresh dynalite). */
export function resetDbClient(): void {
  client?.destroy();
  client = undefined;
}

export function tableName(): string {
  return config().tableName;
}
