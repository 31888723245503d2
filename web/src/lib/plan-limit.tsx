import { Link } from 'react-router';
import { ToastAction } from '@/components/ui/toast';
import { toast } from '@/components/ui/use-toast';
import { planLimitOf, planLimitText } from './plan-refusal';

/**
 * Shows the upgrade prompt for a plan refusal (the server's sentence, the figures and an Upgrade button to the
 * plans) and returns true; returns false for any other error, which the caller reports itself. Every call that
 * can answer 402 goes through it: scan starts, bulk and automated submission, monitor create, run now and edits.
 */
export function showPlanLimit(error: unknown): boolean {
  const limit = planLimitOf(error);
  if (!limit) return false;
  toast({
    variant: 'destructive',
    title: limit.limit === undefined ? 'Upgrade required' : 'Plan limit reached',
    description: planLimitText(limit),
    action: (
      <ToastAction altText="Upgrade your plan" asChild>
        <Link to="/account?tab=billing">Upgrade</Link>
      </ToastAction>
    ),
  });
  return true;
}
