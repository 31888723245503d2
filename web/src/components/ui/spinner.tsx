import { Loader2 } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

type SpinnerProps = ComponentProps<'svg'> & {
  /** Read by screen readers; the spinner is a status region. */
  label?: string;
};

/** A spinning loader icon with an accessible label. */
export function Spinner({ className, label = 'Loading', ...props }: SpinnerProps) {
  return (
    <Loader2 role="status" aria-label={label} className={cn('size-5 animate-spin text-muted-foreground', className)} {...props} />
  );
}

/** A spinner centred in the viewport, for whole-page loading states (auth, lazy screens). */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex min-h-[60vh] w-full items-center justify-center" data-testid="page-spinner">
      <Spinner className="size-8" label={label} />
    </div>
  );
}
