import { ACCOUNT_PAGE_ALLOWANCES } from '../../shared/plans';
import type { Usage } from '../../shared/schemas/usage';
import { NotFoundError } from '../lib/errors';
import { readStoredPlan } from './billing/plan-store';
import { readUserMonth } from './metrics/user-usage';

/**
 * `GET /api/user/{id}/usage`: the user's usage in the month of `now` (UTC) from the monthly usage item the
 * producers bump (services/metrics/user-usage.ts), with the stored plan and its Account page allowances.
 * Two reads, no counting. 404 when the user has no profile (an administrator asking for an unknown id).
 */
export async function getUsage(userId: string, now: Date = new Date()): Promise<Usage> {
  const [stored, month] = await Promise.all([readStoredPlan(userId), readUserMonth(userId, now)]);
  if (!stored) throw new NotFoundError('User');
  const allowance = ACCOUNT_PAGE_ALLOWANCES[stored.plan];
  return {
    ...month,
    plan: stored.plan,
    allowances: {
      searches: allowance.searchesPerMonth,
      automatedSubmissions: allowance.automatedSubmissionsPerMonth,
      bulkSubmissions: allowance.bulkSubmissionLimit,
    },
  };
}
