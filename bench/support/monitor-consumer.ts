/**
 * One monitor consumer in its own process, as Lambda runs each concurrent invocation of the consumer in its own
 * execution environment (bench/monitors.ts forks MONITOR_CONSUMER_MAX_CONCURRENCY of them). It polls the monitor
 * queue of the SQS stand-in in batches of MONITOR_CONSUMER_BATCH_SIZE, hands each batch to the consumer's handler
 * (`consume` of functions/jobs/monitor-runs.ts, the event Lambda's SQS event source sends), deletes what the handler
 * reports done, and stops when the queue is empty once every occurrence was fired, or when the parent says stop. It then reports to the parent what the
 * handler answered, the table requests its client made and the CPU time this process used.
 * Environment: as the consumer's Lambda (table, Step Functions, SQS endpoints) plus MONITOR_QUEUE_URL.
 */
import '../../local/polyfills';
import { DeleteMessageBatchCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { SQSEvent } from 'aws-lambda';
import { consume } from '../../functions/jobs/monitor-runs';
import { db } from '../../functions/store/table';
import { toRecord } from '../../local/monitor-queue';
import { LOCAL_CREDENTIALS } from '../../local/stand-ins/credentials';

const READS = new Set(['GetItemCommand', 'QueryCommand', 'BatchGetItemCommand', 'GetCommand', 'BatchGetCommand']);

export interface ConsumerReport {
  outcomes: string[];
  lagSeconds: number[];
  failed: number;
  reads: number;
  writes: number;
  /** CPU seconds (user + system) this process used while draining. */
  cpuSeconds: number;
}

async function main(): Promise<void> {
  const queueUrl = process.env.MONITOR_QUEUE_URL!;
  const batchSize = Number(process.env.MONITOR_BATCH_SIZE ?? '10');
  const requests = { reads: 0, writes: 0 };
  db().middlewareStack.add(
    (next, context) => async (args) => {
      if (READS.has(String(context.commandName))) requests.reads += 1;
      else requests.writes += 1;
      return next(args);
    },
    { step: 'initialize', name: 'benchCount' },
  );
  const sqs = new SQSClient({ region: 'us-east-1', endpoint: process.env.SQS_ENDPOINT, credentials: LOCAL_CREDENTIALS, maxAttempts: 2 });
  const record = toRecord(process.env.MONITOR_QUEUE_ARN ?? '', 'us-east-1');
  // `{go, shiftMs}`: start polling; `fired`: every occurrence is in the queue, so an empty queue means done; `stop`: the time is up.
  let stop = false;
  let allFired = false;
  let go: () => void;
  const started = new Promise<void>((resolve) => (go = resolve));
  // The Scheduler stand-in's clock may run ahead of this one by `shiftMs` (spread due times set before setup ended).
  let shiftMs = 0;
  process.on('message', (m: unknown) => {
    if (m === 'stop') stop = true;
    if (m === 'fired') allFired = true;
    if (typeof m === 'object' && m && 'go' in m) {
      shiftMs = Number((m as { shiftMs?: number }).shiftMs ?? 0);
      go();
    }
  });
  await started;
  const cpuAtStart = process.cpuUsage();
  const report: ConsumerReport = { outcomes: [], lagSeconds: [], failed: 0, reads: 0, writes: 0, cpuSeconds: 0 };
  while (!stop) {
    const fired = allFired;
    const { Messages = [] } = await sqs.send(
      new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: batchSize, WaitTimeSeconds: fired ? 0 : 1, MessageSystemAttributeNames: ['All'] }),
    );
    if (Messages.length === 0) {
      if (fired) break;
      continue;
    }
    const event: SQSEvent = { Records: Messages.map(record) };
    const res = await consume(event, () => new Date(Date.now() + shiftMs));
    const failedIds = new Set(res.batchItemFailures.map((f) => f.itemIdentifier));
    report.failed += failedIds.size;
    report.outcomes.push(...res.outcomes);
    report.lagSeconds.push(...res.lagSeconds);
    const done = Messages.filter((m) => !failedIds.has(m.MessageId!));
    if (done.length) await sqs.send(new DeleteMessageBatchCommand({ QueueUrl: queueUrl, Entries: done.map((m, i) => ({ Id: String(i), ReceiptHandle: m.ReceiptHandle! })) }));
  }
  const cpu = process.cpuUsage(cpuAtStart);
  report.cpuSeconds = (cpu.user + cpu.system) / 1e6;
  report.reads = requests.reads;
  report.writes = requests.writes;
  process.send!(report, () => process.exit(0));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
