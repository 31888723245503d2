import { toast } from '@/components/ui/use-toast';
import { apiErrorMessage } from '@/lib/api-client';

/** Runs a monitor action (pause, resume, run now, delete) and says how it went in a toast named after it. */
export async function act(what: string, fn: () => Promise<unknown>): Promise<void> {
  try {
    await fn();
    toast({ title: what });
  } catch (err) {
    toast({ variant: 'destructive', title: `${what} failed`, description: apiErrorMessage(err, 'Please try again.') });
  }
}
