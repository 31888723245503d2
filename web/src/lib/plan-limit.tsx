import { Link } from 'react-router';
import { ToastAction } from '@/components/ui/toast';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from './api-client';

/** The figures of a `402 PLAN_LIMIT` answer (functions/lib/errors.ts `PlanLimitError`). */
export interface PlanLimit {
  error: string;
  limit: number;
  used: number;
  resetsAt: string;
}

/** The plan-limit figures of a failed call, or undefined when it failed for another reason. */
export function planLimitOf(error: unknown): PlanLimit | undefined {
  if (!(error instanceof ApiError) || error.status !== 402) return undefined;
  const body = error.body as (Partial<PlanLimit> & { code?: string }) | undefined;
  if (body?.code !== 'PLAN_LIMIT' || typeof body.limit !== 'number') return undefined;
  return { error: body.error ?? 'Plan limit reached.', limit: body.limit, used: body.used ?? body.limit, resetsAt: body.resetsAt ?? '' };
}

/**
 * Shows the upgrade prompt for a `402 PLAN_LIMIT` answer (the server's sentence, the figures and an Upgrade
 * button to the plans) and returns true; returns false for any other error, which the caller reports itself.
 */
export function showPlanLimit(error: unknown): boolean {
  const limit = planLimitOf(error);
  if (!limit) return false;
  toast({
    variant: 'destructive',
    title: 'Plan limit reached',
    description: `${limit.error} (${limit.used} of ${limit.limit} used)`,
    action: (
      <ToastAction altText="Upgrade your plan" asChild>
        <Link to="/account?tab=billing">Upgrade</Link>
      </ToastAction>
    ),
  });
  return true;
}
