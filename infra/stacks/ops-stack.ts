import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as budgets from 'aws-cdk-lib/aws-budgets';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';

/**
 * Thresholds of the alarms (docs/OPERATIONS.md, "Alarms", says what each means and what to do). Bounce and
 * complaint rates are SES's own reputation figures: SES reviews an account at 5% bounces or 0.1% complaints
 * and may pause sending at 10% or 0.5%, so the alarms fire at half the review level.
 */
export const ALARM_THRESHOLDS = {
  api5xxPercent: 5,
  lambdaErrors: 1,
  lambdaThrottles: 1,
  executionsFailed: 1,
  dynamoThrottleEvents: 10,
  sesBounceRate: 0.025,
  sesComplaintRate: 0.0005,
  /** Seconds from a monitor occurrence's due time to its run's start, p95 over 15 minutes (issue 27). */
  monitorDispatchLagP95Seconds: 900,
  /** Share of the platform's monthly provider-search budget spent (its gate stops new runs at 100%). */
  providerBudgetPercent: 80,
  /** AWS Budgets: notify at this share of the month's cost budget, actual, and at 100% forecast. */
  costBudgetPercent: 80,
} as const;

/** Namespace and service dimension of the operational EMF metrics (functions/adapters/metrics/ops-metrics.ts). */
const OPS_NAMESPACE = 'Vigil';
const OPS_SERVICE = 'vigil-ops';

export interface OpsStackProps extends StackProps {
  stage: string;
  /** Subscribed to the alarm topic by e-mail (the recipient confirms once); unset in dev: no subscription. */
  alarmEmail?: string;
  httpApi: apigwv2.IHttpApi;
  /** Every Lambda function by a readable name (API areas and workflow tasks). */
  functions: Map<string, lambda.IFunction>;
  stateMachines: Map<string, sfn.IStateMachine>;
  table: dynamodb.ITable;
  /** The monitor queue and its dead-letter queue (issue 27). */
  monitorQueues?: { queue: sqs.IQueue; deadLetterQueue: sqs.IQueue };
  /** The AWS Budgets cost budget, US dollars a month; unset: none. */
  monthlyBudgetUsd?: number;
}

/**
 * What tells the operator that something is wrong: one SNS topic (KMS-encrypted, TLS only) that every alarm
 * notifies, subscribed to `alarmEmail`; alarms for the API's 5xx rate, each function's errors and throttles,
 * each state machine's failed and timed-out executions, DynamoDB throttling and SES bounce and complaint
 * rates; and one dashboard with the same figures.
 */
export class OpsStack extends Stack {
  readonly topic: sns.Topic;
  readonly alarms: cloudwatch.Alarm[] = [];
  readonly dashboard: cloudwatch.Dashboard;

  constructor(scope: Construct, id: string, props: OpsStackProps) {
    super(scope, id, props);

    // An AWS managed key cannot be used: CloudWatch must be allowed to encrypt to the topic.
    const key = new kms.Key(this, 'AlarmTopicKey', { enableKeyRotation: true, description: `Vigil ${props.stage} alarm topic` });
    key.addToResourcePolicy(
      new iam.PolicyStatement({
        principals: [new iam.ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        resources: ['*'],
      }),
    );
    this.topic = new sns.Topic(this, 'AlarmTopic', { displayName: `Vigil ${props.stage} alarms`, masterKey: key, enforceSSL: true });
    if (props.alarmEmail) this.topic.addSubscription(new subscriptions.EmailSubscription(props.alarmEmail));
    const notify = new actions.SnsAction(this.topic);

    const alarm = (alarmId: string, metric: cloudwatch.IMetric, threshold: number, description: string) => {
      const a = new cloudwatch.Alarm(this, alarmId, {
        alarmName: `Vigil-${props.stage}-${alarmId}`,
        alarmDescription: `${description} See docs/OPERATIONS.md, "Alarms".`,
        metric,
        threshold,
        evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
      a.addAlarmAction(notify);
      a.addOkAction(notify);
      this.alarms.push(a);
      return a;
    };
    const fiveMinutes = Duration.minutes(5);

    const requests = new cloudwatch.Metric({ namespace: 'AWS/ApiGateway', metricName: 'Count', dimensionsMap: { ApiId: props.httpApi.apiId }, statistic: 'Sum', period: fiveMinutes });
    const serverErrors = new cloudwatch.Metric({ namespace: 'AWS/ApiGateway', metricName: '5xx', dimensionsMap: { ApiId: props.httpApi.apiId }, statistic: 'Sum', period: fiveMinutes });
    const api5xxRate = new cloudwatch.MathExpression({
      expression: 'IF(requests > 0, 100 * errors / requests, 0)',
      usingMetrics: { requests, errors: serverErrors },
      label: 'API 5xx %',
      period: fiveMinutes,
    });
    alarm('Api5xxRate', api5xxRate, ALARM_THRESHOLDS.api5xxPercent, `More than ${ALARM_THRESHOLDS.api5xxPercent}% of API requests failed with 5xx in 5 minutes.`);

    for (const [name, fn] of props.functions) {
      alarm(`${name}Errors`, fn.metricErrors({ period: fiveMinutes }), ALARM_THRESHOLDS.lambdaErrors, `Function ${name} threw or timed out.`);
      alarm(`${name}Throttles`, fn.metricThrottles({ period: fiveMinutes }), ALARM_THRESHOLDS.lambdaThrottles, `Function ${name} was throttled (concurrency limit).`);
    }
    for (const [name, machine] of props.stateMachines) {
      alarm(`${name}ExecutionsFailed`, machine.metricFailed({ period: fiveMinutes }), ALARM_THRESHOLDS.executionsFailed, `A ${name} workflow execution failed.`);
      alarm(`${name}ExecutionsTimedOut`, machine.metricTimedOut({ period: fiveMinutes }), ALARM_THRESHOLDS.executionsFailed, `A ${name} workflow execution timed out.`);
    }
    const tableMetric = (metricName: string) =>
      new cloudwatch.Metric({ namespace: 'AWS/DynamoDB', metricName, dimensionsMap: { TableName: props.table.tableName }, statistic: 'Sum', period: fiveMinutes });
    alarm('TableReadThrottles', tableMetric('ReadThrottleEvents'), ALARM_THRESHOLDS.dynamoThrottleEvents, 'DynamoDB throttled reads of the table.');
    alarm('TableWriteThrottles', tableMetric('WriteThrottleEvents'), ALARM_THRESHOLDS.dynamoThrottleEvents, 'DynamoDB throttled writes to the table.');
    const ses = (metricName: string) => new cloudwatch.Metric({ namespace: 'AWS/SES', metricName, statistic: 'Maximum', period: Duration.hours(1) });
    alarm('SesBounceRate', ses('Reputation.BounceRate'), ALARM_THRESHOLDS.sesBounceRate, 'The SES account bounce rate is at half the level where SES reviews the account.');
    alarm('SesComplaintRate', ses('Reputation.ComplaintRate'), ALARM_THRESHOLDS.sesComplaintRate, 'The SES account complaint rate is at half the level where SES reviews the account.');

    // Monitors on AWS's scheduler and the provider budget (issue 27; docs/OPERATIONS.md, "Alarms").
    const ops = (metricName: string, statistic: string, period: Duration) =>
      new cloudwatch.Metric({ namespace: OPS_NAMESPACE, metricName, dimensionsMap: { service: OPS_SERVICE }, statistic, period });
    const fifteenMinutes = Duration.minutes(15);
    const lagP95 = ops('MonitorDispatchLagSeconds', 'p95', fifteenMinutes);
    alarm('MonitorDispatchLag', lagP95, ALARM_THRESHOLDS.monitorDispatchLagP95Seconds, `Scheduled monitor runs start more than ${ALARM_THRESHOLDS.monitorDispatchLagP95Seconds} s (p95) after they are due.`);
    if (props.monitorQueues) {
      const dlq = props.monitorQueues.deadLetterQueue.metricApproximateNumberOfMessagesVisible({ period: fiveMinutes, statistic: 'Maximum' });
      alarm('MonitorDeadLetters', dlq, 1, 'Monitor occurrences are in the dead-letter queue: their runs did not start.');
      const backlogAge = props.monitorQueues.queue.metricApproximateAgeOfOldestMessage({ period: fiveMinutes, statistic: 'Maximum' });
      alarm('MonitorQueueAge', backlogAge, ALARM_THRESHOLDS.monitorDispatchLagP95Seconds, 'The oldest monitor occurrence has waited in the queue longer than the lag threshold.');
    }
    alarm('ProviderQuotaExceeded', ops('ProviderQuotaErrors', 'Sum', fiveMinutes), 1, 'A search provider answered that its plan is used up (ProviderQuotaError): scans find nothing from it.');
    const budgetUsed = ops('ProviderBudgetUsedPercent', 'Maximum', Duration.hours(1));
    alarm('ProviderSpend', budgetUsed, ALARM_THRESHOLDS.providerBudgetPercent, `More than ${ALARM_THRESHOLDS.providerBudgetPercent}% of the month's platform provider-search budget is spent.`);
    if (props.monthlyBudgetUsd) this.costBudget(props.monthlyBudgetUsd, props.stage);

    this.dashboard = new cloudwatch.Dashboard(this, 'Dashboard', { dashboardName: `Vigil-${props.stage}`, defaultInterval: Duration.hours(24) });
    const fns = [...props.functions.values()];
    const machines = [...props.stateMachines];
    this.dashboard.addWidgets(
      new cloudwatch.AlarmStatusWidget({ title: 'Alarms', alarms: this.alarms, width: 24, height: 4 }),
      new cloudwatch.GraphWidget({ title: 'API requests and 5xx', left: [requests, serverErrors], right: [api5xxRate], width: 12 }),
      new cloudwatch.GraphWidget({
        title: 'API latency (p50, p99)',
        left: ['p50', 'p99'].map((statistic) => new cloudwatch.Metric({ namespace: 'AWS/ApiGateway', metricName: 'Latency', dimensionsMap: { ApiId: props.httpApi.apiId }, statistic, period: fiveMinutes })),
        width: 12,
      }),
      new cloudwatch.GraphWidget({ title: 'Lambda errors', left: fns.map((f) => f.metricErrors({ period: fiveMinutes })), width: 12 }),
      new cloudwatch.GraphWidget({ title: 'Lambda throttles', left: fns.map((f) => f.metricThrottles({ period: fiveMinutes })), width: 12 }),
      new cloudwatch.GraphWidget({
        title: 'Workflow executions: failed and timed out',
        left: machines.flatMap(([, m]) => [m.metricFailed({ period: fiveMinutes }), m.metricTimedOut({ period: fiveMinutes })]),
        right: machines.map(([, m]) => m.metricStarted({ period: fiveMinutes })),
        width: 12,
      }),
      new cloudwatch.GraphWidget({ title: 'DynamoDB throttle events', left: [tableMetric('ReadThrottleEvents'), tableMetric('WriteThrottleEvents')], width: 12 }),
      new cloudwatch.GraphWidget({ title: 'SES reputation', left: [ses('Reputation.BounceRate'), ses('Reputation.ComplaintRate')], width: 12 }),
      new cloudwatch.GraphWidget({
        title: 'Monitor runs: dispatch lag (p50, p95) and starts',
        left: [ops('MonitorDispatchLagSeconds', 'p50', fifteenMinutes), lagP95],
        right: [ops('MonitorRunsStarted', 'Sum', fifteenMinutes), ops('MonitorRunsSkipped', 'Sum', fifteenMinutes)],
        width: 12,
      }),
      new cloudwatch.GraphWidget({ title: 'Provider budget used (%) and quota errors', left: [budgetUsed], right: [ops('ProviderQuotaErrors', 'Sum', fiveMinutes)], width: 12 }),
    );
  }

  /**
   * An AWS Budgets cost budget for the account's month, notifying the alarm topic at ALARM_THRESHOLDS.costBudgetPercent
   * of it spent and at 100% forecast. Budgets publishes to the topic through its policy and the topic's key.
   */
  private costBudget(limitUsd: number, stage: string): void {
    const principal = new iam.ServicePrincipal('budgets.amazonaws.com');
    this.topic.addToResourcePolicy(new iam.PolicyStatement({ principals: [principal], actions: ['sns:Publish'], resources: [this.topic.topicArn] }));
    this.topic.masterKey?.addToResourcePolicy(new iam.PolicyStatement({ principals: [principal], actions: ['kms:Decrypt', 'kms:GenerateDataKey*'], resources: ['*'] }));
    const subscribers = [{ subscriptionType: 'SNS', address: this.topic.topicArn }];
    new budgets.CfnBudget(this, 'CostBudget', {
      budget: { budgetName: `Vigil-${stage}-monthly`, budgetType: 'COST', timeUnit: 'MONTHLY', budgetLimit: { amount: limitUsd, unit: 'USD' } },
      notificationsWithSubscribers: [
        { notification: { notificationType: 'ACTUAL', comparisonOperator: 'GREATER_THAN', threshold: ALARM_THRESHOLDS.costBudgetPercent, thresholdType: 'PERCENTAGE' }, subscribers },
        { notification: { notificationType: 'FORECASTED', comparisonOperator: 'GREATER_THAN', threshold: 100, thresholdType: 'PERCENTAGE' }, subscribers },
      ],
    });
  }
}
