import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type * as sfn from 'aws-cdk-lib/aws-stepfunctions';
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
} as const;

export interface OpsStackProps extends StackProps {
  stage: string;
  /** Subscribed to the alarm topic by e-mail (the recipient confirms once); unset in dev: no subscription. */
  alarmEmail?: string;
  httpApi: apigwv2.IHttpApi;
  /** Every Lambda function by a readable name (API areas and workflow tasks). */
  functions: Map<string, lambda.IFunction>;
  stateMachines: Map<string, sfn.IStateMachine>;
  table: dynamodb.ITable;
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
    );
  }
}
