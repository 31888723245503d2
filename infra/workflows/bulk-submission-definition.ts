import { Duration } from 'aws-cdk-lib';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import * as tasks from 'aws-cdk-lib/aws-stepfunctions-tasks';
import type { Construct } from 'constructs';
import { BULK_MAX_CONCURRENCY, BULK_STATE, BULK_TASKS, type BulkTaskName } from '../../functions/workflows/bulk-submission/states';
import { lambdaTask } from './lambda-task';
import { renderAsl, type Asl } from './render-asl';

export { BULK_MAX_CONCURRENCY, BULK_STATE, BULK_TASKS, type BulkTaskName };
export type BulkTaskFunctions = Partial<Record<BulkTaskName, lambda.IFunction>>;

/**
 * Builds the bulk submission workflow (ARCHITECTURE.md, "Bulk submission"):
 *
 *     BulkStart: $.resend (recovery sends what a stopped execution claimed) -> BulkGroup; else
 *     SubmitEach (Map over $.items, MaxConcurrency BULK_MAX_CONCURRENCY)
 *       each item: BulkSubmitItem --any error--> BulkItemFailed --> BulkItemDone
 *     -> BulkGroup ($.groups: the claimed cases by recipient)
 *     -> SendEachGroup (Map over $.groups): BulkSendGroup --any error--> BulkGroupDone
 *     -> BulkDone
 *
 * Each iteration gets `{bulkId, userId, options, allowance, item}` (ItemSelector); BulkSubmitItem creates or
 * reuses the case and starts its submission workflow. Whatever it throws (after the Lambda service retries) is
 * caught per item into BulkItemFailed (a throttled invoke is retried first, lambda-task.ts), which gives the item's allowance unit back and records the failure on the
 * case; BulkItemFailed's own failure is caught too, so one bad item never fails the batch. The Map's results
 * are discarded (the cases hold the outcome), so a batch of MAX_BULK_IDS stays far below the state size limit.
 * A task without a function is a Pass state of the same name. Called by the workflows stack and, through
 * `renderBulkSubmissionAsl()`, by the local runner.
 */
export function buildBulkSubmissionDefinition(scope: Construct, fns: BulkTaskFunctions): sfn.IChainable {
  const S = BULK_STATE;
  const step = (name: BulkTaskName, resultPath?: string) => {
    const fn = fns[name];
    if (!fn) return new sfn.Pass(scope, name, { resultPath: resultPath ?? sfn.JsonPath.DISCARD, ...(name === 'BulkGroup' ? { result: sfn.Result.fromArray([]) } : {}) });
    return lambdaTask(scope, name, fn, { resultPath, timeout: Duration.minutes(name === 'BulkSendGroup' ? 5 : 1) });
  };
  const itemDone = new sfn.Succeed(scope, S.ItemDone);
  const submitItem = step('BulkSubmitItem');
  const itemFailed = step('BulkItemFailed');
  if (itemFailed instanceof tasks.LambdaInvoke) itemFailed.addCatch(itemDone, { errors: [sfn.Errors.ALL], resultPath: sfn.JsonPath.DISCARD });
  itemFailed.next(itemDone);
  if (submitItem instanceof tasks.LambdaInvoke) submitItem.addCatch(itemFailed, { errors: [sfn.Errors.ALL], resultPath: '$.failure' });

  const each = new sfn.Map(scope, S.SubmitEach, {
    itemsPath: '$.items',
    itemSelector: {
      'bulkId.$': '$.bulkId',
      'userId.$': '$.userId',
      'options.$': '$.options',
      'allowance.$': '$.allowance',
      'item.$': '$$.Map.Item.Value',
    },
    maxConcurrency: BULK_MAX_CONCURRENCY,
    resultPath: sfn.JsonPath.DISCARD,
  });
  each.itemProcessor(submitItem);

  // Issue 23: one message per recipient per batch. BulkGroup groups the claimed cases by recipient; each group
  // gets one message and its cases' workflows start after it. A group that fails is caught: its cases keep
  // their claimed attempt (the sweep ends it) and the other groups go on.
  const group = step('BulkGroup', '$.groups');
  const sendGroup = step('BulkSendGroup');
  const groupDone = new sfn.Succeed(scope, S.GroupDone);
  if (sendGroup instanceof tasks.LambdaInvoke) sendGroup.addCatch(groupDone, { errors: [sfn.Errors.ALL], resultPath: sfn.JsonPath.DISCARD });
  const sendEach = new sfn.Map(scope, S.SendEachGroup, {
    itemsPath: '$.groups',
    itemSelector: { 'bulkId.$': '$.bulkId', 'userId.$': '$.userId', 'group.$': '$$.Map.Item.Value' },
    maxConcurrency: BULK_MAX_CONCURRENCY,
    resultPath: sfn.JsonPath.DISCARD,
  });
  sendEach.itemProcessor(sendGroup);
  each.next(group).next(sendEach).next(new sfn.Succeed(scope, S.Done));
  // Recovery of an execution that stopped between claiming and sending (functions/workflows/recovery/bulk.ts)
  // starts `<bulkId>-resend` with `resend: true`: only the grouping and the sending, of the cases still claimed.
  return new sfn.Choice(scope, S.Start).when(sfn.Condition.isPresent('$.resend'), group).otherwise(each);
}

/** The bulk workflow's ASL with every task as a Lambda Task state (fake ARNs), for the local runner. */
export function renderBulkSubmissionAsl(): Asl {
  return renderAsl(buildBulkSubmissionDefinition, BULK_TASKS);
}
