import { Duration } from 'aws-cdk-lib';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';
import { ERASURE_SCAN_WAIT_SECONDS, ERASURE_STATE, ERASURE_TASKS, type ErasureTaskName } from '../../functions/workflows/account-erasure/states';
import { lambdaTask } from './lambda-task';
import { renderAsl, type Asl } from './render-asl';

export { ERASURE_STATE, ERASURE_TASKS, type ErasureTaskName };
export type ErasureTaskFunctions = Partial<Record<ErasureTaskName, lambda.IFunction>>;

/**
 * Builds the account erasure workflow (docs/ARCHITECTURE.md, "Data the creator controls"):
 *
 *     EraseBegin -> EraseScanRunning? --busy--> EraseWaitForScan (60 s) -> EraseBegin
 *                                    --no----> EraseFiles -> EraseItems -> EraseMoreItems? --more--> EraseItems
 *                                                                                          --done--> EraseIdentity -> EraseReport -> EraseDone
 *
 * The input is `{userId, email, idpUsername?}`; each task's result goes under its own path and every task reads
 * the input fields only. Every task is idempotent (it deletes what is still there), so each retries on any error
 * with backoff, Lambda's throttling included; a task that still fails fails the execution, which can be started
 * again with the same input and finishes the job. The execution SUCCEEDS only after EraseReport mailed "deleted".
 */
export function buildAccountErasureDefinition(scope: Construct, fns: ErasureTaskFunctions): sfn.IChainable {
  const S = ERASURE_STATE;
  const step = (name: ErasureTaskName, resultPath: string) => {
    const fn = fns[name];
    if (!fn) return new sfn.Pass(scope, name, { resultPath: sfn.JsonPath.DISCARD });
    // Lambda's throttling and service errors first (lambda-task.ts), then any error of the idempotent task.
    const task = lambdaTask(scope, name, fn, { resultPath, timeout: Duration.minutes(5) });
    task.addRetry({ errors: [sfn.Errors.ALL], interval: Duration.seconds(2), backoffRate: 2, maxAttempts: 6, jitterStrategy: sfn.JitterType.FULL });
    return task;
  };
  const begin = step('EraseBegin', '$.begin');
  const files = step('EraseFiles', '$.files');
  const items = step('EraseItems', '$.items');
  const identity = step('EraseIdentity', '$.identity');
  const report = step('EraseReport', '$.report');
  const wait = new sfn.Wait(scope, S.WaitForScan, { time: sfn.WaitTime.duration(Duration.seconds(ERASURE_SCAN_WAIT_SECONDS)) });

  const afterItems = new sfn.Choice(scope, S.MoreItems)
    .when(sfn.Condition.booleanEquals('$.items.more', true), items)
    .otherwise(identity);
  identity.next(report).next(new sfn.Succeed(scope, S.Done));
  files.next(items);
  items.next(afterItems);
  wait.next(begin);
  const scanRunning = new sfn.Choice(scope, S.ScanRunning).when(sfn.Condition.booleanEquals('$.begin.busy', true), wait).otherwise(files);
  return sfn.Chain.start(begin).next(scanRunning);
}

/** The erasure workflow's ASL with every task as a Lambda Task state (fake ARNs), for the local runner. */
export function renderAccountErasureAsl(): Asl {
  return renderAsl(buildAccountErasureDefinition, ERASURE_TASKS);
}
