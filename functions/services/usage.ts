import { PLANS } from '../../shared/plans';
import type { Usage } from '../../shared/schemas/usage';
import { NotFoundError } from '../lib/errors';
import { allowanceStatus } from './allowances';
import { readStoredPlan } from './billing/plan-store';
import * as usage from '../store/entities/usage';

/**
 * The user's usage figures in the month of `at` (default now), as the Usage tab shows them: zeros for a month
 * with no item, and for a figure drifted below zero.
 */
export async function readUserMonth(userId: string, at?: Date | string): Promise<Pick<usage.UsageRecord, 'period' | usage.UsageFigure>> {
  const { period, searches, cases, violations } = await usage.read(userId, at);
  const n = (v: number) => Math.max(0, v);
  return { period, searches: n(searches), cases: n(cases), violations: n(violations) };
}

/**
 * `GET /api/user/{id}/usage`: the user's usage in the month of `now` (UTC) from the monthly usage item the
 * producers bump (store/entities/usage.ts, through services/metrics/hooks.ts), and the allowance counters the
 * gates take from (services/allowances) with the limits of the plan in force. Reads only, no counting. 404 when the user has no
 * profile (an administrator asking for an unknown id).
 */
export async function getUsage(userId: string, now: Date = new Date()): Promise<Usage> {
  const stored = await readStoredPlan(userId);
  if (!stored) throw new NotFoundError('User');
  const [month, status] = await Promise.all([readUserMonth(userId, now), allowanceStatus(userId, stored, now)]);
  return {
    ...month,
    plan: status.plan,
    allowances: { scans: status.scans, submissions: status.submissions, bulkSubmissions: PLANS[status.plan].bulkLimit },
    resetsAt: status.resetsAt,
  };
}
