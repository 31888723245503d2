import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import pMap from 'p-map';
import * as z from 'zod';
import { logger } from '../lib/logger';
import { traced } from '../lib/tracer';
import { startScheduledRun, type ScheduledRunOutcome } from '../services/monitors/runs';

/*
 * The monitor run consumer (construct MonitorRunConsumer, issue 27): the monitor queue's event source. Each SQS
 * message is one occurrence of a monitor's EventBridge Scheduler schedule; this starts its run. Its
 * concurrency is capped by the event source (MONITOR_CONSUMER_MAX_CONCURRENCY in infra), so run starts, and so
 * the provider's request rate, stay bounded however many monitors fall due together. A message that fails for a
 * passing reason is reported in `batchItemFailures` and comes back after the visibility timeout; after
 * maxReceiveCount it goes to the dead-letter queue (its alarm). Locally, local/monitor-queue.ts polls the SQS
 * stand-in and calls this same handler with the same event.
 */

const tickSchema = z.object({ monitorId: z.string().min(1).max(64), scheduledTime: z.iso.datetime({ offset: true }) });

export interface ConsumedBatch extends SQSBatchResponse {
  outcomes: ScheduledRunOutcome['status'][];
  /** Seconds from due time to start of the runs started (what the MonitorDispatchLagSeconds metric records). */
  lagSeconds: number[];
}

/**
 * Runs started at once within one batch. Starting a run is waiting on the table and Step Functions (about 17 table
 * requests and one StartExecution), so a few in parallel multiply what one invocation starts without more Lambda
 * concurrency; the start rate the provider sees is MONITOR_CONSUMER_MAX_CONCURRENCY x this (infra). Every step of a
 * start is a guarded write (the occurrence's claim, the allowance, the platform budget), so parallel starts of
 * the same monitor or user stay exact.
 */
export const MONITOR_RUNS_IN_PARALLEL = 4;

type RecordOutcome = { failed: string } | { outcome: ScheduledRunOutcome } | undefined;

export async function consume(event: SQSEvent, now: () => Date = () => new Date()): Promise<ConsumedBatch> {
  const one = async (record: SQSEvent['Records'][number]): Promise<RecordOutcome> => {
    let tick: z.infer<typeof tickSchema>;
    try {
      tick = tickSchema.parse(JSON.parse(record.body));
    } catch (err) {
      // Not ours to retry: a malformed message would fail every time. Logged, and dropped.
      logger.error('monitor queue: malformed message dropped', { messageId: record.messageId, error: err as Error });
      return undefined;
    }
    try {
      return { outcome: await startScheduledRun(tick.monitorId, tick.scheduledTime, now()) };
    } catch (err) {
      logger.error('monitor run did not start; the message will be delivered again', { monitorId: tick.monitorId, error: err as Error });
      return { failed: record.messageId };
    }
  };
  const done = await pMap(event.Records, one, { concurrency: MONITOR_RUNS_IN_PARALLEL });
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  const outcomes: ScheduledRunOutcome['status'][] = [];
  const lagSeconds: number[] = [];
  for (const r of done) {
    if (!r) continue;
    if ('failed' in r) batchItemFailures.push({ itemIdentifier: r.failed });
    else {
      outcomes.push(r.outcome.status);
      if (r.outcome.status === 'started') lagSeconds.push(r.outcome.lagSeconds);
    }
  }
  return { batchItemFailures, outcomes, lagSeconds };
}

/** The Lambda entry (SQS event source with ReportBatchItemFailures). */
export const handler = traced((event: SQSEvent) => consume(event));
