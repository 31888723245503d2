import { Duration, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambdaEvents from 'aws-cdk-lib/aws-lambda-event-sources';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { ApiFunction } from './api-function';
import { acknowledgeWildcardResource } from './nag';

/**
 * The consumer's concurrency cap (Lambda's SQS event source `maximumConcurrency`, at least 2): run starts, and so
 * provider searches, stay bounded however many monitors fall due together (docs/ARCHITECTURE.md, "Monitors on
 * AWS's scheduler", derives the runs an hour it allows).
 */
export const MONITOR_CONSUMER_MAX_CONCURRENCY = 2;
/** Messages per consumer invocation. */
export const MONITOR_CONSUMER_BATCH_SIZE = 10;
/** Receives of one message before it goes to the dead-letter queue (its alarm). */
export const MONITOR_MAX_RECEIVES = 5;

export interface MonitorSchedulingProps {
  /** The consumer's timeout: the queue's visibility timeout is six times it (SQS's advice for a Lambda source). */
  consumerTimeout: Duration;
}

/**
 * The monitors' scheduling on AWS (issue 27): one EventBridge Scheduler schedule per monitor (created by the
 * functions, in `group`), each sending one message per occurrence to `queue` through the Scheduler role; the
 * consumer (functions/jobs/monitor-runs.ts) takes them with a capped concurrency. Messages the consumer fails
 * `MONITOR_MAX_RECEIVES` times, and occurrences Scheduler could not deliver, go to `deadLetterQueue`.
 */
export class MonitorScheduling extends Construct {
  readonly queue: sqs.Queue;
  readonly deadLetterQueue: sqs.Queue;
  readonly group: scheduler.CfnScheduleGroup;
  readonly groupName: string;
  /** The role the schedules send with (sqs:SendMessage on the two queues only). */
  readonly schedulerRole: iam.Role;

  constructor(scope: Construct, id: string, props: MonitorSchedulingProps) {
    super(scope, id);
    const stack = Stack.of(this);
    this.deadLetterQueue = new sqs.Queue(this, 'DeadLetterQueue', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    this.queue = new sqs.Queue(this, 'Queue', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout: Duration.seconds(props.consumerTimeout.toSeconds() * 6),
      // An occurrence older than a day is not worth running: the next one is due by then.
      retentionPeriod: Duration.days(1),
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: MONITOR_MAX_RECEIVES },
    });
    this.groupName = `${stack.stackName}-monitors`.slice(0, 64);
    this.group = new scheduler.CfnScheduleGroup(this, 'Group', { name: this.groupName });
    this.schedulerRole = new iam.Role(this, 'SchedulerRole', {
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', { conditions: { StringEquals: { 'aws:SourceAccount': stack.account } } }),
      description: 'Vigil monitor schedules: send one message per occurrence to the monitor queue (or its DLQ)',
    });
    this.schedulerRole.addToPolicy(new iam.PolicyStatement({ actions: ['sqs:SendMessage'], resources: [this.queue.queueArn, this.deadLetterQueue.queueArn] }));
  }

  /** What a function that writes schedules needs to know. */
  get environment(): Record<string, string> {
    return {
      MONITOR_SCHEDULE_GROUP: this.groupName,
      MONITOR_QUEUE_ARN: this.queue.queueArn,
      MONITOR_DLQ_ARN: this.deadLetterQueue.queueArn,
      MONITOR_SCHEDULER_ROLE_ARN: this.schedulerRole.roleArn,
    };
  }

  /**
   * Lets `fn` create, update and delete the schedules of the group (and hand them the Scheduler role), and gives
   * it the environment above.
   */
  grantManage(fn: ApiFunction): void {
    const schedules = Stack.of(this).formatArn({ service: 'scheduler', resource: 'schedule', resourceName: `${this.groupName}/*` });
    fn.role.addToPolicy(new iam.PolicyStatement({ actions: ['scheduler:CreateSchedule', 'scheduler:UpdateSchedule', 'scheduler:DeleteSchedule'], resources: [schedules] }));
    fn.role.addToPolicy(
      new iam.PolicyStatement({
        actions: ['iam:PassRole'],
        resources: [this.schedulerRole.roleArn],
        conditions: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
      }),
    );
    acknowledgeWildcardResource(fn.role, schedules, 'The schedules of this one group: one per monitor, named after its id.');
    for (const [k, v] of Object.entries(this.environment)) fn.fn.addEnvironment(k, v);
  }

  /** Makes `fn` the queue's consumer: batches of MONITOR_CONSUMER_BATCH_SIZE, at most MONITOR_CONSUMER_MAX_CONCURRENCY at once. */
  addConsumer(fn: ApiFunction): void {
    fn.fn.addEventSource(
      new lambdaEvents.SqsEventSource(this.queue, {
        batchSize: MONITOR_CONSUMER_BATCH_SIZE,
        maxConcurrency: MONITOR_CONSUMER_MAX_CONCURRENCY,
        reportBatchItemFailures: true,
      }),
    );
  }
}
