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
import { OPS_METRICS, OPS_SERVICE } from '../../functions/adapters/metrics/ops-metric-names';
import type { Construct } from 'constructs';

/**
 * Thresholds of the alarms (docs/OPERATIONS.md, "Alarms", says what each means and what to do). Every alarm is
 * a rate or needs M of N periods, so one retried error or one slow minute pages no one. Bounce and complaint
 * rates are SES's own reputation figures: SES reviews an account at 5% bounces or 0.1% complaints and may
 * pause sending at 10% or 0.5%, so the alarms fire at half the review level.
 */
export const ALARM_THRESHOLDS = {
  /** API answers: 5xx share, 4xx share (each with a floor of requests so a quiet hour cannot trip it). */
  api5xxPercent: 5,
  api4xxPercent: 25,
  apiRateMinRequests: 20,
  /** 429 answers (stage throttling or a per-user limit) in 5 minutes. */
  api429PerFiveMinutes: 20,
  /** An API function's errors as a share of its invocations. */
  apiFunctionErrorPercent: 5,
  /** A workflow task failing most of its invocations for 15 minutes: broken, not retried by design. */
  taskErrorPercent: 50,
  executionsFailed: 1,
  dynamoThrottleEvents: 10,
  sesBounceRate: 0.025,
  sesComplaintRate: 0.0005,
  /** Percent of the account's Lambda concurrency quota in use. */
  accountConcurrencyPercent: 80,
  /** p95 of the time from a monitor run's due time to its start. */
  dispatchLagSeconds: 900,
  /** Share of a quota (SES per day, provider per month) that the current pace would use. */
  quotaPacePercent: 80,
  /** Share of the platform's monthly provider-search budget spent (its gate stops new runs at 100%). */
  providerBudgetPercent: 80,
  /** AWS Budgets: notify at this share of the month's cost budget, actual, and at 100% forecast. */
  costBudgetPercent: 80,
} as const;

/** The metrics of the M-of-N rule: `datapoints` of the last `periods` five-minute periods must breach. */
const M_OF_N = { sustained: { datapoints: 3, periods: 5 }, repeated: { datapoints: 2, periods: 3 }, consecutive: { datapoints: 3, periods: 3 } } as const;

/** The application's operational metrics (EMF, namespace `Vigil`), named where they are published. */
const OPS_NAMESPACE = 'Vigil';

export interface OpsStackProps extends StackProps {
  stage: string;
  /** Subscribed to the alarm topic by e-mail (the recipient confirms once); unset in dev: no subscription. */
  alarmEmail?: string;
  httpApi: apigwv2.IHttpApi;
  /** 429 answers of the API (the access log's metric filter). */
  apiTooManyRequests?: cloudwatch.IMetric;
  /** The API's functions by a readable name (`Api<Area>`): error rate and throttles alarm. */
  functions: Map<string, lambda.IFunction>;
  /** Workflow task functions (`Task<Name>`): errors that Step Functions retries by design; only a broken task alarms. */
  taskFunctions?: Map<string, lambda.IFunction>;
  /** Scheduled and recovery functions (`MonitorDispatcher`, `Recovery<Name>`, ...): repeated errors alarm. */
  scheduledFunctions?: Map<string, lambda.IFunction>;
  stateMachines: Map<string, sfn.IStateMachine>;
  table: dynamodb.ITable;
  /** SES's 24-hour sending quota of the account (context sesDailyQuota). */
  sesDailyQuota?: number;
  /** The provider plan's monthly searches (context providerSearchesPerMonth). */
  providerSearchesPerMonth?: number;
  /** The monitor queue and its dead-letter queue (issue 27). */
  monitorQueues?: { queue: sqs.IQueue; deadLetterQueue: sqs.IQueue };
  /** The AWS Budgets cost budget, US dollars a month; unset: none. */
  monthlyBudgetUsd?: number;
}

/**
 * What tells the operator that something is wrong: one SNS topic (KMS-encrypted, TLS only) that every alarm
 * notifies when it fires (never when it clears: an e-mail saying all is well is noise), subscribed to
 * `alarmEmail`; alarms on rates or on M of N periods for the API (5xx, 4xx, 429), each function, each state
 * machine, DynamoDB, SES, Lambda concurrency against the account quota, Step Functions throttling, monitor
 * dispatch lag and the search provider's quota and spend; and one dashboard with the same figures.
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

    const alarm = (
      alarmId: string,
      metric: cloudwatch.IMetric,
      threshold: number,
      description: string,
      rule: { datapoints: number; periods: number } = { datapoints: 1, periods: 1 },
    ) => {
      const a = new cloudwatch.Alarm(this, alarmId, {
        alarmName: `Vigil-${props.stage}-${alarmId}`,
        alarmDescription: `${description} See docs/OPERATIONS.md, "Alarms".`,
        metric,
        threshold,
        evaluationPeriods: rule.periods,
        datapointsToAlarm: rule.datapoints,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
      // Only ALARM notifies: no OK e-mails.
      a.addAlarmAction(notify);
      this.alarms.push(a);
      return a;
    };
    const fiveMinutes = Duration.minutes(5);
    /** 100 * part / whole when whole reaches `min`, else 0 (a quiet period never breaches). Ids are unique per expression (graphs share them). */
    let expressions = 0;
    const percent = (label: string, part: cloudwatch.IMetric, whole: cloudwatch.IMetric, min: number, period = fiveMinutes) => {
      const n = ++expressions;
      return new cloudwatch.MathExpression({
        expression: `IF(whole${n} >= ${min}, 100 * part${n} / whole${n}, 0)`,
        usingMetrics: { [`part${n}`]: part, [`whole${n}`]: whole },
        label,
        period,
      });
    };

    const apiMetric = (metricName: string) =>
      new cloudwatch.Metric({ namespace: 'AWS/ApiGateway', metricName, dimensionsMap: { ApiId: props.httpApi.apiId }, statistic: 'Sum', period: fiveMinutes });
    const requests = apiMetric('Count');
    const serverErrors = apiMetric('5xx');
    const clientErrors = apiMetric('4xx');
    const api5xxRate = percent('API 5xx %', serverErrors, requests, ALARM_THRESHOLDS.apiRateMinRequests);
    const api4xxRate = percent('API 4xx %', clientErrors, requests, ALARM_THRESHOLDS.apiRateMinRequests);
    alarm('Api5xxRate', api5xxRate, ALARM_THRESHOLDS.api5xxPercent, `${ALARM_THRESHOLDS.api5xxPercent}% or more of API requests failed with 5xx in 3 of 5 five-minute periods.`, M_OF_N.sustained);
    alarm('Api4xxRate', api4xxRate, ALARM_THRESHOLDS.api4xxPercent, `${ALARM_THRESHOLDS.api4xxPercent}% or more of API requests were refused with 4xx in 3 of 5 five-minute periods.`, M_OF_N.sustained);
    if (props.apiTooManyRequests) {
      alarm('Api429', props.apiTooManyRequests, ALARM_THRESHOLDS.api429PerFiveMinutes, `${ALARM_THRESHOLDS.api429PerFiveMinutes} or more requests a period answered 429 (throttled) in 2 of 3 periods.`, M_OF_N.repeated);
    }

    for (const [name, fn] of props.functions) {
      const rate = percent(`${name} errors %`, fn.metricErrors({ period: fiveMinutes }), fn.metricInvocations({ period: fiveMinutes }), 10);
      alarm(`${name}ErrorRate`, rate, ALARM_THRESHOLDS.apiFunctionErrorPercent, `Function ${name} failed ${ALARM_THRESHOLDS.apiFunctionErrorPercent}% or more of its invocations in 3 of 5 periods.`, M_OF_N.sustained);
      // API functions share the account's unreserved concurrency: a throttle is a request that failed.
      alarm(`${name}Throttles`, fn.metricThrottles({ period: fiveMinutes }), 1, `Function ${name} was throttled (the account's unreserved concurrency ran out) in 2 of 3 periods.`, M_OF_N.repeated);
    }
    for (const [name, fn] of props.taskFunctions ?? []) {
      // Throttles and errors such a task throws are retried by its state (lambda-task.ts and each task's
      // retriers); only a task failing most of its invocations for 15 minutes is broken.
      const rate = percent(`${name} errors %`, fn.metricErrors({ period: fiveMinutes }), fn.metricInvocations({ period: fiveMinutes }), 5);
      alarm(`${name}ErrorRate`, rate, ALARM_THRESHOLDS.taskErrorPercent, `Workflow task ${name} failed ${ALARM_THRESHOLDS.taskErrorPercent}% or more of its invocations for 15 minutes.`, M_OF_N.consecutive);
    }
    for (const [name, fn] of props.scheduledFunctions ?? []) {
      alarm(`${name}Errors`, fn.metricErrors({ period: fiveMinutes }), 1, `Function ${name} threw or timed out in 2 of 3 periods (its schedule or event retries it).`, M_OF_N.repeated);
    }
    for (const [name, machine] of props.stateMachines) {
      // Business outcomes end in success, so a failed execution is a real failure; two periods of them alarm.
      alarm(`${name}ExecutionsFailed`, machine.metricFailed({ period: fiveMinutes }), ALARM_THRESHOLDS.executionsFailed, `${name} workflow executions failed in 2 of 3 periods.`, M_OF_N.repeated);
      alarm(`${name}ExecutionsTimedOut`, machine.metricTimedOut({ period: Duration.hours(1) }), 1, `A ${name} workflow execution timed out.`);
      alarm(
        `${name}ExecutionsThrottled`,
        machine.metric('ExecutionThrottled', { period: fiveMinutes, statistic: 'Sum' }),
        1,
        `Step Functions throttled state transitions of ${name} in 2 of 3 periods.`,
        M_OF_N.repeated,
      );
    }
    const startThrottles = new cloudwatch.Metric({ namespace: 'AWS/States', metricName: 'ThrottledEvents', dimensionsMap: { ServiceMetric: 'StateTransition' }, statistic: 'Sum', period: fiveMinutes });
    const startExecutionThrottles = new cloudwatch.Metric({ namespace: 'AWS/States', metricName: 'ThrottledEvents', dimensionsMap: { APIName: 'StartExecution' }, statistic: 'Sum', period: fiveMinutes });
    alarm('StepFunctionsStartThrottled', startExecutionThrottles, 1, 'Step Functions throttled StartExecution calls (scans, submissions) in 2 of 3 periods.', M_OF_N.repeated);
    alarm('StepFunctionsTransitionsThrottled', startThrottles, 1, "The account's Step Functions state-transition bucket was throttled in 2 of 3 periods.", M_OF_N.repeated);

    // Lambda's concurrency against the account quota (AWS/Usage with SERVICE_QUOTA).
    const concurrency = new cloudwatch.Metric({
      namespace: 'AWS/Usage',
      metricName: 'ResourceCount',
      dimensionsMap: { Service: 'Lambda', Type: 'Resource', Resource: 'ConcurrentExecutions', Class: 'None' },
      statistic: 'Maximum',
      period: fiveMinutes,
    });
    const concurrencyPercent = new cloudwatch.MathExpression({ expression: '100 * c / SERVICE_QUOTA(c)', usingMetrics: { c: concurrency }, label: 'Lambda concurrency % of quota', period: fiveMinutes });
    alarm('LambdaConcurrencyNearQuota', concurrencyPercent, ALARM_THRESHOLDS.accountConcurrencyPercent, `Lambda concurrency reached ${ALARM_THRESHOLDS.accountConcurrencyPercent}% of the account quota in 3 of 5 periods.`, M_OF_N.sustained);

    const tableMetric = (metricName: string) =>
      new cloudwatch.Metric({ namespace: 'AWS/DynamoDB', metricName, dimensionsMap: { TableName: props.table.tableName }, statistic: 'Sum', period: fiveMinutes });
    alarm('TableReadThrottles', tableMetric('ReadThrottleEvents'), ALARM_THRESHOLDS.dynamoThrottleEvents, 'DynamoDB throttled reads of the table in 2 of 3 periods.', M_OF_N.repeated);
    alarm('TableWriteThrottles', tableMetric('WriteThrottleEvents'), ALARM_THRESHOLDS.dynamoThrottleEvents, 'DynamoDB throttled writes to the table in 2 of 3 periods.', M_OF_N.repeated);
    const ses = (metricName: string) => new cloudwatch.Metric({ namespace: 'AWS/SES', metricName, statistic: 'Maximum', period: Duration.hours(1) });
    alarm('SesBounceRate', ses('Reputation.BounceRate'), ALARM_THRESHOLDS.sesBounceRate, 'The SES account bounce rate is at half the level where SES reviews the account (2 of 3 hours).', M_OF_N.repeated);
    alarm('SesComplaintRate', ses('Reputation.ComplaintRate'), ALARM_THRESHOLDS.sesComplaintRate, 'The SES account complaint rate is at half the level where SES reviews the account (2 of 3 hours).', M_OF_N.repeated);
    // SES sending against its 24-hour quota: a pace per hour that would use 80% of it in a day, 2 of 3 hours.
    const sesQuota = props.sesDailyQuota ?? 50_000;
    const sends = new cloudwatch.Metric({ namespace: 'AWS/SES', metricName: 'Send', statistic: 'Sum', period: Duration.hours(1) });
    alarm('SesSendingNearQuota', sends, Math.ceil((sesQuota * ALARM_THRESHOLDS.quotaPacePercent) / 100 / 24), `SES sends at a pace that would use ${ALARM_THRESHOLDS.quotaPacePercent}% of the ${sesQuota}-a-day quota (2 of 3 hours).`, M_OF_N.repeated);

    // The application's own metrics (functions/adapters/metrics/ops-metrics.ts).
    const ops = (metricName: string, statistic: string, period: Duration) =>
      new cloudwatch.Metric({ namespace: OPS_NAMESPACE, metricName, dimensionsMap: { service: OPS_SERVICE }, statistic, period });
    const dispatchLag = ops(OPS_METRICS.dispatchLag, 'p95', fiveMinutes);
    alarm('MonitorDispatchLag', dispatchLag, ALARM_THRESHOLDS.dispatchLagSeconds, `Scheduled monitor runs start ${ALARM_THRESHOLDS.dispatchLagSeconds / 60} minutes or more after they are due (p95), for 15 minutes.`, M_OF_N.consecutive);
    const quotaErrors = ops(OPS_METRICS.providerQuotaErrors, 'Sum', fiveMinutes);
    alarm('ProviderQuotaExhausted', quotaErrors, 1, "The search provider answered that the plan's quota is used up.");
    const providerQuota = props.providerSearchesPerMonth ?? 5_000;
    const admitted = ops(OPS_METRICS.providerSearchesAdmitted, 'Sum', Duration.days(1));
    alarm('ProviderSpendPace', admitted, Math.ceil((providerQuota * ALARM_THRESHOLDS.quotaPacePercent) / 100 / 30), `Provider searches in one day at a pace that would use ${ALARM_THRESHOLDS.quotaPacePercent}% of the ${providerQuota}-a-month plan.`);

    // Monitors on AWS's scheduler and the provider budget (issue 27; docs/OPERATIONS.md, "Alarms").
    if (props.monitorQueues) {
      const dlq = props.monitorQueues.deadLetterQueue.metricApproximateNumberOfMessagesVisible({ period: fiveMinutes, statistic: 'Maximum' });
      alarm('MonitorDeadLetters', dlq, 1, 'Monitor occurrences are in the dead-letter queue: their runs did not start.');
      const backlogAge = props.monitorQueues.queue.metricApproximateAgeOfOldestMessage({ period: fiveMinutes, statistic: 'Maximum' });
      alarm('MonitorQueueAge', backlogAge, ALARM_THRESHOLDS.dispatchLagSeconds, 'The oldest monitor occurrence has waited in the queue longer than the dispatch lag threshold.', M_OF_N.repeated);
    }
    const budgetUsed = ops(OPS_METRICS.providerBudgetUsedPercent, 'Maximum', Duration.hours(1));
    alarm('ProviderSpend', budgetUsed, ALARM_THRESHOLDS.providerBudgetPercent, `More than ${ALARM_THRESHOLDS.providerBudgetPercent}% of the month's platform provider-search budget is spent.`);
    if (props.monthlyBudgetUsd) this.costBudget(props.monthlyBudgetUsd, props.stage);

    this.dashboard = new cloudwatch.Dashboard(this, 'Dashboard', { dashboardName: `Vigil-${props.stage}`, defaultInterval: Duration.hours(24) });
    const fns = [...props.functions.values(), ...(props.taskFunctions?.values() ?? []), ...(props.scheduledFunctions?.values() ?? [])];
    const machines = [...props.stateMachines];
    this.dashboard.addWidgets(
      new cloudwatch.AlarmStatusWidget({ title: 'Alarms', alarms: this.alarms, width: 24, height: 4 }),
      new cloudwatch.GraphWidget({ title: 'API requests, 4xx and 5xx', left: [requests, clientErrors, serverErrors], right: [api5xxRate, api4xxRate], width: 12 }),
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
      new cloudwatch.GraphWidget({ title: 'SES reputation', left: [ses('Reputation.BounceRate'), ses('Reputation.ComplaintRate')], right: [sends], width: 12 }),
      new cloudwatch.GraphWidget({ title: 'Lambda concurrency % of quota; Step Functions throttles', left: [concurrencyPercent], right: [startExecutionThrottles, startThrottles], width: 12 }),
      new cloudwatch.GraphWidget({ title: 'Monitor dispatch lag p95 (s); provider quota errors and searches', left: [dispatchLag], right: [quotaErrors, ops(OPS_METRICS.providerSearchesAdmitted, 'Sum', Duration.hours(1))], width: 12 }),
      new cloudwatch.GraphWidget({ title: 'Monitor runs started and skipped; provider budget used (%)', left: [ops(OPS_METRICS.monitorRunsStarted, 'Sum', fiveMinutes), ops(OPS_METRICS.monitorRunsSkipped, 'Sum', fiveMinutes)], right: [budgetUsed], width: 12 }),
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
