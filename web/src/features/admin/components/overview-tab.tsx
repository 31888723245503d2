import { CreditCard, DollarSign, Repeat, Users } from 'lucide-react';
import type { AdminMetrics, AdminSystem } from '@shared/schemas/admin';
import { Badge } from '@/components/ui/badge';
import { churnBadgeVariant, formatCount, formatUsd, percentFromFraction } from '../lib/format';
import { StatCard } from '@/components/stat-card';
import { RecentActivity } from './recent-activity';
import { FigureRow, SectionCard } from './section-card';

/**
 * Overview: headline cards, business health, system performance (the same `GET /api/admin/system` figures as the
 * System tab), content protection and the platform's recent activity.
 */
export function OverviewTab({ metrics, system }: { metrics: AdminMetrics; system: AdminSystem }) {
  return (
    <div className="space-y-6">
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-label="Headline figures">
        <li>
          <StatCard label="Total Revenue" value={formatUsd(metrics.totalRevenue)} icon={DollarSign} tone="bg-emerald-50 text-emerald-700" testId="admin-total-revenue" />
        </li>
        <li>
          <StatCard label="Monthly Recurring Revenue" value={formatUsd(metrics.monthlyRecurringRevenue)} icon={Repeat} tone="bg-indigo-50 text-indigo-600" testId="admin-mrr" />
        </li>
        <li>
          <StatCard label="Total Users" value={formatCount(metrics.totalUsers)} icon={Users} tone="bg-sky-50 text-sky-600" testId="admin-total-users" />
        </li>
        <li>
          <StatCard
            label="Active Subscriptions"
            value={formatCount(metrics.activeSubscriptions)}
            icon={CreditCard}
            tone="bg-violet-50 text-violet-600"
            testId="admin-active-subscriptions"
            hint={
              <>
                <span className="font-medium text-foreground" data-testid="admin-conversion-rate">
                  {percentFromFraction(metrics.conversionRate)}
                </span>{' '}
                conversion rate
              </>
            }
          />
        </li>
      </ul>

      <div className="grid gap-4 lg:grid-cols-3">
        <SectionCard title="Business Health" description="Retention and value per subscriber">
          <FigureRow label="Churn Rate">
            <Badge variant={churnBadgeVariant(metrics.churnRate)} data-testid="admin-churn-rate">
              {percentFromFraction(metrics.churnRate)}
            </Badge>
          </FigureRow>
          <FigureRow label="ARPU">{formatUsd(metrics.averageRevenuePerUser)}</FigureRow>
          <FigureRow label="LTV">{formatUsd(metrics.lifetimeValue)}</FigureRow>
        </SectionCard>
        <SectionCard title="System Performance" description="Scans and API over the last 30 days">
          <FigureRow label="Success Rate">{percentFromFraction(system.successRate)}</FigureRow>
          <FigureRow label="Uptime">{percentFromFraction(system.systemUptime)}</FigureRow>
          <FigureRow label="Avg Response">{`${Math.round(system.averageResponseTime)}ms`}</FigureRow>
        </SectionCard>
        <SectionCard title="Content Protection" description="All creators, all time">
          <FigureRow label="Total Searches">{formatCount(system.totalSearches)}</FigureRow>
          <FigureRow label="Violations Found">{formatCount(system.totalViolations)}</FigureRow>
          <FigureRow label="DMCA Submissions Sent">{formatCount(system.totalDmcaSubmissions)}</FigureRow>
        </SectionCard>
      </div>

      <RecentActivity />
    </div>
  );
}
