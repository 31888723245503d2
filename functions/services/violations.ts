import * as resultStore from '../store/entities/result';
import { allowlistMatcher } from './allowlist';

/**
 * What counts as a violation, in one place (issue 26): a result the creator marked unauthorized, on a site that
 * is not on their allowlist, and not taken down yet. The dashboard's "Active Violations" card
 * (`GET /api/user/{id}/stats`) and the Risk dashboard's "Active vulnerabilities" both count with
 * `isActiveViolation`, from the same result facts and the same allowlist, so they always agree. Results not
 * reviewed yet and results marked safe are not violations.
 */
export interface ViolationFacts {
  review: 'unauthorized' | 'safe' | null | undefined;
  /** The result's site (its host). */
  domain: string;
  /** The copy was taken down (a resolved case). */
  takenDown: boolean;
}

export function isActiveViolation(r: ViolationFacts, allowlisted: (host: string) => boolean): boolean {
  return r.review === 'unauthorized' && !r.takenDown && !(r.domain !== '' && allowlisted(r.domain));
}

/** Results read for the count: the same bound as the Risk dashboard's data (services/risk/data.ts). */
export const MAX_VIOLATION_RESULTS = 5000;

/** The user's active violations: one Query of their results' facts and one of their allowlist. */
export async function countActiveViolations(userId: string): Promise<number> {
  const [facts, allowlisted] = await Promise.all([resultStore.listFactsByOwner(userId, MAX_VIOLATION_RESULTS), allowlistMatcher(userId)]);
  return facts.filter((f) => isActiveViolation({ review: f.userReviewStatus, domain: f.domain ?? '', takenDown: f.takedownAt !== undefined }, allowlisted)).length;
}
