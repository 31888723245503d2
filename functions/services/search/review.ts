import type { ReviewStatus } from '../../../shared/schemas/search';
import * as stored from '../../store/entities/result';
import * as userCounters from '../../store/entities/user-counters';
import { ConflictError } from '../../lib/errors';
import { recordMilestone } from '../metrics';
import { addToUserCounters, type StatCounter } from '../stats';
import { getResult, type ResultRecord } from './results';
import { requireOwned } from '../../lib/ownership';

type Counters = Partial<Record<StatCounter, number>>;

/**
 * How the user's counters move when a result's review changes. Unset results are pending review; results
 * marked unauthorized are active violations; safe results count in neither.
 */
export function reviewCounterDelta(from: ReviewStatus | null, to: ReviewStatus): Counters {
  if (from === to) return {};
  if (from === null) return to === 'unauthorized' ? { pendingReview: -1, activeViolations: 1 } : { pendingReview: -1 };
  return to === 'unauthorized' ? { activeViolations: 1 } : { activeViolations: -1 };
}

/**
 * How the user's counters move when a result is removed (a deleted scan, result retention): one fewer pending
 * review while it was undecided, one fewer active violation while it was marked unauthorized.
 */
export function removedResultCounterDelta(status: ReviewStatus | null): Counters {
  if (status === null) return { pendingReview: -1 };
  return status === 'unauthorized' ? { activeViolations: -1 } : {};
}

/** The sum of counter moves (zeros dropped), so many removals move each counter once. */
export function sumCounterDeltas(deltas: readonly Counters[]): Counters {
  const total: Counters = {};
  for (const d of deltas) for (const [k, v] of Object.entries(d) as [StatCounter, number][]) total[k] = (total[k] ?? 0) + v;
  return Object.fromEntries(Object.entries(total).filter(([, v]) => v !== 0));
}

const ATTEMPTS = 5;

/**
 * Sets a result's review status for its owner and moves the owner's counters to match.
 *
 * The result is updated conditionally on the status it had when read, so of two concurrent reviews exactly
 * one wins each transition; the other re-reads and applies its own transition from the new status (or finds
 * nothing to do). Counters move only after a transition was written, so nothing is counted twice. Marking
 * the same status again changes nothing (not even `reviewedAt`).
 *
 * Every review counts the owner's `reviewed` milestone (once per user) for the admin funnel.
 *
 * @throws NotFoundError when the result does not exist or belongs to someone else (owner only, even admins).
 */
export async function reviewResult(userId: string, resultId: string, status: ReviewStatus): Promise<ResultRecord> {
  const reviewed = await applyReview(userId, resultId, status);
  await recordMilestone(userId, 'reviewed');
  return reviewed;
}

async function applyReview(userId: string, resultId: string, status: ReviewStatus): Promise<ResultRecord> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const current = requireOwned(await getResult(resultId), userId, 'Search result');
    const from = current.userReviewStatus;
    if (from === status) return current;
    const reviewedAt = new Date().toISOString();
    if (!(await stored.transitionReview(resultId, from, status, reviewedAt))) continue; // changed meanwhile: re-read
    await addToUserCounters(userId, reviewCounterDelta(from, status));
    return { ...current, userReviewStatus: status, reviewedAt };
  }
  throw new ConflictError('This result was changed at the same time. Please try again.', 'REVIEW_CONFLICT');
}

/**
 * Repair tool, not a request path: recomputes a user's `pendingReview` and `activeViolations` from the
 * results themselves and overwrites the two counters. For the drift the failure modes in
 * docs/ARCHITECTURE.md describe (a process dying between two writes). Run it while the user is not
 * reviewing, since it SETs rather than ADDs. Leaves takedown counters alone.
 */
export async function recountReviewCounters(userId: string): Promise<{ pendingReview: number; activeViolations: number }> {
  const results = await stored.listByOwner(userId, { limit: Number.MAX_SAFE_INTEGER });
  const counts = { pendingReview: 0, activeViolations: 0 };
  for (const r of results) {
    if (r.userReviewStatus === null) counts.pendingReview++;
    else if (r.userReviewStatus === 'unauthorized') counts.activeViolations++;
  }
  await userCounters.setReviewCounts(userId, counts);
  return counts;
}

/**
 * A monitor's "Submit automatically" decides for the creator: marks a result still pending review as
 * unauthorized with `reviewedBy: 'auto'` (the case cites the decision; the site says who took it). Conditional
 * on no review yet, so the creator's own decision always wins. Returns false when the result was reviewed
 * meanwhile. A later review by the creator clears `reviewedBy`.
 */
export async function reviewAutomatically(userId: string, resultId: string, now = new Date()): Promise<boolean> {
  if (!(await stored.decideAutomatically(resultId, userId, now.toISOString()))) return false;
  await addToUserCounters(userId, reviewCounterDelta(null, 'unauthorized'));
  return true;
}
