import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConflictException, CreateScheduleCommand, DeleteScheduleCommand, GetScheduleCommand, ResourceNotFoundException, SchedulerClient, UpdateScheduleCommand } from '@aws-sdk/client-scheduler';
import { ChangeMessageVisibilityCommand, CreateQueueCommand, DeleteMessageCommand, GetQueueAttributesCommand, ReceiveMessageCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { LOCAL_CREDENTIALS } from './credentials';
import { startScheduler, type RunningScheduler } from './scheduler';
import { startSqs, type RunningSqs } from './sqs';

// The Scheduler and SQS stand-ins through the real SDK clients, as the functions and local/monitor-queue.ts call them.
let sqs: RunningSqs;
let scheduler: RunningScheduler;
let sqsClient: SQSClient;
let schedulerClient: SchedulerClient;
const dir = mkdtempSync(join(tmpdir(), 'vigil-scheduler-'));
const stateFile = join(dir, 'schedules.json');

beforeAll(async () => {
  sqs = await startSqs();
  scheduler = await startScheduler({ sqsEndpoint: sqs.endpoint, stateFile });
  sqsClient = new SQSClient({ region: 'us-east-1', endpoint: sqs.endpoint, credentials: LOCAL_CREDENTIALS });
  schedulerClient = new SchedulerClient({ region: 'us-east-1', endpoint: scheduler.endpoint, credentials: LOCAL_CREDENTIALS });
});
afterAll(async () => {
  sqsClient.destroy();
  schedulerClient.destroy();
  await scheduler.close();
  await sqs.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the SQS stand-in', () => {
  it('delivers at least once: hidden while in flight, back after the visibility timeout, to the DLQ after maxReceiveCount', async () => {
    const { QueueUrl: dlq } = await sqsClient.send(new CreateQueueCommand({ QueueName: 'dlq' }));
    const { QueueUrl: url } = await sqsClient.send(
      new CreateQueueCommand({ QueueName: 'work', Attributes: { VisibilityTimeout: '30', RedrivePolicy: JSON.stringify({ deadLetterTargetArn: sqs.arnOf('dlq'), maxReceiveCount: 2 }) } }),
    );
    await sqsClient.send(new SendMessageCommand({ QueueUrl: url, MessageBody: '{"n":1}' }));
    const first = await sqsClient.send(new ReceiveMessageCommand({ QueueUrl: url, MaxNumberOfMessages: 10, MessageSystemAttributeNames: ['All'] }));
    expect(first.Messages).toEqual([expect.objectContaining({ Body: '{"n":1}', Attributes: expect.objectContaining({ ApproximateReceiveCount: '1' }) })]);
    expect((await sqsClient.send(new ReceiveMessageCommand({ QueueUrl: url }))).Messages ?? []).toEqual([]);
    // A failed consumer: visible again (here at once), received a second time, then moved to the DLQ.
    await sqsClient.send(new ChangeMessageVisibilityCommand({ QueueUrl: url, ReceiptHandle: first.Messages![0]!.ReceiptHandle, VisibilityTimeout: 0 }));
    const second = await sqsClient.send(new ReceiveMessageCommand({ QueueUrl: url, MessageSystemAttributeNames: ['All'] }));
    expect(second.Messages![0]!.Attributes!.ApproximateReceiveCount).toBe('2');
    await sqsClient.send(new ChangeMessageVisibilityCommand({ QueueUrl: url, ReceiptHandle: second.Messages![0]!.ReceiptHandle, VisibilityTimeout: 0 }));
    expect((await sqsClient.send(new ReceiveMessageCommand({ QueueUrl: url }))).Messages ?? []).toEqual([]);
    const dead = await sqsClient.send(new ReceiveMessageCommand({ QueueUrl: dlq }));
    expect(dead.Messages!.map((m) => m.Body)).toEqual(['{"n":1}']);
    await sqsClient.send(new DeleteMessageCommand({ QueueUrl: dlq, ReceiptHandle: dead.Messages![0]!.ReceiptHandle }));
    const attrs = await sqsClient.send(new GetQueueAttributesCommand({ QueueUrl: dlq, AttributeNames: ['All'] }));
    expect(attrs.Attributes).toMatchObject({ ApproximateNumberOfMessages: '0', QueueArn: sqs.arnOf('dlq') });
    await expect(sqsClient.send(new SendMessageCommand({ QueueUrl: `${sqs.endpoint}/000000000000/nope`, MessageBody: 'x' }))).rejects.toThrow(/does not exist/);
  });
});

describe('the Scheduler stand-in', () => {
  const target = (input: string) => ({ Arn: sqs.arnOf('ticks'), RoleArn: 'arn:aws:iam::000000000000:role/r', Input: input });

  it('creates, refuses a second create, updates, reads and deletes schedules as the API does', async () => {
    const input = { Name: 'monitor-A', GroupName: 'g', ScheduleExpression: 'rate(1 day)', FlexibleTimeWindow: { Mode: 'OFF' as const }, Target: target('{}') };
    await schedulerClient.send(new CreateScheduleCommand(input));
    await expect(schedulerClient.send(new CreateScheduleCommand(input))).rejects.toBeInstanceOf(ConflictException);
    await schedulerClient.send(new UpdateScheduleCommand({ ...input, ScheduleExpression: 'rate(7 days)', State: 'DISABLED' }));
    expect(await schedulerClient.send(new GetScheduleCommand({ Name: 'monitor-A', GroupName: 'g' }))).toMatchObject({ ScheduleExpression: 'rate(7 days)', State: 'DISABLED' });
    await schedulerClient.send(new DeleteScheduleCommand({ Name: 'monitor-A', GroupName: 'g' }));
    await expect(schedulerClient.send(new DeleteScheduleCommand({ Name: 'monitor-A', GroupName: 'g' }))).rejects.toBeInstanceOf(ResourceNotFoundException);
    await expect(schedulerClient.send(new CreateScheduleCommand({ ...input, ScheduleExpression: 'cron(0 * * * ? *)' }))).rejects.toThrow(/rate/);
  });

  it('fires an enabled schedule into its queue with its due time, then every period; a disabled one never', async () => {
    const { QueueUrl: url } = await sqsClient.send(new CreateQueueCommand({ QueueName: 'ticks' }));
    const start = new Date(Math.ceil(Date.now() / 1000) * 1000 + 60_000);
    const tick = '{"id":"B","at":"<aws.scheduler.scheduled-time>"}';
    await schedulerClient.send(new CreateScheduleCommand({ Name: 'monitor-B', GroupName: 'g', ScheduleExpression: 'rate(1 hour)', StartDate: start, FlexibleTimeWindow: { Mode: 'OFF' }, Target: target(tick) }));
    await schedulerClient.send(new CreateScheduleCommand({ Name: 'monitor-C', GroupName: 'g', ScheduleExpression: 'rate(1 hour)', StartDate: start, State: 'DISABLED', FlexibleTimeWindow: { Mode: 'OFF' }, Target: target(tick) }));
    expect(await scheduler.fireDue(start.getTime() - 1)).toEqual([]);
    expect(await scheduler.fireDue(start.getTime())).toEqual([{ schedule: 'monitor-B', scheduledTime: start.toISOString(), delivered: true }]);
    expect(await scheduler.fireDue(start.getTime() + 1000)).toEqual([]);
    const got = await sqsClient.send(new ReceiveMessageCommand({ QueueUrl: url }));
    expect(JSON.parse(got.Messages![0]!.Body!)).toEqual({ id: 'B', at: start.toISOString().replace('.000Z', 'Z') });
    // Three hours later: the missed occurrences fire once, at the latest.
    expect((await scheduler.fireDue(start.getTime() + 3 * 3_600_000 + 5)).map((f) => f.scheduledTime)).toEqual([new Date(start.getTime() + 3 * 3_600_000).toISOString()]);
  });

  it('keeps its schedules in its state file across a restart', async () => {
    const again = await startScheduler({ sqsEndpoint: sqs.endpoint, stateFile });
    expect(again.list('g').map((s) => [s.name, s.state])).toEqual([['monitor-B', 'ENABLED'], ['monitor-C', 'DISABLED']]);
    await again.close();
  });
});
