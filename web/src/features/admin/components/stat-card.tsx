import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';

interface StatCardProps {
  label: string;
  value: ReactNode;
  icon: LucideIcon;
  /** Icon chip colours, e.g. `bg-emerald-50 text-emerald-700`. */
  tone?: string;
  /** A line under the value (a rate, a comparison). */
  hint?: ReactNode;
  testId?: string;
}

/** One headline figure: label, big value, icon chip and an optional hint line. */
export function StatCard({ label, value, icon: Icon, tone = 'bg-accent text-accent-foreground', hint, testId }: StatCardProps) {
  return (
    <Card className="h-full gap-2 px-5 py-5">
      <div className="flex items-start justify-between gap-3">
        <p className="text-sm font-medium text-muted-foreground">{label}</p>
        <span className={cn('flex size-9 shrink-0 items-center justify-center rounded-lg', tone)}>
          <Icon className="size-4" aria-hidden="true" />
        </span>
      </div>
      <p className="text-2xl font-bold tracking-tight tabular-nums" data-testid={testId}>
        {value}
      </p>
      {hint && <div className="text-xs text-muted-foreground">{hint}</div>}
    </Card>
  );
}

/** A label and value on one line, for the figures inside a section card. */
export function FigureRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-3 py-2 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-semibold tabular-nums">{children}</dd>
    </div>
  );
}

/** A titled card holding a short list of figures. */
export function SectionCard({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <Card className="gap-3">
      <CardHeader>
        <CardTitle>
          <h2>{title}</h2>
        </CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent>
        <dl className="divide-y">{children}</dl>
      </CardContent>
    </Card>
  );
}
