import { toast } from '@/components/ui/use-toast';
import { apiErrorMessage } from '@/lib/api-client';
import { showPlanLimit } from '@/lib/plan-limit';

/**
 * Runs a monitor action (pause, resume, run now, delete, automatic submission on or off) and says how it went in a
 * toast named after it. A plan refusal (402: run now takes a scan from the allowance, automatic submission is for
 * paid plans) is the upgrade prompt instead.
 */
export async function act(what: string, fn: () => Promise<unknown>): Promise<void> {
  try {
    await fn();
    toast({ title: what });
  } catch (err) {
    if (!showPlanLimit(err)) toast({ variant: 'destructive', title: `${what} failed`, description: apiErrorMessage(err, 'Please try again.') });
  }
}
