import { AlertTriangle, Clock, ShieldCheck, Zap } from 'lucide-react';
import type { ComponentProps } from 'react';
import type { RiskMetrics } from '@shared/schemas/risk';
import { StatCard } from '@/components/stat-card';
import { Progress } from '@/components/ui/progress';
import { formatHours } from '../lib/risk-rules';

/** Active vulnerabilities, protection coverage, detection speed and response time. */
export function RiskMetricCards({ metrics }: { metrics: RiskMetrics }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-label="Risk figures">
      <MetricCard
        label="Active Vulnerabilities"
        icon={AlertTriangle}
        tone="bg-red-50 text-red-600"
        value={metrics.vulnerabilityCount}
        testId="risk-vulnerabilities"
        hint={`${metrics.recentThreats} new in this period · ${metrics.contentExposure} sites exposed`}
      />
      <MetricCard
        label="Protection Coverage"
        icon={ShieldCheck}
        tone="bg-emerald-50 text-emerald-700"
        value={`${Number(metrics.protectionCoverage.toFixed(1))}%`}
        testId="risk-coverage"
        hint={<Progress value={metrics.protectionCoverage} aria-label="Protection coverage" className="mt-1 h-1.5" />}
      />
      <MetricCard
        label="Detection Speed"
        icon={Zap}
        tone="bg-sky-50 text-sky-600"
        value={formatHours(metrics.timeToDetection)}
        testId="risk-detection"
        hint="Average time from a copy going online to Vigil finding it"
      />
      <MetricCard
        label="Response Time"
        icon={Clock}
        tone="bg-violet-50 text-violet-600"
        value={formatHours(metrics.averageResponseTime)}
        testId="risk-response"
        hint="Average time from detection to a takedown notice"
      />
    </ul>
  );
}

/** A headline figure of the page: an item of the figures list, its value in the large size. */
function MetricCard(props: ComponentProps<typeof StatCard>) {
  return (
    <li>
      <StatCard size="lg" {...props} />
    </li>
  );
}
