import { Duration } from 'aws-cdk-lib';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import * as tasks from 'aws-cdk-lib/aws-stepfunctions-tasks';
import type { Construct } from 'constructs';

/**
 * Errors of the Lambda service itself, not of the task's code: a throttled invoke (the function's reserved
 * concurrency or the account's limit is reached) and the service's transient failures. CDK's default retrier
 * (`retryOnServiceExceptions`) leaves `Lambda.TooManyRequestsException` out, so a burst of scans would fail
 * tasks instead of waiting (issue 27); every Lambda Task state of every workflow retries these instead.
 */
export const LAMBDA_SERVICE_ERRORS = [
  'Lambda.TooManyRequestsException',
  'Lambda.ServiceException',
  'Lambda.AWSLambdaException',
  'Lambda.SdkClientException',
  'Lambda.ClientExecutionTimeoutException',
] as const;

/**
 * The retrier for LAMBDA_SERVICE_ERRORS: 1 s, doubling, with full jitter (so throttled branches of one Map do
 * not come back together), capped at 60 s between attempts; 8 attempts span about 2 minutes at most, long
 * enough for a burst to drain through reserved concurrency.
 */
export const LAMBDA_SERVICE_RETRY: sfn.RetryProps = {
  errors: [...LAMBDA_SERVICE_ERRORS],
  interval: Duration.seconds(1),
  backoffRate: 2,
  maxAttempts: 8,
  maxDelay: Duration.seconds(60),
  jitterStrategy: sfn.JitterType.FULL,
};

export interface LambdaTaskProps {
  resultPath?: string;
  timeout: Duration;
}

/**
 * A Lambda Task state (payload only) whose FIRST retrier is LAMBDA_SERVICE_RETRY: Step Functions uses the
 * first retrier whose errors match, so a task's own broader retrier (`States.TaskFailed`) added later cannot
 * shadow it. The workflow definitions build every Lambda task through this.
 */
export function lambdaTask(scope: Construct, name: string, fn: lambda.IFunction, props: LambdaTaskProps): tasks.LambdaInvoke {
  const task = new tasks.LambdaInvoke(scope, name, {
    lambdaFunction: fn,
    payloadResponseOnly: true,
    retryOnServiceExceptions: false,
    ...(props.resultPath !== undefined ? { resultPath: props.resultPath } : {}),
    taskTimeout: sfn.Timeout.duration(props.timeout),
  });
  task.addRetry(LAMBDA_SERVICE_RETRY);
  return task;
}
