import { CreateQueueCommand, DeleteMessageBatchCommand, ReceiveMessageCommand, SQSClient, type Message } from '@aws-sdk/client-sqs';
import type { SQSEvent, SQSBatchResponse } from 'aws-lambda';
import { logger } from '../functions/lib/logger';
import { LOCAL_CREDENTIALS } from './stand-ins/credentials';
import { startScheduler, type FiredOccurrence, type RunningScheduler } from './stand-ins/scheduler';
import { startSqs, type RunningSqs } from './stand-ins/sqs';

/*
 * The monitors' path on one machine (issue 27), as on AWS: each monitor's schedule lives in the Scheduler stand-in,
 * which fires it into the monitor queue of the SQS stand-in; a poller stands in for Lambda's SQS event source
 * and calls the consumer's handler (functions/jobs/monitor-runs.ts) with the event Lambda would send, deleting
 * what it reports done and leaving the rest to come back after the visibility timeout, then go to the DLQ.
 * The functions reach both stand-ins through the real SDKs (SCHEDULER_ENDPOINT, SQS_ENDPOINT).
 */

export const MONITOR_QUEUE = 'vigil-monitor-runs';
export const MONITOR_DLQ = 'vigil-monitor-runs-dlq';
/** As the CDK stack: a message that failed this many receives goes to the DLQ. */
export const MONITOR_MAX_RECEIVES = 5;
/** As the CDK stack: the consumer's timeout times six, SQS's advice for a Lambda event source. */
export const MONITOR_VISIBILITY_SECONDS = 6 * 60;
const ROLE_ARN = 'arn:aws:iam::000000000000:role/vigil-monitor-scheduler';

export type ConsumerHandler = (event: SQSEvent) => Promise<SQSBatchResponse & { outcomes?: string[]; lagSeconds?: number[] }>;

export interface MonitorScheduling {
  /** The environment the functions need (endpoints, queue and role ARNs). */
  env: Record<string, string>;
  scheduler: RunningScheduler;
  sqs: RunningSqs;
  /**
   * One round as Lambda's event source would do it: receives batches (up to `batchSize`) with `concurrency`
   * consumers until the queue is empty, runs the handler on each, deletes what it reports done. Returns the
   * outcomes the handler reported and how many messages failed.
   */
  /** Polls until the queue is empty, or until `until()` answers true (a benchmark's time limit). */
  drain(opts?: { concurrency?: number; batchSize?: number; lagSeconds?: number[]; until?: () => boolean }): Promise<{ outcomes: string[]; failed: number }>;
  /** Fires the schedules due at `now` into the queue, then drains it (tests, with a shifted clock). */
  tick(now?: number): Promise<{ fired: FiredOccurrence[]; outcomes: string[]; started: number; failed: number }>;
  /** Starts polling continuously (npm start); returns the stop function. */
  poll(opts?: { concurrency?: number; batchSize?: number }): () => void;
  close(): Promise<void>;
}

export interface MonitorSchedulingOptions {
  /** The consumer: the handler from source, or the bundle in its child process (bundles mode). */
  consumer: () => Promise<ConsumerHandler>;
  /** The Scheduler stand-in fires due schedules every `tickMs` on its own (npm start); absent: only on `tick()`. */
  tickMs?: number;
  now?: () => number;
  /** Keeps the schedules in this file between runs (npm start's DATA_DIR). */
  stateFile?: string;
}

/** An SQS message as the Lambda event source hands it to the consumer (also bench:monitors' consumer processes). */
export const toRecord = (queueArn: string, region: string) => (m: Message): SQSEvent['Records'][number] => ({
  messageId: m.MessageId!,
  receiptHandle: m.ReceiptHandle!,
  body: m.Body ?? '',
  attributes: {
    ApproximateReceiveCount: m.Attributes?.ApproximateReceiveCount ?? '1',
    SentTimestamp: m.Attributes?.SentTimestamp ?? String(Date.now()),
    SenderId: 'scheduler.amazonaws.com',
    ApproximateFirstReceiveTimestamp: m.Attributes?.ApproximateFirstReceiveTimestamp ?? String(Date.now()),
  },
  messageAttributes: {},
  md5OfBody: m.MD5OfBody ?? '',
  eventSource: 'aws:sqs',
  eventSourceARN: queueArn,
  awsRegion: region,
});

export async function startMonitorScheduling(opts: MonitorSchedulingOptions): Promise<MonitorScheduling> {
  const sqs = await startSqs({ now: opts.now });
  const scheduler = await startScheduler({ sqsEndpoint: sqs.endpoint, tickMs: opts.tickMs, now: opts.now, stateFile: opts.stateFile });
  const client = new SQSClient({ region: sqs.region, endpoint: sqs.endpoint, credentials: LOCAL_CREDENTIALS, maxAttempts: 2 });
  await client.send(new CreateQueueCommand({ QueueName: MONITOR_DLQ }));
  const { QueueUrl: queueUrl } = await client.send(
    new CreateQueueCommand({
      QueueName: MONITOR_QUEUE,
      Attributes: {
        VisibilityTimeout: String(MONITOR_VISIBILITY_SECONDS),
        RedrivePolicy: JSON.stringify({ deadLetterTargetArn: sqs.arnOf(MONITOR_DLQ), maxReceiveCount: MONITOR_MAX_RECEIVES }),
      },
    }),
  );
  const record = toRecord(sqs.arnOf(MONITOR_QUEUE), sqs.region);

  /** One receive and one handler run; the number of messages it handled (0: the queue looked empty). */
  const round = async (batchSize: number, waitSeconds: number, into: { outcomes: string[]; failed: number }, lags?: number[]) => {
    const { Messages = [] } = await client.send(
      new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: batchSize, WaitTimeSeconds: waitSeconds, MessageSystemAttributeNames: ['All'] }),
    );
    if (Messages.length === 0) return 0;
    const handler = await opts.consumer();
    let failedIds = new Set<string>();
    try {
      const res = await handler({ Records: Messages.map(record) });
      failedIds = new Set(res.batchItemFailures.map((f) => f.itemIdentifier));
      into.outcomes.push(...(res.outcomes ?? []));
      lags?.push(...(res.lagSeconds ?? []));
    } catch (err) {
      // A thrown handler fails the whole batch, as on Lambda.
      logger.error('monitor consumer failed its batch', { error: err as Error });
      failedIds = new Set(Messages.map((m) => m.MessageId!));
    }
    into.failed += failedIds.size;
    const done = Messages.filter((m) => !failedIds.has(m.MessageId!));
    if (done.length) {
      await client.send(new DeleteMessageBatchCommand({ QueueUrl: queueUrl, Entries: done.map((m, i) => ({ Id: String(i), ReceiptHandle: m.ReceiptHandle! })) }));
    }
    return Messages.length;
  };

  const drain: MonitorScheduling['drain'] = async ({ concurrency = 2, batchSize = 10, lagSeconds, until } = {}) => {
    const into = { outcomes: [] as string[], failed: 0 };
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (!until?.() && (await round(batchSize, 0, into, lagSeconds)) > 0);
      }),
    );
    return into;
  };

  let stopped = false;
  const pollers = new Set<Promise<void>>();
  return {
    env: {
      SQS_ENDPOINT: sqs.endpoint,
      SCHEDULER_ENDPOINT: scheduler.endpoint,
      MONITOR_QUEUE_ARN: sqs.arnOf(MONITOR_QUEUE),
      MONITOR_DLQ_ARN: sqs.arnOf(MONITOR_DLQ),
      MONITOR_SCHEDULER_ROLE_ARN: ROLE_ARN,
    },
    scheduler,
    sqs,
    drain,
    tick: async (now) => {
      const fired = await scheduler.fireDue(now);
      const drained = await drain();
      return { fired, ...drained, started: drained.outcomes.filter((o) => o === 'started').length };
    },
    poll: ({ concurrency = 2, batchSize = 10 } = {}) => {
      const into = { outcomes: [] as string[], failed: 0 };
      for (let i = 0; i < concurrency; i++) {
        const p = (async () => {
          while (!stopped) {
            try {
              await round(batchSize, 1, into);
              into.outcomes.length = 0;
            } catch (err) {
              if (!stopped) logger.warn('monitor queue poll failed', { error: err as Error });
              await new Promise((r) => setTimeout(r, 1000));
            }
          }
        })();
        pollers.add(p);
      }
      return () => {
        stopped = true;
      };
    },
    close: async () => {
      stopped = true;
      await Promise.all(pollers);
      client.destroy();
      await scheduler.close();
      await sqs.close();
    },
  };
}
