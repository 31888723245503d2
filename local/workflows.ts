import { renderSearchAsl } from '../infra/workflows/search-definition';
import { searchTaskHandlers } from '../functions/workflows/search';
import { startStepFunctions, type LocalMachine, type RunningStepFunctions } from './stand-ins/stepfunctions';

export const SEARCH_MACHINE = 'vigil-search';

export interface LocalWorkflows extends RunningStepFunctions {
  /** Environment the functions need to start these workflows through the SDK. */
  env: Record<string, string>;
}

/**
 * The workflows of the local runtime: the ASL that CDK deploys (rendered without a synth) run by the Step
 * Functions stand-in, with each Task state mapped to the same task function the Lambda runs.
 * `retryMs` shortens Retry waits (tests); Wait states run instantly unless the machine says otherwise.
 */
export async function startLocalWorkflows(opts: { retryMs?: number; extra?: LocalMachine[] } = {}): Promise<LocalWorkflows> {
  const machines: LocalMachine[] = [
    {
      name: SEARCH_MACHINE,
      definition: renderSearchAsl(),
      handlers: searchTaskHandlers as unknown as LocalMachine['handlers'],
      retryMs: opts.retryMs ?? 1000,
    },
    ...(opts.extra ?? []),
  ];
  const sfn = await startStepFunctions(machines);
  return {
    ...sfn,
    env: {
      STEPFUNCTIONS_ENDPOINT: sfn.endpoint,
      SEARCH_STATE_MACHINE_ARN: sfn.arnOf(SEARCH_MACHINE),
    },
  };
}
