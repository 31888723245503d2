import { renderSearchAsl } from '../infra/workflows/search-definition';
import { renderSubmissionAsl } from '../infra/workflows/submission-definition';
import { renderBulkSubmissionAsl } from '../infra/workflows/bulk-submission-definition';
import { renderAccountErasureAsl } from '../infra/workflows/account-erasure-definition';
import { ERASURE_TASK_HANDLERS } from '../functions/workflows/account-erasure';
import { searchTaskHandlers } from '../functions/workflows/search';
import { SUBMISSION_TASK_HANDLERS } from '../functions/workflows/submission';
import { BULK_TASK_HANDLERS } from '../functions/workflows/bulk-submission';
import { startStepFunctions, type LocalMachine, type RunningStepFunctions, type StepFunctionsOptions } from './stand-ins/stepfunctions';

export const SEARCH_MACHINE = 'vigil-search';
export const SUBMISSION_MACHINE = 'vigil-submission';
export const BULK_SUBMISSION_MACHINE = 'vigil-bulk-submission';
export const ACCOUNT_ERASURE_MACHINE = 'vigil-account-erasure';

export interface LocalWorkflows extends RunningStepFunctions {
  /** Environment the functions need to start these workflows through the SDK. */
  env: Record<string, string>;
}

/**
 * The workflows of the local runtime: the ASL that CDK deploys (rendered without a synth) run by the Step
 * Functions stand-in, with each Task state mapped to the same task function the Lambda runs.
 * `retryMs` shortens Retry waits (tests); Wait states wait as long as the execution asks (the submission's
 * re-check waits RECHECK_AFTER_SECONDS) unless `waitMs` overrides them.
 */
export async function startLocalWorkflows(
  opts: {
    retryMs?: number;
    waitMs?: number;
    extra?: LocalMachine[];
    /** Runs each Task state some other way (bundles mode: in the task's bundle); default: the source functions. */
    invokeTask?: (taskName: string, input: unknown) => Promise<unknown>;
    /** Keeps executions between runs (see StepFunctionsOptions.stateFile). */
    stateFile?: string;
    /** Ends the scan or case of an execution that stopped (FAILED, or interrupted by a stop of the runtime). */
    onStopped?: StepFunctionsOptions['onStopped'];
    /** Tests: definitions validated before are not validated again (see StepFunctionsOptions.validatedDir). */
    validatedDir?: string;
  } = {},
): Promise<LocalWorkflows> {
  const invoke = opts.invokeTask;
  const viaInvoke = (names: readonly string[]): LocalMachine['handlers'] =>
    Object.fromEntries(names.map((name) => [name, (input: unknown) => invoke!(name, input) as Promise<never>]));
  const machines: LocalMachine[] = [
    {
      name: SEARCH_MACHINE,
      definition: renderSearchAsl(),
      handlers: invoke ? viaInvoke(Object.keys(searchTaskHandlers)) : (searchTaskHandlers as unknown as LocalMachine['handlers']),
      retryMs: opts.retryMs ?? 1000,
    },
    {
      name: SUBMISSION_MACHINE,
      definition: renderSubmissionAsl(),
      handlers: invoke ? viaInvoke(Object.keys(SUBMISSION_TASK_HANDLERS)) : (SUBMISSION_TASK_HANDLERS as unknown as LocalMachine['handlers']),
      retryMs: opts.retryMs ?? 1000,
      waitMs: opts.waitMs,
    },
    {
      name: BULK_SUBMISSION_MACHINE,
      definition: renderBulkSubmissionAsl(),
      handlers: invoke ? viaInvoke(Object.keys(BULK_TASK_HANDLERS)) : (BULK_TASK_HANDLERS as unknown as LocalMachine['handlers']),
      retryMs: opts.retryMs ?? 1000,
    },
    {
      name: ACCOUNT_ERASURE_MACHINE,
      definition: renderAccountErasureAsl(),
      handlers: invoke ? viaInvoke(Object.keys(ERASURE_TASK_HANDLERS)) : (ERASURE_TASK_HANDLERS as unknown as LocalMachine['handlers']),
      retryMs: opts.retryMs ?? 1000,
      waitMs: opts.waitMs,
    },
    ...(opts.extra ?? []),
  ];
  const sfn = await startStepFunctions(machines, { stateFile: opts.stateFile, onStopped: opts.onStopped, validatedDir: opts.validatedDir });
  return {
    ...sfn,
    env: {
      STEPFUNCTIONS_ENDPOINT: sfn.endpoint,
      SEARCH_STATE_MACHINE_ARN: sfn.arnOf(SEARCH_MACHINE),
      SUBMISSION_STATE_MACHINE_ARN: sfn.arnOf(SUBMISSION_MACHINE),
      BULK_SUBMISSION_STATE_MACHINE_ARN: sfn.arnOf(BULK_SUBMISSION_MACHINE),
      ACCOUNT_ERASURE_STATE_MACHINE_ARN: sfn.arnOf(ACCOUNT_ERASURE_MACHINE),
    },
  };
}
