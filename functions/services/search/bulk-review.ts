import pMap from 'p-map';
import type { ReviewStatus } from '../../../shared/schemas/search';
import * as stored from '../../store/entities/result';
import { ConflictError, HttpError } from '../../lib/errors';
import { isOwnedBy, requireOwned } from '../../lib/ownership';
import { latestForResult as latestCaseForResult } from '../../store/entities/case';
import { recordMilestone } from '../metrics';
import { addToUserCounters, type StatCounter } from '../stats';
import { getResult, type ResultRecord } from './results';
import { reviewCounterDelta, reviewResult } from './review';

type Counters = Partial<Record<StatCounter, number>>;

const WRITE_CONCURRENCY = 8;

/** 404 for a bulk request naming ids that are not the caller's: the whole request is refused. */
export class BulkReviewNotFoundError extends HttpError {
  constructor(positions: number[]) {
    super(
      404,
      'NOT_FOUND',
      positions.length === 1 ? 'One of these results was not found.' : `${positions.length} of these results were not found.`,
      positions.map((i) => ({ path: `body.ids.${i}`, message: 'No result of yours has this id.' })),
    );
  }
}

const addInto = (total: Counters, delta: Counters) => {
  for (const [k, v] of Object.entries(delta) as [StatCounter, number][]) total[k] = (total[k] ?? 0) + v;
};

/**
 * Marks many of a user's results with one status (`PUT /api/search-results/review`), all or nothing:
 * every id is read and owner-checked before anything is written, and one id that is missing or another
 * user's refuses the whole request with nothing changed. The local stack's dynalite has no transactions
 * (and TransactWriteItems stops at 100 items), so the writes that follow are conditional updates, one per
 * result whose status changes; a result changed concurrently between the check and its write goes through
 * the single-result review, which re-reads it. The counters move once for everything written, also when a
 * write fails midway (the error is then rethrown).
 */
export async function reviewResults(userId: string, ids: string[], status: ReviewStatus): Promise<ResultRecord[]> {
  const unique = [...new Set(ids)];
  const records = await stored.getMany(unique);
  const refused = ids.flatMap((id, i) => (isOwnedBy(records.get(id), userId) ? [] : [i]));
  if (refused.length) throw new BulkReviewNotFoundError(refused);

  const reviewedAt = new Date().toISOString();
  const total: Counters = {};
  let updated: ResultRecord[];
  try {
    updated = await pMap(
      unique,
      async (id) => {
        const current = records.get(id)!;
        const from = current.userReviewStatus;
        if (from === status) return current;
        // Changed concurrently since the check: the single-result review re-reads it (and moves its own counters).
        if (!(await stored.transitionReview(id, from, status, reviewedAt))) return reviewResult(userId, id, status);
        addInto(total, reviewCounterDelta(from, status));
        return { ...current, userReviewStatus: status, reviewedAt };
      },
      { concurrency: WRITE_CONCURRENCY },
    );
  } finally {
    await addToUserCounters(userId, total);
  }
  await recordMilestone(userId, 'reviewed');
  return updated;
}

/** How the counters move when a decision is taken back (the result is pending review again). */
export function undoCounterDelta(from: ReviewStatus): Counters {
  return from === 'unauthorized' ? { activeViolations: -1, pendingReview: 1 } : { pendingReview: 1 };
}

/**
 * Takes back a result's decision (`DELETE /api/search-results/{id}/review`, the review queue's undo): the
 * result is pending review again and the counters move back. Refused once a case was opened from the
 * result, since the case cites the decision. Conditional on the status read, like {@link reviewResult}.
 *
 * @throws NotFoundError for a missing result or another user's; ConflictError when a case exists.
 */
export async function clearReview(userId: string, resultId: string): Promise<ResultRecord> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const current = requireOwned(await getResult(resultId), userId, 'Search result');
    const from = current.userReviewStatus;
    if (from === null) return current;
    if (await latestCaseForResult(resultId)) {
      throw new ConflictError('A case was opened from this result, so its decision can no longer be undone.', 'REVIEW_HAS_CASE');
    }
    if (!(await stored.clearReview(resultId, from))) continue; // changed meanwhile: re-read
    await addToUserCounters(userId, undoCounterDelta(from));
    return { ...current, userReviewStatus: null, reviewedAt: null };
  }
  throw new ConflictError('This result was changed at the same time. Please try again.', 'REVIEW_CONFLICT');
}
