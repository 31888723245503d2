import { ShieldCheck } from 'lucide-react';
import { cn } from '@/lib/utils';

/** The Vigil mark and word mark. `tagline` adds a second line under the name. */
export function Logo({ className, tagline, taglineClassName }: { className?: string; tagline?: string; taglineClassName?: string }) {
  return (
    <span className={cn('flex items-center gap-2.5', className)}>
      <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground shadow-sm">
        <ShieldCheck className="size-[18px]" aria-hidden="true" />
      </span>
      <span className="flex min-w-0 flex-col leading-tight">
        <span className="text-base font-semibold tracking-tight">Vigil</span>
        {tagline && <span className={cn('truncate text-xs text-muted-foreground', taglineClassName)}>{tagline}</span>}
      </span>
    </span>
  );
}
