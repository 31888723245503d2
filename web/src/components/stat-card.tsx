import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/utils';

interface StatCardProps {
  label: string;
  value: ReactNode;
  icon: LucideIcon;
  /** Icon chip colours, e.g. `bg-emerald-50 text-emerald-700`. */
  tone?: string;
  /** A line under the value (a rate, a comparison, a progress bar). */
  hint?: ReactNode;
  /** The value's size: `lg` for a page's few headline figures (the risk dashboard), `md` for a row of many (admin). */
  size?: 'md' | 'lg';
  /** On the value, for tests. */
  testId?: string;
}

/** One headline figure: label, big value, icon chip and an optional hint line (the admin and risk dashboards). */
export function StatCard({ label, value, icon: Icon, tone = 'bg-accent text-accent-foreground', hint, size = 'md', testId }: StatCardProps) {
  return (
    <Card className="h-full gap-2 px-5 py-5">
      <div className="flex items-start justify-between gap-3">
        <p className="text-sm font-medium text-muted-foreground">{label}</p>
        <span className={cn('flex size-9 shrink-0 items-center justify-center rounded-lg', tone)}>
          <Icon className="size-4" aria-hidden="true" />
        </span>
      </div>
      <p className={cn('font-bold tracking-tight tabular-nums', size === 'lg' ? 'text-3xl' : 'text-2xl')} data-testid={testId}>
        {value}
      </p>
      {hint && <div className="text-xs text-muted-foreground">{hint}</div>}
    </Card>
  );
}
