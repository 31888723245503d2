import { DescribeExecutionCommand, SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { startStepFunctions, type RunningStepFunctions } from './stepfunctions';

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
