import { logger } from '../../lib/logger';
import { endOverdueSubmission } from '../../services/cases/case-store';
import { finishSearch } from '../../services/search/searches';
import * as due from '../../store/entities/due';
import { endStoppedBulk } from './bulk';
import { ENDED_REASONS } from './execution-ended';

/** Items one reconciler run sweeps per kind at most (the next run, 15 minutes later, takes the rest). */
export const SWEEP_LIMIT = 200;

/**
 * The reconciler's second half: scans and automated submissions still open past their workflow's timeout
 * (plus one reconciler period; functions/lib/workflow-timeouts.ts) are ended with the "took too long" reason,
 * whatever happened to their execution (never started, stopped without a status event, an event lost). An
 * open search or case attempt carries a `SEARCH_SWEEP_DUE` / `SUBMISSION_SWEEP_DUE` entry on gsi3 until it
 * ends, so this is one Query per kind, bounded (store/entities/due.ts). Every write is conditional on the item
 * still being open; an item found already ended just leaves the index, if it still holds the entry read.
 * A bulk submission execution still running past its timeout (`BULK_SUBMISSION_SWEEP_DUE`) gives back the
 * units of the items it never reached and ends their progress (./bulk.ts), as the status rule would.
 */
export async function sweepOverdue(now = new Date()): Promise<{ searches: number; submissions: number; bulks: number }> {
  const at = now.toISOString();
  let searches = 0;
  for (const entry of await due.listDue('SEARCH_SWEEP', at, SWEEP_LIMIT)) {
    const { item } = entry;
    const id = item.id as string;
    const open = item.status === 'running' || item.status === 'pending';
    const { finished } = open
      ? await finishSearch(id, { status: 'failed', successfulEngines: [], failedEngines: (item.searchEngines as string[]) ?? [], error: ENDED_REASONS.TIMED_OUT.search })
      : { finished: false };
    if (finished) searches++;
    else await due.leave(entry);
  }
  let submissions = 0;
  for (const entry of await due.listDue('SUBMISSION_SWEEP', at, SWEEP_LIMIT)) {
    const id = entry.item.id as string;
    if (await endOverdueSubmission(id, Number(entry.item.submissionAttempt), entry.dueSk, ENDED_REASONS.TIMED_OUT.submission, at)) submissions++;
    else await due.leave(entry);
  }
  let bulks = 0;
  for (const entry of await due.listDue('BULK_SUBMISSION_SWEEP', at, SWEEP_LIMIT)) {
    const id = entry.item.id as string;
    // Its record ends (out of the index) whatever the items were; a record that ended meanwhile just leaves.
    if ((await endStoppedBulk(id, ENDED_REASONS.TIMED_OUT.bulk, now)).ended) bulks++;
    else await due.leave(entry);
  }
  if (searches || submissions || bulks) logger.warn('ended work open past its workflow timeout', { searches, submissions, bulks });
  return { searches, submissions, bulks };
}
