import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { DescribeExecutionCommand, SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { RUNTIME_STOPPED_ERROR, startStepFunctions, waitDurationMs, type LocalMachine, type RunningStepFunctions, type StoppedExecution } from './stepfunctions';

class ThrottledError extends Error {
  name = 'ThrottledError';
}

// A definition in the shape CDK renders: a Map over items with Retry on a named error and a Catch.
const definition = {
  StartAt: 'Each',
  States: {
    Each: {
      Type: 'Map',
      ItemsPath: '$.items',
      ItemProcessor: {
        ProcessorConfig: { Mode: 'INLINE' },
        StartAt: 'Work',
        States: {
          Work: {
            Type: 'Task',
            Resource: 'arn:aws:lambda:us-east-1:000000000000:function:work',
            Retry: [{ ErrorEquals: ['ThrottledError'], IntervalSeconds: 5, MaxAttempts: 2 }],
            Catch: [{ ErrorEquals: ['States.ALL'], ResultPath: '$.error', Next: 'Failed' }],
            End: true,
          },
          Failed: { Type: 'Pass', Result: { ok: false }, End: true },
        },
      },
      End: true,
    },
  },
};

let sfn: RunningStepFunctions;
let client: SFNClient;
const calls: Record<string, number> = {};

beforeAll(async () => {
  sfn = await startStepFunctions([
    {
      name: 'demo',
      definition,
      handlers: {
        Work: async (input) => {
          const item = (input as { name: string }).name;
          calls[item] = (calls[item] ?? 0) + 1;
          if (item === 'flaky' && calls[item] === 1) throw new ThrottledError('slow down');
          if (item === 'broken') throw new Error('boom');
          return { ok: true, item };
        },
      },
    },
  ]);
  client = new SFNClient({ endpoint: sfn.endpoint, region: 'us-east-1', credentials: { accessKeyId: 'x', secretAccessKey: 'x' } });
});
afterAll(() => sfn.close());

it('runs an execution started through the real SDK, retrying throttling and catching failures', async () => {
  const { executionArn } = await client.send(
    new StartExecutionCommand({ stateMachineArn: sfn.arnOf('demo'), input: JSON.stringify({ items: [{ name: 'a' }, { name: 'flaky' }, { name: 'broken' }] }) }),
  );
  await sfn.idle();
  const d = await client.send(new DescribeExecutionCommand({ executionArn }));
  expect({ status: d.status, error: d.error, cause: d.cause }).toMatchObject({ status: 'SUCCEEDED' });
  expect(JSON.parse(d.output!)).toEqual([{ ok: true, item: 'a' }, { ok: true, item: 'flaky' }, { ok: false }]);
  expect(calls.flaky).toBe(2);
});

it('reports a failed execution with the failing state\'s error', async () => {
  const { executionArn } = await client.send(new StartExecutionCommand({ stateMachineArn: sfn.arnOf('demo'), input: '{"items": "not a list"}' }));
  await sfn.idle();
  const d = await client.send(new DescribeExecutionCommand({ executionArn }));
  expect(d).toMatchObject({ status: 'FAILED', error: expect.stringMatching(/^States\./) });
});

it('answers an unknown state machine with the service error', async () => {
  await expect(client.send(new StartExecutionCommand({ stateMachineArn: sfn.arnOf('nope'), input: '{}' }))).rejects.toMatchObject({
    name: 'StateMachineDoesNotExist',
  });
});

describe('executions kept on disk across a stop', () => {
  // The submission's shape: a task, a Wait of `$.seconds`, then the task that must run at the deadline.
  const waiting = {
    StartAt: 'Before',
    States: {
      Before: { Type: 'Task', Resource: 'arn:aws:lambda:us-east-1:000000000000:function:before', ResultPath: '$.before', Next: 'Pause' },
      Pause: { Type: 'Wait', SecondsPath: '$.seconds', Next: 'After' },
      After: { Type: 'Task', Resource: 'arn:aws:lambda:us-east-1:000000000000:function:after', End: true },
    },
  };
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'vigil-sfn-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** One run of the stand-in on `file`, counting its task calls and the time `After` ran. */
  const machineFor = (calls: { before: number; afterAt: number[] }): LocalMachine => ({
    name: 'waiting',
    definition: waiting,
    handlers: {
      Before: (input) => {
        calls.before++;
        return { at: Date.now(), input: (input as { seconds: number }).seconds };
      },
      After: (input) => {
        calls.afterAt.push(Date.now());
        return input;
      },
    },
  });
  const clientOf = (s: RunningStepFunctions) => new SFNClient({ endpoint: s.endpoint, region: 'us-east-1', credentials: { accessKeyId: 'x', secretAccessKey: 'x' } });
  const onDisk = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as { status: string; waiting?: { state: string; until: number } }[];

  /**
   * Starts an execution waiting `seconds`, and returns a copy of the state file as a kill -9 would leave it once
   * the execution is in its Wait (the first run is closed, which parks the wait: it runs nothing more).
   */
  async function killedWhileWaiting(seconds: number) {
    const file = join(dir, 'executions.json');
    const first = { before: 0, afterAt: [] as number[] };
    const sfn = await startStepFunctions([machineFor(first)], { stateFile: file });
    const client = clientOf(sfn);
    const { executionArn } = await client.send(new StartExecutionCommand({ stateMachineArn: sfn.arnOf('waiting'), input: JSON.stringify({ seconds }) }));
    // Waits for the event (the Wait entered, on disk), however long the machine takes: jest's timeout is the limit.
    let snapshot: ReturnType<typeof onDisk> = [];
    while (!snapshot[0]?.waiting) {
      await sleep(10);
      snapshot = onDisk(file);
    }
    const killed = join(dir, 'killed.json');
    copyFileSync(file, killed); // the file a kill -9 at this moment leaves behind
    client.destroy();
    await sfn.close();
    return { executionArn, killed, first, until: snapshot[0]!.waiting!.until };
  }

  // The Waits below last 600 s from their start. The restarted stand-in is given a clock (`now`) that stands at a
  // chosen point against the deadline the first run wrote, so nothing waits on the wall clock: a stand-in that
  // waited the Wait out again from its start would run past jest's timeout.
  it('resumes a Wait in progress at its original deadline, without running the states before it again', async () => {
    const { executionArn, killed, first, until } = await killedWhileWaiting(600);
    expect(first.before).toBe(1);
    const second = { before: 0, afterAt: [] as number[] };
    // The restarted runtime's clock stands 300 ms before the first run's deadline.
    const restarted = await startStepFunctions([machineFor(second)], { stateFile: killed, now: () => until - 300 });
    const resumedAt = performance.now();
    expect(await restarted.recoverInterrupted()).toEqual({ resumed: 1, ended: 0 });
    // The deadline kept is the first run's, not 600 s from the restart.
    expect(onDisk(killed)[0]).toMatchObject({ status: 'RUNNING', waiting: { state: 'Pause', until } });
    await restarted.idle();
    expect(second.before).toBe(0);
    expect(second.afterAt).toHaveLength(1);
    // It waited out the 300 ms left, not nothing (with room for a timer's millisecond rounding and a busy loop).
    expect(performance.now() - resumedAt).toBeGreaterThanOrEqual(150);
    const client = clientOf(restarted);
    const d = await client.send(new DescribeExecutionCommand({ executionArn }));
    expect(d.status).toBe('SUCCEEDED');
    expect(JSON.parse(d.output!)).toMatchObject({ seconds: 600, before: { input: 600 } });
    client.destroy();
    await restarted.close();
  });

  it('runs the rest at once when the deadline passed while the runtime was down', async () => {
    const { killed, until } = await killedWhileWaiting(600);
    const second = { before: 0, afterAt: [] as number[] };
    // Restarted an hour after the deadline: the 600 s Wait is over, After runs now (waiting again would time out).
    const restarted = await startStepFunctions([machineFor(second)], { stateFile: killed, now: () => until + 3_600_000 });
    expect(await restarted.recoverInterrupted()).toEqual({ resumed: 1, ended: 0 });
    await restarted.idle();
    expect(second.before).toBe(0);
    expect(second.afterAt).toHaveLength(1);
    await restarted.close();
  });

  it('leaves a waiting execution RUNNING on disk at close, and ends FAILED one stopped in a task', async () => {
    const file = join(dir, 'executions.json');
    const calls = { before: 0, afterAt: [] as number[] };
    let release!: () => void;
    const held = new Promise<void>((ok) => (release = ok));
    const machine = machineFor(calls);
    const stuck: LocalMachine = { ...machine, name: 'stuck', handlers: { ...machine.handlers, Before: () => held.then(() => ({})) } };
    const sfn = await startStepFunctions([machine, stuck], { stateFile: file });
    const client = clientOf(sfn);
    await client.send(new StartExecutionCommand({ stateMachineArn: sfn.arnOf('waiting'), name: 'w', input: '{"seconds": 600}' }));
    await client.send(new StartExecutionCommand({ stateMachineArn: sfn.arnOf('stuck'), name: 's', input: '{"seconds": 0}' }));
    while (!onDisk(file).some((e) => e.waiting)) await sleep(10);
    const killed = join(dir, 'killed.json');
    copyFileSync(file, killed); // 's' is in its task here
    client.destroy();
    const closing = sfn.close();
    release();
    await closing; // does not wait out the 600 s
    expect(onDisk(file).find((e) => e.waiting)).toMatchObject({ status: 'RUNNING', waiting: { state: 'Pause' } });

    const ended: StoppedExecution[] = [];
    const restarted = await startStepFunctions([machineFor(calls), stuck], { stateFile: killed, onStopped: async (e) => ended.push(e) });
    expect(await restarted.recoverInterrupted()).toEqual({ resumed: 1, ended: 1 });
    expect(ended).toEqual([expect.objectContaining({ name: 's', error: RUNTIME_STOPPED_ERROR })]);
    await restarted.close(); // parks the resumed 600 s wait again
    expect(onDisk(killed).find((e) => e.waiting)).toMatchObject({ status: 'RUNNING' });
  });

  it('in memory, close stops an execution in a Wait and one that reaches its Wait meanwhile, without waiting them out', async () => {
    // The security suites' runtime (in memory) waited ~53 s in close() for a case's re-check wait before this.
    const calls = { before: 0, afterAt: [] as number[] };
    let release!: () => void;
    const held = new Promise<void>((ok) => (release = ok));
    const machine = machineFor(calls);
    const late: LocalMachine = { ...machine, name: 'late', handlers: { ...machine.handlers, Before: () => held.then(() => ({})) } };
    const sfn = await startStepFunctions([machine, late]);
    const client = clientOf(sfn);
    const start = (name: string) => client.send(new StartExecutionCommand({ stateMachineArn: sfn.arnOf(name), input: '{"seconds": 600}' }));
    await start('waiting');
    await start('late');
    // 'waiting' is in its Wait, or about to enter it: close stops it either way.
    while (calls.before < 1) await sleep(10);
    client.destroy();
    const closing = sfn.close();
    release(); // 'late' leaves its task during close and enters its 600 s Wait
    const stoppedAt = await Promise.race([closing.then(() => 'closed'), sleep(10_000).then(() => 'still waiting')]);
    expect(stoppedAt).toBe('closed');
    // Neither ran the state after its Wait (a Wait has no side effect, so stopping there leaves nothing half-done).
    expect(calls.afterAt).toEqual([]);
  });
});

it('reads a Wait state\'s duration as the service does', () => {
  expect(waitDurationMs({ Seconds: 3 }, {}, 0)).toBe(3000);
  expect(waitDurationMs({ SecondsPath: '$.a.b' }, { a: { b: 2 } }, 0)).toBe(2000);
  expect(waitDurationMs({ TimestampPath: '$.t' }, { t: '1970-01-01T00:00:05Z' }, 1000)).toBe(4000);
  expect(waitDurationMs({ Timestamp: '1970-01-01T00:00:01Z' }, {}, 5000)).toBe(0);
});
