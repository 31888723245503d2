import { App, Stack } from 'aws-cdk-lib';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { StateMachine } from 'aws-local-stepfunctions';
import { fakeFunctionArn } from '../workflows/render-asl';
import { SUBMISSION_ERRORS, SUBMISSION_TASKS, buildSubmissionDefinition, renderSubmissionAsl } from '../workflows/submission-definition';

type Json = Record<string, unknown>;

/** Runs the rendered ASL in aws-local-stepfunctions with in-process handlers; waits and retries take no time. */
async function run(handlers: Record<string, (input: Json) => unknown>, input: Json = {}) {
  const machine = new StateMachine(renderSubmissionAsl() as never, { validationOptions: { checkArn: false } });
  const states = [...SUBMISSION_TASKS];
  const execution = machine.run({ caseId: 'c1', userId: 'u1', attempt: 1, recheckAfterSeconds: 86400, ...input } as never, {
    overrides: {
      taskResourceLocalHandlers: handlers as never,
      retryIntervalOverrides: Object.fromEntries(states.map((s) => [s, 0])),
      waitTimeOverrides: { WaitBeforeRecheck: 0, WaitBeforeDelistingCheck: 0 },
    },
  });
  return execution.result.then(
    (output) => ({ ok: true as const, output: output as Json }),
    (error: Error) => ({ ok: false as const, error }),
  );
}

const named = (name: string, message = name) => Object.assign(new Error(message), { name });

const happy = (calls: string[]) => ({
  FindContact: () => (calls.push('FindContact'), { found: true, step: 'host', email: 'abuse@host.test', source: 'rdap-ip' }),
  SendNotice: () => (calls.push('SendNotice'), { recipient: 'abuse@host.test', messageId: '<m1>', pdfKey: 'k' }),
  MarkSent: () => (calls.push('MarkSent'), { transitioned: true, recheckAt: 'later' }),
  Recheck: () => (calls.push('Recheck'), { outcome: 'removed', reason: 'gone', urls: [] }),
  Climb: () => (calls.push('Climb'), { next: 'end' }),
  QueueDelisting: () => (calls.push('QueueDelisting'), { settled: false, checksLeft: 2 }),
  CheckDelisting: () => (calls.push('CheckDelisting'), { settled: true, checksLeft: 0 }),
  RecordFailure: (input: Json) => (calls.push('RecordFailure'), { recorded: true, error: (input.failure as Json).Error }),
});

describe('renderSubmissionAsl', () => {
  it('renders every task as a Lambda Task state, with the wait read from the input', () => {
    const asl = renderSubmissionAsl();
    // A case whose host notice went out in a bulk batch's grouped message starts sent (issue 23).
    expect(asl.StartAt).toBe('Start');
    expect(asl.States.Start).toEqual({ Type: 'Choice', Choices: [{ Variable: '$.preSent', IsPresent: true, Next: 'MarkSent' }], Default: 'FindContact' });
    for (const name of SUBMISSION_TASKS) expect(asl.States[name]).toMatchObject({ Type: 'Task', Resource: fakeFunctionArn(name) });
    expect(asl.States.WaitBeforeRecheck).toEqual({ Type: 'Wait', SecondsPath: '$.recheckAfterSeconds', Next: 'Recheck' });
    expect(asl.States.HasContact).toMatchObject({ Type: 'Choice', Default: 'Climb' });
    expect(asl.States.WaitBeforeDelistingCheck).toEqual({ Type: 'Wait', SecondsPath: '$.recheckAfterSeconds', Next: 'CheckDelisting' });
    expect(asl.States.StillOnline).toMatchObject({ Type: 'Choice', Choices: [{ Variable: '$.recheck.outcome', StringEquals: 'still-online', Next: 'Climb' }], Default: 'Done' });
    expect(asl.States.NextStep).toMatchObject({
      Type: 'Choice',
      Choices: [
        { Variable: '$.climb.next', StringEquals: 'end', Next: 'Done' },
        { Variable: '$.climb.next', StringEquals: 'delisting', Next: 'QueueDelisting' },
      ],
      Default: 'FindContact',
    });
    expect(asl.States.DelistingSettled).toMatchObject({ Type: 'Choice', Default: 'WaitBeforeDelistingCheck' });
    expect(asl.States.SendNotice!.Retry).toContainEqual(expect.objectContaining({ ErrorEquals: [SUBMISSION_ERRORS.mailTemporary], MaxAttempts: 4 }));
    expect(asl.States.FindContact!.Retry).toContainEqual(expect.objectContaining({ ErrorEquals: [SUBMISSION_ERRORS.rdapUnavailable] }));
    for (const name of ['FindContact', 'SendNotice', 'MarkSent', 'Recheck', 'Climb', 'QueueDelisting', 'CheckDelisting']) {
      expect(asl.States[name]!.Catch).toEqual([{ ErrorEquals: ['States.ALL'], ResultPath: '$.failure', Next: 'RecordFailure' }]);
    }
    expect(asl.States.RecordFailure).toMatchObject({ Next: 'FailureKind' });
    expect(asl.States.FailureKind).toMatchObject({ Type: 'Choice', Default: 'SubmissionFailed' });
    expect(asl.States.Superseded).toMatchObject({ Type: 'Succeed' });
    expect(JSON.stringify(asl)).not.toMatch(/Fn::|"Ref"|\$\{Token/);
  });

  it('uses Pass states of the same names for tasks without a function', () => {
    const stack = new Stack(new App(), 'Skeleton');
    const graph = new sfn.StateGraph(buildSubmissionDefinition(stack, {}).startState, 'skeleton').toGraphJson() as { States: Record<string, Json> };
    for (const name of SUBMISSION_TASKS.filter((t) => t !== 'RecordFailure')) expect(graph.States[name]!.Type).toBe('Pass');
  });
});

describe('submission workflow run locally on the rendered ASL', () => {
  it('retries a throttled invoke (Lambda.TooManyRequestsException) of every task before its own retriers', async () => {
    // The tasks of the happy path (the ladder's other rungs are covered by the synthesized ASL's retriers,
    // workflows-stack.test.ts).
    for (const task of SUBMISSION_TASKS.filter((t) => ['FindContact', 'SendNotice', 'MarkSent', 'Recheck'].includes(t))) {
      const calls: string[] = [];
      let throttled = 0;
      const handlers = happy(calls);
      const real = handlers[task] as (input: Json) => unknown;
      const res = await run({
        ...handlers,
        [task]: (input: Json) => {
          if (++throttled <= 3) throw named('Lambda.TooManyRequestsException', 'Rate Exceeded.');
          return real(input);
        },
      });
      expect({ task, ok: res.ok }).toEqual({ task, ok: true });
      expect(throttled).toBe(4);
      expect(calls).not.toContain('RecordFailure');
    }
  });

  it('ends a superseded attempt (a business outcome) in success after recording it, other failures in failure', async () => {
    const calls: string[] = [];
    const res = await run({
      ...happy(calls),
      SendNotice: () => {
        throw named(SUBMISSION_ERRORS.superseded, 'case c1 is at attempt 2, not 1');
      },
    });
    expect(res.ok).toBe(true);
    expect(calls).toEqual(['FindContact', 'RecordFailure']);
    const failed = await run({ ...happy([]), MarkSent: () => { throw new Error('table unavailable'); } });
    expect(failed.ok).toBe(false);
  });

  it('ends "still online" after the re-check in success (the case records the escalation)', async () => {
    const calls: string[] = [];
    const res = await run({ ...happy(calls), Recheck: () => (calls.push('Recheck'), { outcome: 'still-online', reason: 'up', urls: [] }) });
    expect(res.ok).toBe(true);
    expect(calls).not.toContain('RecordFailure');
  });

  it('goes FindContact -> SendNotice -> MarkSent -> Wait -> Recheck and succeeds', async () => {
    const calls: string[] = [];
    const res = await run(happy(calls));
    expect(res.ok).toBe(true);
    expect(calls).toEqual(['FindContact', 'SendNotice', 'MarkSent', 'Recheck']);
    expect(res.ok && res.output).toMatchObject({ contact: { found: true }, notice: { messageId: '<m1>' }, marked: { transitioned: true }, recheck: { outcome: 'removed' } });
  });

  it('climbs the ladder: a rung without a contact, a rung still online, then delisting checked until settled', async () => {
    const calls: string[] = [];
    const rungs = ['host', 'network', 'cdn', 'registrar'];
    let rung = 0;
    let checks = 0;
    const res = await run({
      ...happy(calls),
      // host: sent; network: no contact; cdn: an agent task (wait, re-check); registrar: sent
      FindContact: () => {
        const step = rungs[rung]!;
        calls.push(`FindContact:${step}`);
        if (step === 'network') return { found: false, step, reason: 'none' };
        if (step === 'cdn') return { found: false, step, agentTask: true, reason: 'form' };
        return { found: true, step, email: `abuse@${step}.test`, source: 'x' };
      },
      Recheck: () => (calls.push('Recheck'), { outcome: 'still-online', reason: 'still there', urls: [] }),
      Climb: () => {
        rung++;
        calls.push('Climb');
        return { next: rung < rungs.length ? rungs[rung] : 'delisting' };
      },
      CheckDelisting: () => (calls.push('CheckDelisting'), ++checks < 3 ? { settled: false, checksLeft: 3 - checks } : { settled: true, checksLeft: 0 }),
    });
    expect(res.ok).toBe(true);
    expect(calls).toEqual([
      'FindContact:host', 'SendNotice', 'MarkSent', 'Recheck', 'Climb',
      'FindContact:network', 'Climb',
      'FindContact:cdn', 'Recheck', 'Climb',
      'FindContact:registrar', 'SendNotice', 'MarkSent', 'Recheck', 'Climb',
      'QueueDelisting', 'CheckDelisting', 'CheckDelisting', 'CheckDelisting',
    ]);
  });

  it('ends when a re-check finds the copy removed, or Climb finds the case ended', async () => {
    const calls: string[] = [];
    expect((await run(happy(calls))).ok).toBe(true);
    expect(calls).not.toContain('Climb');
    const ended: string[] = [];
    const res = await run({ ...happy(ended), FindContact: () => (ended.push('FindContact'), { found: false, step: 'host', reason: 'The case has ended.' }) });
    expect(res.ok).toBe(true);
    expect(ended).toEqual(['FindContact', 'Climb']);
  });

  it('retries a temporary mail failure, then goes on', async () => {
    const calls: string[] = [];
    let sends = 0;
    const res = await run({
      ...happy(calls),
      SendNotice: () => {
        if (++sends < 3) throw named(SUBMISSION_ERRORS.mailTemporary, 'throttled');
        return { recipient: 'abuse@host.test', messageId: '<m2>', pdfKey: 'k' };
      },
    });
    expect(res.ok).toBe(true);
    expect(sends).toBe(3);
  });

  it('records a refused mail (and exhausted retries) through RecordFailure, then fails the execution', async () => {
    for (const error of [SUBMISSION_ERRORS.mailRejected, SUBMISSION_ERRORS.mailTemporary]) {
      const calls: string[] = [];
      const failures: Json[] = [];
      let sends = 0;
      const res = await run({
        ...happy(calls),
        SendNotice: () => {
          sends++;
          throw named(error, 'no');
        },
        RecordFailure: (input) => (failures.push(input.failure as Json), { recorded: true }),
      });
      expect(res.ok).toBe(false);
      expect(failures).toEqual([{ Error: error, Cause: 'no' }]);
      expect(sends).toBe(error === SUBMISSION_ERRORS.mailRejected ? 1 : 5);
      expect(calls).not.toContain('MarkSent');
    }
  });
});
