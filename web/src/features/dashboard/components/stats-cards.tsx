import { AlertTriangle, CheckCircle2, Clock, Send, type LucideIcon } from 'lucide-react';
import type { UserStats } from '@shared/schemas/search';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { useUserStats } from '@/lib/results/get-user-stats';

const CARDS: { key: keyof UserStats; label: string; icon: LucideIcon; tone: string }[] = [
  { key: 'activeViolations', label: 'Active Violations', icon: AlertTriangle, tone: 'bg-red-50 text-red-600' },
  { key: 'resolvedCases', label: 'Resolved', icon: CheckCircle2, tone: 'bg-emerald-50 text-emerald-700' },
  { key: 'dmcaSent', label: 'DMCA Sent', icon: Send, tone: 'bg-indigo-50 text-indigo-600' },
  { key: 'pendingReview', label: 'Pending', icon: Clock, tone: 'bg-amber-50 text-amber-700' },
];

/** The four summary cards of the review step, from the creator's counters (PRODUCT.md section 2). */
export function StatsCards() {
  const { data, error } = useUserStats();
  return (
    <ul aria-label="Summary" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {CARDS.map(({ key, label, icon: Icon, tone }) => (
        <li key={key}>
          <Card className="flex-row items-center gap-3 px-3 py-4 sm:px-4">
            <span className={cn('flex size-9 shrink-0 items-center justify-center rounded-lg sm:size-10', tone)}>
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <div className="min-w-0">
              <p className="text-sm leading-tight text-muted-foreground">{label}</p>
              <p className="text-2xl font-semibold tabular-nums" data-testid={`stat-${key}`}>
                {data ? data[key] : error ? '-' : '…'}
              </p>
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}
