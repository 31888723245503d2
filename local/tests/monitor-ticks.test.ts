import { rmSync } from 'node:fs';
import { startTestDynamo } from '../../test/harness';
import { buildBundles, type BuiltBundles } from '../bundles/build';
import { BundlePool } from '../bundles/pool';
import { monitorDispatcher, startMonitorTicks } from '../monitor-ticks';
import type { RunningDynamo } from '../stand-ins/dynamo';

// The local stand-in for the dispatcher's EventBridge schedule: in bundles mode it runs the dispatcher's own
// Lambda bundle in its child process (as every other function there), not the source in the runtime's process.
let dynamo: RunningDynamo;
let built: BuiltBundles;
let pool: BundlePool;

beforeAll(async () => {
  dynamo = await startTestDynamo();
  // Only the dispatcher's bundle, built as `cdk synth` builds it (and as VIGIL_HANDLERS=bundles does).
  built = await buildBundles({ only: (spec) => spec.name === 'MonitorDispatcher' || spec.name === 'MonitorRunConsumer', media: false });
  pool = new BundlePool(built);
}, 120_000);
afterAll(async () => {
  await pool?.close();
  if (built) rmSync(built.dir, { recursive: true, force: true });
  await dynamo?.close();
});

const idle = { digests: 0 };

it('ticks the monitor dispatcher from its Lambda bundle in bundles mode', async () => {
  expect(built.bundles.get('MonitorDispatcher')?.spec).toMatchObject({ kind: 'scheduled', entry: 'functions/jobs/monitor-dispatch.ts' });
  const invoke = jest.spyOn(pool, 'invoke');
  const dispatch = monitorDispatcher(pool);
  // Waits for the first tick's dispatch to finish, however long the machine takes (jest's timeout is the limit).
  let stop = () => {};
  const first = await new Promise<unknown>((resolve, reject) => {
    stop = startMonitorTicks(0.05, () => dispatch().then(resolve, reject));
  }).finally(() => stop());
  // The bundle read the (empty) table through its own client: nothing is due.
  expect(first).toMatchObject(idle);
  expect(invoke).toHaveBeenCalledWith('MonitorDispatcher', expect.objectContaining({ source: 'aws.events', 'detail-type': 'Scheduled Event' }));
}, 60_000);

it('runs the same handler from source without a pool', async () => {
  expect(await monitorDispatcher()()).toEqual(idle);
});

it('runs the monitor queue consumer from its Lambda bundle, with the event an SQS event source sends', async () => {
  expect(built.bundles.get('MonitorRunConsumer')?.spec).toMatchObject({ kind: 'queue', entry: 'functions/jobs/monitor-runs.ts' });
  const record = (body: string) => ({ messageId: body.length.toString(), receiptHandle: 'r', body, attributes: {}, messageAttributes: {}, md5OfBody: '', eventSource: 'aws:sqs', eventSourceARN: 'arn', awsRegion: 'us-east-1' });
  // A message for a monitor that is gone starts nothing and is done; a malformed one is dropped, not retried.
  const out = await pool.invoke('MonitorRunConsumer', { Records: [record(JSON.stringify({ monitorId: 'NOPE', scheduledTime: '2026-11-28T00:00:00Z' })), record('not json')] });
  expect(out).toEqual({ batchItemFailures: [], outcomes: ['gone'], lagSeconds: [] });
}, 60_000);

it('runs the result retention job (the local daily rule, local/daily-jobs.ts) from source without a pool', async () => {
  const { resultRetentionJob } = await import('../daily-jobs');
  expect(await resultRetentionJob()(new Date())).toMatchObject({ removed: 0 });
});
