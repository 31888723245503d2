import type { UserStats } from '../../shared/schemas/search';
import * as userCounters from '../store/entities/user-counters';
import type { StatCounter } from '../store/entities/user-counters';
import { countActiveViolations } from './violations';

export type { StatCounter };

/**
 * Reads a user's stats (`GET /api/user/{id}/stats`): resolved, sent and pending from their counters item (one
 * GetItem; a counter never touched is zero, one that drifted below zero is shown as zero), and active violations
 * counted by the rule the Risk dashboard uses (`services/violations.ts`: unauthorized, not allowlisted, not
 * taken down), so the two screens agree.
 */
export async function getUserStats(userId: string): Promise<UserStats> {
  const [item, activeViolations] = await Promise.all([userCounters.read(userId), countActiveViolations(userId)]);
  const counts = item?.counts;
  const read = (name: StatCounter) => Math.max(0, counts?.[name] ?? 0);
  return {
    activeViolations,
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
