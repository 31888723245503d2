import { ApiError } from './api-client';
import { utcDateText } from './utils';

/**
 * A `402` refusal that an upgrade lifts: `PLAN_LIMIT` (an allowance used up: scans, submissions, monitors; with
 * `limit`, `used` and `resetsAt`, null for the monitor count, which does not reset), `PLAN_REQUIRED` (a feature of
 * paid plans: automated submission, a monitor's "Submit automatically"), or bulk submission's `PLAN_LIMIT_EXCEEDED` and
 * `PLATFORM_NOT_IN_PLAN` (functions/lib/errors.ts, functions/services/submissions/bulk-submit.ts): the API answers
 * 402 for nothing else. Figures only when the server sent them.
 */
export interface PlanLimit {
  error: string;
  code: string;
  limit?: number;
  used?: number;
  resetsAt?: string | null;
}

/** The plan refusal of a failed call, or undefined when it failed for another reason. */
export function planLimitOf(error: unknown): PlanLimit | undefined {
  if (!(error instanceof ApiError) || error.status !== 402) return undefined;
  const body = error.body as (Partial<PlanLimit> & { code?: string }) | undefined;
  if (typeof body?.code !== 'string') return undefined;
  const figures = typeof body.limit === 'number' ? { limit: body.limit, used: body.used ?? body.limit, resetsAt: body.resetsAt ?? null } : {};
  return { error: body.error ?? 'Your plan does not include this.', code: body.code, ...figures };
}

/** The prompt's sentence: the server's own, then the figures when there are any ("3 of 3 used, resets December 1, 2026"). */
export function planLimitText(limit: PlanLimit): string {
  if (limit.limit === undefined) return limit.error;
  const resets = limit.resetsAt ? `, resets ${utcDateText(limit.resetsAt)}` : '';
  return `${limit.error} (${limit.used} of ${limit.limit} used${resets})`;
}
