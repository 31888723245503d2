import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { config } from '../lib/config';

let client: LambdaClient | undefined;

/** Lambda client; LAMBDA_ENDPOINT points it at the local runtime's stand-in (local/stand-ins/lambda.ts). */
function lambda(): LambdaClient {
  client ??= new LambdaClient({ region: config().region, endpoint: config().lambdaEndpoint, maxAttempts: 3 });
  return client;
}

export function resetLambdaClient(): void {
  client?.destroy();
  client = undefined;
}

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
