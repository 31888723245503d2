import type { UserStats } from '../../shared/schemas/search';
import * as userCounters from '../store/entities/user-counters';
import type { StatCounter } from '../store/entities/user-counters';

export type { StatCounter };

/**
 * Reads a user's stats (`GET /api/user/{id}/stats`) from their counters item: one GetItem. A counter never
 * touched is zero; a counter that drifted below zero (see the failure modes in docs/ARCHITECTURE.md) is shown as
 * zero.
 */
export async function getUserStats(userId: string): Promise<UserStats> {
  const counts = (await userCounters.read(userId))?.counts;
  const read = (name: StatCounter) => Math.max(0, counts?.[name] ?? 0);
  return {
    activeViolations: read('activeViolations'),
    resolvedCases: read('resolvedCases'),
    dmcaSent: read('dmcaSent'),
    pendingReview: read('pendingReview'),
  };
}

/**
 * Adds (or, with negative numbers, subtracts) to a user's stats in one atomic UpdateItem with `ADD`, so
 * concurrent writers never lose an update. Creates the counters item on first use. Zero deltas are skipped;
 * with nothing to change no request is made.
 *
 * Used by: result persistence (pendingReview), review (pendingReview, activeViolations), takedowns
 * (dmcaSent, resolvedCases, activeViolations).
 */
export function addToUserCounters(userId: string, deltas: Partial<Record<StatCounter, number>>): Promise<void> {
  return userCounters.add(userId, deltas);
}
