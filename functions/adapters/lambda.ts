import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { config, perConfig } from '../lib/config';

/** Lambda client; LAMBDA_ENDPOINT points it at the local runtime's stand-in (local/stand-ins/lambda.ts). */
const lambda = perConfig(
  () => new LambdaClient({ region: config().region, endpoint: config().lambdaEndpoint, maxAttempts: 3 }),
  (client) => client.destroy(),
);

/**
 * Queues one asynchronous invocation (`InvocationType: Event`): Lambda answers 202 once the event is queued and
 * retries a failed run twice, so the caller never waits for the work nor fails with it.
 */
export async function invokeAsync(functionName: string, payload: unknown): Promise<void> {
  const res = await lambda().send(
    new InvokeCommand({ FunctionName: functionName, InvocationType: 'Event', Payload: new TextEncoder().encode(JSON.stringify(payload)) }),
  );
  if (res.StatusCode !== 202) throw new Error(`asynchronous invoke of ${functionName} answered ${res.StatusCode}`);
}
