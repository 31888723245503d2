import type { EventBridgeEvent } from 'aws-lambda';
import { getCase, updateSubmission } from '../../services/cases/case-store';
import { getSearch } from '../../services/search/searches';
import { startHarness, type Harness } from '../../../test/harness';
import { ENDED_REASONS, handler } from './execution-ended';
import { caseInSubmission, searchWithId } from '../../../test/recovery-seeds';

// The EventBridge rule's target on AWS (infra/stacks/workflows-stack.ts, ExecutionStoppedRule): called here with
// the event as Step Functions sends it, not with the function's own argument type.
const ACCOUNT = '123456789012';
const SEARCH_ARN = `arn:aws:states:us-east-1:${ACCOUNT}:stateMachine:SearchStateMachineA1B2C3`;
const SUBMISSION_ARN = `arn:aws:states:us-east-1:${ACCOUNT}:stateMachine:SubmissionStateMachineD4E5F6`;

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ env: { SEARCH_STATE_MACHINE_ARN: SEARCH_ARN, SUBMISSION_STATE_MACHINE_ARN: SUBMISSION_ARN } });
});
afterAll(() => h.close());

type Status = 'FAILED' | 'TIMED_OUT' | 'ABORTED' | 'SUCCEEDED' | 'RUNNING';

/** A "Step Functions Execution Status Change" event, every field as EventBridge delivers it (AWS docs' samples). */
function statusChange(machine: string, name: string, status: Status, input: unknown, failure?: { error: string; cause: string }) {
  const executionArn = `${machine.replace(':stateMachine:', ':execution:')}:${name}`;
  const ended = status !== 'RUNNING';
  return {
    version: '0',
    id: '315c1398-40ff-a850-213b-158f73e60175',
    'detail-type': 'Step Functions Execution Status Change',
    source: 'aws.states',
    account: ACCOUNT,
    time: '2026-11-27T10:42:21Z',
    region: 'us-east-1',
    resources: [executionArn],
    detail: {
      executionArn,
      stateMachineArn: machine,
      name,
      status,
      startDate: 1796035314968,
      stopDate: ended ? 1796035341576 : null,
      input: JSON.stringify(input),
      output: null,
      inputDetails: { included: true },
      outputDetails: null,
      error: failure?.error ?? null,
      cause: failure?.cause ?? null,
      redriveCount: 0,
      redriveStatus: 'NOT_REDRIVABLE',
    },
  } as unknown as EventBridgeEvent<'Step Functions Execution Status Change', never>;
}

const USER = 'u-ended';
const newSearch = (id: string) => searchWithId(id, USER);
const newCase = async (id: string) => {
  await caseInSubmission(id, USER);
  await updateSubmission(id, 1, { state: 'sending' });
};

describe('ExecutionEnded, given the EventBridge status change event', () => {
  it.each(['FAILED', 'TIMED_OUT', 'ABORTED'] as const)('ends a running scan whose execution %s, with that status\'s reason', async (status) => {
    const id = `s-${status.toLowerCase()}`;
    await newSearch(id);
    const failure = status === 'FAILED' ? { error: 'Lambda.Unknown', cause: 'The Lambda function QueryEngine timed out' } : undefined;
    const event = statusChange(SEARCH_ARN, id, status, { searchId: id, engines: ['google', 'bing'], query: 'Luna' }, failure);
    expect(await handler(event)).toEqual({ kind: 'search', ended: true });
    const s = (await getSearch(id))!;
    expect(s.status).toBe('failed');
    expect(s.metadata).toMatchObject({ error: ENDED_REASONS[status].search, failedEngines: ['google', 'bing'] });
    // EventBridge delivers at least once: the same event again changes nothing.
    expect(await handler(event)).toEqual({ kind: 'search', ended: false });
  });

  it.each(['FAILED', 'TIMED_OUT', 'ABORTED'] as const)('ends the case attempt whose submission execution %s, with that status\'s reason', async (status) => {
    const id = `c-${status.toLowerCase()}`;
    await newCase(id);
    // Submission executions are named <caseId>-<attempt>.
    const event = statusChange(SUBMISSION_ARN, `${id}-1`, status, { caseId: id, attempt: 1 }, status === 'FAILED' ? { error: 'States.TaskFailed', cause: 'SendNotice' } : undefined);
    expect(await handler(event)).toEqual({ kind: 'submission', ended: true });
    expect((await getCase(id))!.submission).toMatchObject({ attempt: 1, state: 'failed', error: ENDED_REASONS[status].submission });
  });

  it('leaves the case alone when the workflow failed through its own RecordFailure (the case already says why)', async () => {
    await newCase('c-recorded');
    await updateSubmission('c-recorded', 1, { state: 'failed', error: 'No abuse contact was found for copy.example.' });
    const event = statusChange(SUBMISSION_ARN, 'c-recorded-1', 'FAILED', { caseId: 'c-recorded', attempt: 1 }, { error: 'SubmissionFailed', cause: 'recorded' });
    expect(await handler(event)).toEqual({ kind: 'submission', ended: false });
    expect((await getCase('c-recorded'))!.submission?.error).toBe('No abuse contact was found for copy.example.');
  });

  it.each(['SUCCEEDED', 'RUNNING'] as const)('ignores a %s execution', async (status) => {
    await newSearch(`s-${status.toLowerCase()}`);
    expect(await handler(statusChange(SEARCH_ARN, `s-${status.toLowerCase()}`, status, { searchId: `s-${status.toLowerCase()}` }))).toEqual({ kind: 'ignored', ended: false });
    expect((await getSearch(`s-${status.toLowerCase()}`))!.status).toBe('running');
  });
});
