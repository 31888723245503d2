import { Check } from 'lucide-react';
import { Progress } from '@/components/ui/progress';
import { cn } from '@/lib/utils';
import { STEP_PROGRESS, type DashboardStep } from '../hooks/dashboard-flow';

const STEPS: { step: DashboardStep; title: string; short: string; hint: string }[] = [
  { step: 'search', title: 'Search for violations', short: 'Search', hint: 'Names and reference files' },
  { step: 'review', title: 'Review results', short: 'Review', hint: 'Mark what is yours' },
  { step: 'protect', title: 'Protect', short: 'Protect', hint: 'Send takedown notices' },
];

/** The three-step flow with its progress bar: 0% at search, 66% at review, 100% at protect (PRODUCT.md section 2). */
export function StepProgress({ step }: { step: DashboardStep }) {
  const index = STEPS.findIndex((s) => s.step === step);
  return (
    <nav aria-label="Protection steps" className="grid gap-3">
      <ol className="grid grid-cols-3 gap-2">
        {STEPS.map((s, i) => {
          const done = i < index;
          const current = i === index;
          return (
            <li key={s.step} aria-current={current ? 'step' : undefined} className="flex items-center gap-2 sm:gap-3">
              <span
                className={cn(
                  'flex size-8 shrink-0 items-center justify-center rounded-full border text-sm font-semibold',
                  current && 'border-primary bg-primary text-primary-foreground',
                  done && 'border-primary bg-primary/10 text-primary',
                  !current && !done && 'bg-background text-muted-foreground',
                )}
              >
                {done ? <Check className="size-4" aria-hidden="true" /> : i + 1}
              </span>
              <span className="min-w-0">
                <span className={cn('block truncate text-sm font-medium', !current && 'text-muted-foreground')}>
                  <span className="sm:hidden">{s.short}</span>
                  <span className="hidden sm:inline">{s.title}</span>
                </span>
                <span className="hidden truncate text-xs text-muted-foreground sm:block">{s.hint}</span>
              </span>
            </li>
          );
        })}
      </ol>
      <Progress value={STEP_PROGRESS[step]} aria-label="Protection progress" />
    </nav>
  );
}
