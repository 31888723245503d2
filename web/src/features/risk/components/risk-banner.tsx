import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import type { RiskMetrics } from '@shared/schemas/risk';
import { cn } from '@/lib/utils';
import { riskLevelStyle } from '../lib/risk-rules';
import { SampleBadge } from './sample-badge';

/** The risk level with its text and colour, and the score out of 100. */
export function RiskBanner({ metrics, sample, failed }: { metrics: RiskMetrics; sample: boolean; failed: boolean }) {
  const style = riskLevelStyle(metrics.riskLevel);
  const Icon = metrics.riskLevel === 'LOW' ? ShieldCheck : ShieldAlert;
  const score = metrics.overallRiskScore;
  return (
    <section aria-label="Overall risk" className={cn('rounded-xl border p-5 sm:p-6', style.banner)} data-testid="risk-banner" data-level={metrics.riskLevel}>
      <div className="flex flex-col gap-5 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-start gap-4">
          <span className={cn('flex size-12 shrink-0 items-center justify-center rounded-full bg-white/70', style.accent)}>
            <Icon className="size-6" aria-hidden="true" />
          </span>
          <div className="space-y-1">
            <div className="flex flex-wrap items-center gap-2">
              <h2 className="text-lg font-semibold">
                Risk Level: <span className={style.accent}>{metrics.riskLevel}</span>
              </h2>
              {sample && <SampleBadge />}
            </div>
            <p data-testid="risk-message">{style.message}</p>
            {sample && (
              <p className="text-sm opacity-80">
                {failed ? 'Your live figures could not be loaded, so sample values are shown. ' : 'These are sample values until you have scan results of your own. '}
                <Link to="/search" className="font-medium underline underline-offset-4">
                  Run a scan
                </Link>
              </p>
            )}
          </div>
        </div>
        <div className="flex shrink-0 items-center gap-4 sm:flex-col sm:items-end sm:gap-2">
          <p className="text-4xl font-bold tabular-nums" data-testid="risk-score">
            {score}
            <span className="text-lg font-medium opacity-70">/100</span>
          </p>
          <div className="h-2 w-40 overflow-hidden rounded-full bg-white/70" role="meter" aria-label="Risk score" aria-valuemin={0} aria-valuemax={100} aria-valuenow={score}>
            <div className={cn('h-full rounded-full bg-current', style.accent)} style={{ width: `${score}%` }} />
          </div>
        </div>
      </div>
    </section>
  );
}
