import { SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { config } from '../lib/config';

let client: SFNClient | undefined;

/** Step Functions client; STEPFUNCTIONS_ENDPOINT points it at the local stand-in (local/stand-ins/stepfunctions.ts). */
function sfn(): SFNClient {
  client ??= new SFNClient({ region: config().region, endpoint: config().stepFunctionsEndpoint, maxAttempts: 3 });
  return client;
}

export function resetWorkflowClient(): void {
  client?.destroy();
  client = undefined;
}

/**
 * Starts a state machine execution named after the thing it works on, so a retried start of the same
 * search or case is refused by Step Functions (ExecutionAlreadyExists) instead of running twice.
 */
export async function startWorkflow(stateMachineArn: string, name: string, input: unknown): Promise<string> {
  const res = await sfn().send(new StartExecutionCommand({ stateMachineArn, name, input: JSON.stringify(input) }));
  return res.executionArn!;
}
