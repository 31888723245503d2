import { PLANS, allowanceResetsAt, planRule } from '../../../shared/plans';
import type { PlanId } from '../../../shared/schemas/user';
import { keys } from '../../store/keys';
import { PlanLimitError } from '../../lib/errors';
import { effectivePlan, planOf, type StoredPlan } from '../billing/plan-store';
import * as counter from '../../store/counters';
import type { CounterRef } from '../../store/counters';
import { allowanceRef, type AllowanceKind } from '../../store/entities/usage';

/**
 * The plan allowances of shared/plans.ts, enforced (issue 10). Monthly uses are counted on the user's usage item of
 * the month (store/entities/usage.ts), the same item the Usage tab reads, so the tab shows exactly what the gate
 * counts; a new month is a new item, so nothing is ever reset. The daily burst guard on automated sends is one
 * item per user and UTC day, deleted by TTL.
 */

export type { AllowanceKind };

const dayRef = (userId: string, now: Date): CounterRef => {
  const day = now.toISOString().slice(0, 10);
  return {
    key: keys.rateWindow('daily-sends', userId, day),
    attribute: 'count',
    ttl: Math.floor(Date.parse(`${day}T00:00:00Z`) / 1000) + 2 * 86_400,
  };
};

const nextDay = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)).toISOString();

const WHAT: Record<AllowanceKind, string> = { scans: 'scans', submissions: 'violation submissions' };

function monthlyRefusal(plan: PlanId, kind: AllowanceKind, limit: number, used: number, now: Date): PlanLimitError {
  const resetsAt = allowanceResetsAt(now);
  return new PlanLimitError(
    `Your ${PLANS[plan].name} plan includes ${limit} ${WHAT[kind]} a month and you have used ${used}. ` +
      `It resets on ${resetsAt.slice(0, 10)}; upgrade your plan for more.`,
    { limit, used, resetsAt },
  );
}

/** What one take holds, so it can be given back if the work does not start. */
export interface AllowanceUse {
  refs: CounterRef[];
  n: number;
}

/**
 * Takes `n` uses of a monthly allowance for `userId` on the plan in force (read from the profile), or throws
 * `PlanLimitError` having changed nothing. Submissions also take the daily burst guard; when that refuses, the
 * monthly uses just taken are given back.
 */
export async function takeAllowance(userId: string, kind: AllowanceKind, n = 1, now = new Date()): Promise<AllowanceUse> {
  const plan = await planOf(userId, now);
  const { allowances } = planRule(plan);
  const limit = kind === 'scans' ? allowances.scansPerMonth : allowances.submissionsPerMonth;
  const month = allowanceRef(userId, kind, now);
  const taken = await counter.take(month, limit, n);
  if (!taken.taken) throw monthlyRefusal(plan, kind, limit!, taken.used, now);
  if (kind === 'scans' || allowances.submissionsPerDay === null) return { refs: [month], n };
  const day = dayRef(userId, now);
  const daily = await counter.take(day, allowances.submissionsPerDay, n);
  if (!daily.taken) {
    await counter.give(month, n);
    throw new PlanLimitError(
      `At most ${allowances.submissionsPerDay} automated notices can be sent a day on your ${PLANS[plan].name} plan ` +
        '(this protects the deliverability of every notice). Please continue tomorrow.',
      { limit: allowances.submissionsPerDay, used: daily.used, resetsAt: nextDay(now) },
    );
  }
  return { refs: [month, day], n };
}

/** Gives a take back: the scan or notice it was for did not start. */
export async function returnAllowance(use: AllowanceUse): Promise<void> {
  for (const ref of use.refs) await counter.give(ref, use.n);
}

/** Uses counted this month, per allowance, with the limits of the plan in force and the reset time. */
export interface AllowanceStatus {
  plan: PlanId;
  resetsAt: string;
  scans: { used: number; limit: number | null };
  submissions: { used: number; limit: number | null; perDay: number | null };
}

export async function allowanceStatus(userId: string, stored: StoredPlan | undefined, now = new Date()): Promise<AllowanceStatus> {
  const plan = effectivePlan(stored, now);
  const { allowances } = PLANS[plan];
  const [scans, submissions] = await Promise.all([counter.read(allowanceRef(userId, 'scans', now)), counter.read(allowanceRef(userId, 'submissions', now))]);
  return {
    plan,
    resetsAt: allowanceResetsAt(now),
    scans: { used: scans, limit: allowances.scansPerMonth },
    submissions: { used: submissions, limit: allowances.submissionsPerMonth, perDay: allowances.submissionsPerDay },
  };
}
