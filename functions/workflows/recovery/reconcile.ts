import { config } from '../../lib/config';
import { logger } from '../../lib/logger';
import { listStoppedExecutions } from '../../adapters/workflows';
import { endAbandonedExecution, type AbandonedStatus } from './execution-ended';
import { sweepOverdue } from './sweep';
import { traced } from '../../lib/tracer';

/** How far back each run looks: several schedule periods, so a missed run or a late event is still caught. */
export const RECONCILE_LOOKBACK_MS = 2 * 3600 * 1000;

/**
 * Scheduled reconciler (every 15 minutes on AWS): the safety net under the EventBridge status rule. It lists
 * each workflow's executions that stopped FAILED, TIMED_OUT or ABORTED in the last two hours (a state machine's
 * own timeout ends a stuck one: the search after 30 minutes, a submission after 7 days, a bulk submission after
 * an hour) and ends their scan, case attempt or bulk items as the rule would. Then it sweeps the scans,
 * submissions and bulk executions still open past their workflow's
 * timeout, whatever became of their execution (./sweep.ts: one gsi3 Query per kind, never a Scan). Every
 * update is conditional, so re-processing an execution or an item changes nothing.
 */
export async function reconcile(now = Date.now()): Promise<{ checked: number; ended: number; swept: Awaited<ReturnType<typeof sweepOverdue>> }> {
  const cfg = config();
  let checked = 0;
  let ended = 0;
  for (const arn of [cfg.searchStateMachineArn, cfg.submissionStateMachineArn, cfg.bulkSubmissionStateMachineArn]) {
    if (!arn) continue;
    for (const status of ['FAILED', 'TIMED_OUT', 'ABORTED'] as const satisfies readonly AbandonedStatus[]) {
      for (const execution of await listStoppedExecutions(arn, status, new Date(now - RECONCILE_LOOKBACK_MS))) {
        checked++;
        const res = await endAbandonedExecution({ stateMachineArn: arn, name: execution.name, status, error: execution.error });
        if (res.ended) ended++;
      }
    }
  }
  const swept = await sweepOverdue(new Date(now));
  logger.info('reconciled stopped executions and overdue work', { checked, ended, swept });
  return { checked, ended, swept };
}

export const handler = traced((_event?: unknown) => reconcile());
