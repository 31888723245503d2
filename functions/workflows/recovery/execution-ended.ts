import type { EventBridgeEvent } from 'aws-lambda';
import { config } from '../../lib/config';
import { logger } from '../../lib/logger';
import { traced } from '../../lib/tracer';
import { updateSubmission } from '../../services/cases/case-store';
import { finishSearch } from '../../services/search/searches';
import { endStoppedBulk } from './bulk';

/** How an execution ended without reaching its own last state (Step Functions' terminal statuses but SUCCEEDED). */
export type AbandonedStatus = 'FAILED' | 'TIMED_OUT' | 'ABORTED';

export interface EndedExecution {
  stateMachineArn: string;
  /** The execution's name: the search id, `<caseId>-<attempt>` for a submission, the bulk id for a bulk submission. */
  name: string;
  status: AbandonedStatus;
  /** The execution's input (JSON), when known: it names the search or the case and attempt. */
  input?: string | null;
  /** The error the execution failed with (status FAILED). */
  error?: string | null;
}

/** The submission workflow's own Fail state after RecordFailure: the case already says what went wrong. */
const RECORDED_SUBMISSION_FAILURE = 'SubmissionFailed';

/** What the creator reads on the scan or the case (`bulk`: on the case of an item a bulk submission never reached). */
export const ENDED_REASONS: Record<AbandonedStatus, { search: string; submission: string; bulk: string }> = {
  FAILED: {
    search: 'The scan stopped unexpectedly and could not be completed. Please start it again.',
    submission: 'The automated submission stopped unexpectedly. Please try again, or download the PDF and send it by hand.',
    bulk: 'The bulk submission stopped unexpectedly before it reached this notice. Please try again, or download the PDF and send it by hand.',
  },
  TIMED_OUT: {
    search: 'The scan took too long and was stopped. Please start it again.',
    submission: 'The automated submission took too long and was stopped. Please try again.',
    bulk: 'The bulk submission took too long and was stopped before it reached this notice. Please try again.',
  },
  ABORTED: {
    search: 'The scan was stopped before it finished. Please start it again.',
    submission: 'The automated submission was stopped before it finished. Please try again.',
    bulk: 'The bulk submission was stopped before it reached this notice. Please try again.',
  },
};

const parse = (input: string | null | undefined): Record<string, unknown> => {
  try {
    return input ? (JSON.parse(input) as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

/**
 * Ends the scan or the case attempt of an execution that stopped without its workflow's own last step
 * (Finalize, RecordFailure): a Lambda that timed out past every Catch, a state machine timeout, an abort, or
 * locally a runtime that was killed. Both updates are conditional (an open search; the same attempt), so a
 * workflow that did end its work, or a later attempt, is never overwritten, and repeats change nothing. A bulk
 * submission gives back the units of the items it never reached and ends their progress (./bulk.ts).
 * Called by the EventBridge rule on status changes, by the reconciler, and by the local Step Functions stand-in.
 */
export async function endAbandonedExecution(e: EndedExecution): Promise<{ kind: 'search' | 'submission' | 'bulk' | 'unknown'; ended: boolean }> {
  const cfg = config();
  const input = parse(e.input);
  if (e.stateMachineArn === cfg.searchStateMachineArn) {
    const searchId = typeof input.searchId === 'string' ? input.searchId : e.name;
    try {
      const { finished } = await finishSearch(searchId, {
        status: 'failed',
        successfulEngines: [],
        failedEngines: Array.isArray(input.engines) ? (input.engines as string[]) : [],
        error: ENDED_REASONS[e.status].search,
      });
      if (finished) logger.warn('search ended after its execution stopped', { searchId, status: e.status });
      return { kind: 'search', ended: finished };
    } catch (error) {
      logger.warn('search of a stopped execution not found', { searchId, error: error as Error });
      return { kind: 'search', ended: false };
    }
  }
  if (e.stateMachineArn === cfg.submissionStateMachineArn) {
    if (e.error === RECORDED_SUBMISSION_FAILURE) return { kind: 'submission', ended: false };
    const m = /^(.+)-(\d+)$/.exec(e.name);
    const caseId = typeof input.caseId === 'string' ? input.caseId : m?.[1];
    const attempt = typeof input.attempt === 'number' ? input.attempt : Number(m?.[2]);
    if (!caseId || !Number.isInteger(attempt)) return { kind: 'submission', ended: false };
    const ended = await updateSubmission(caseId, attempt, { state: 'failed', error: ENDED_REASONS[e.status].submission });
    if (ended) logger.warn('submission ended after its execution stopped', { caseId, attempt, status: e.status });
    return { kind: 'submission', ended };
  }
  if (e.stateMachineArn === cfg.bulkSubmissionStateMachineArn) {
    const bulkId = typeof input.bulkId === 'string' ? input.bulkId : e.name;
    const { ended } = await endStoppedBulk(bulkId, ENDED_REASONS[e.status].bulk);
    return { kind: 'bulk', ended };
  }
  logger.warn('status change of an unknown state machine', { stateMachineArn: e.stateMachineArn });
  return { kind: 'unknown', ended: false };
}

interface StatusChangeDetail {
  executionArn: string;
  stateMachineArn: string;
  name: string;
  status: string;
  input?: string | null;
  error?: string | null;
}

/** Lambda entry: the EventBridge rule on `Step Functions Execution Status Change` (FAILED, TIMED_OUT, ABORTED). */
export const handler = traced(async (event: EventBridgeEvent<'Step Functions Execution Status Change', StatusChangeDetail>) => {
  const d = event.detail;
  if (!['FAILED', 'TIMED_OUT', 'ABORTED'].includes(d.status)) return { kind: 'ignored', ended: false };
  return endAbandonedExecution({ stateMachineArn: d.stateMachineArn, name: d.name, status: d.status as AbandonedStatus, input: d.input, error: d.error });
});
