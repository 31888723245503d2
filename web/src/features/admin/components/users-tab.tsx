import { ArrowDownRight, ArrowUpRight, UserCheck, UserPlus, Users } from 'lucide-react';
import type { AdminUsers } from '@shared/schemas/admin';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { CONVERSION_FUNNEL, OVERALL_CONVERSION } from '../data/static-figures';
import { formatCount } from '../lib/format';
import { StatCard } from '@/components/stat-card';
import { FigureRow, SectionCard } from './section-card';

/** Users: trial users, subscribers per plan, this month's movements and the static conversion funnel (PRODUCT.md section 2). */
export function UsersTab({ users }: { users: AdminUsers }) {
  const { basic, pro, enterprise } = users.subscriptionBreakdown;
  return (
    <div className="space-y-6">
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-label="User figures">
        <li>
          <StatCard label="Trial Users" value={formatCount(users.trialUsers)} icon={Users} tone="bg-sky-50 text-sky-600" testId="admin-trial-users" />
        </li>
        <li>
          <StatCard label="Signups This Month" value={formatCount(users.totalSignups)} icon={UserPlus} tone="bg-violet-50 text-violet-600" testId="admin-signups" />
        </li>
        <li>
          <StatCard label="Active Users" value={formatCount(users.activeUsers)} icon={UserCheck} tone="bg-emerald-50 text-emerald-700" hint="Used Vigil this month" testId="admin-active-users" />
        </li>
        <li>
          <StatCard
            label="Upgraded This Month"
            value={formatCount(users.upgradedThisMonth)}
            icon={ArrowUpRight}
            tone="bg-indigo-50 text-indigo-600"
            testId="admin-upgraded"
            hint={
              <span className="inline-flex items-center gap-1">
                <ArrowDownRight className="size-3 text-destructive" aria-hidden="true" />
                <span data-testid="admin-cancelled">{formatCount(users.cancelledThisMonth)}</span> cancelled this month
              </span>
            }
          />
        </li>
      </ul>
      <div className="grid gap-4 lg:grid-cols-2">
        <SectionCard title="Subscribers by Plan" description="Active paid subscriptions">
          <FigureRow label="Basic">{formatCount(basic)}</FigureRow>
          <FigureRow label="Pro">{formatCount(pro)}</FigureRow>
          <FigureRow label="Enterprise">{formatCount(enterprise)}</FigureRow>
        </SectionCard>
        <Card className="gap-3">
          <CardHeader>
            <div className="flex items-center justify-between gap-2">
              <CardTitle>
                <h2>Conversion Funnel</h2>
              </CardTitle>
              <Badge variant="secondary">Sample figures</Badge>
            </div>
            <CardDescription>Share of users moving up a plan</CardDescription>
          </CardHeader>
          <CardContent className="space-y-4">
            {CONVERSION_FUNNEL.map(({ stage, rate }) => (
              <div key={stage} className="space-y-1.5">
                <div className="flex justify-between text-sm">
                  <span>{stage}</span>
                  <span className="font-semibold tabular-nums">{rate}%</span>
                </div>
                <Progress value={rate} aria-label={`${stage} conversion`} />
              </div>
            ))}
            <div className="flex justify-between border-t pt-3 text-sm">
              <span className="font-medium">Overall conversion</span>
              <span className="font-bold tabular-nums">{OVERALL_CONVERSION}%</span>
            </div>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
