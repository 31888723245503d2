import { DescribeExecutionCommand, ListExecutionsCommand, SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { config, perConfig } from '../lib/config';
import { captureClient } from '../lib/tracer';

/** Step Functions client; STEPFUNCTIONS_ENDPOINT points it at the local stand-in (local/stand-ins/stepfunctions.ts). */
const sfn = perConfig(
  () => captureClient(new SFNClient({ region: config().region, endpoint: config().stepFunctionsEndpoint, maxAttempts: 3 })),
  (client) => client.destroy(),
);

/**
 * Starts a state machine execution named after the thing it works on, so a retried start of the same
 * search or case is refused by Step Functions (ExecutionAlreadyExists) instead of running twice.
 */
export async function startWorkflow(stateMachineArn: string, name: string, input: unknown): Promise<string> {
  const res = await sfn().send(new StartExecutionCommand({ stateMachineArn, name, input: JSON.stringify(input) }));
  return res.executionArn!;
}

/**
 * Executions of `stateMachineArn` that stopped with `status` since `since` (newest first, paged until older).
 * `error` is filled for FAILED ones from DescribeExecution, so the caller can tell a workflow's own Fail state.
 */
export async function listStoppedExecutions(
  stateMachineArn: string,
  status: 'FAILED' | 'TIMED_OUT' | 'ABORTED',
  since: Date,
): Promise<{ name: string; executionArn: string; stopDate?: Date; error?: string }[]> {
  const out: { name: string; executionArn: string; stopDate?: Date; error?: string }[] = [];
  let nextToken: string | undefined;
  do {
    const page = await sfn().send(new ListExecutionsCommand({ stateMachineArn, statusFilter: status, maxResults: 100, nextToken }));
    for (const e of page.executions ?? []) {
      if (e.stopDate && e.stopDate < since) return out;
      const error = status === 'FAILED' ? (await sfn().send(new DescribeExecutionCommand({ executionArn: e.executionArn! }))).error : undefined;
      out.push({ name: e.name!, executionArn: e.executionArn!, stopDate: e.stopDate, error });
    }
    nextToken = page.nextToken;
  } while (nextToken);
  return out;
}
