import { ArrowDownRight, ArrowUpRight, UserCheck, UserPlus, Users } from 'lucide-react';
import type { AdminUsers } from '@shared/schemas/admin';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { formatCount } from '../lib/format';
import { StatCard } from '@/components/stat-card';
import { FigureRow, SectionCard } from './section-card';

/** Users: trial users, subscribers per plan, this month's movements and the funnel of recorded steps. */
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
        <ConversionFunnel funnel={users.funnel} />
      </div>
    </div>
  );
}

const STEP_LABELS: Record<string, string> = {
  visited: 'Started a sign-in',
  signedUp: 'Signed up',
  scanned: 'Ran a scan',
  reviewed: 'Reviewed a result',
  caseFiled: 'Filed a DMCA case',
  paid: 'Paid for a plan',
};

/**
 * The conversion funnel from the recorded steps (each user counted once per step, GET /api/admin/users): each
 * step's users and their share of the step before; overall = paid / signed up.
 */
function ConversionFunnel({ funnel }: { funnel: AdminUsers['funnel'] }) {
  const signedUp = funnel.find((s) => s.stage === 'signedUp')?.users ?? 0;
  const paid = funnel.find((s) => s.stage === 'paid')?.users ?? 0;
  const nothing = funnel.every((s) => s.users === 0);
  return (
    <Card className="gap-3">
      <CardHeader>
        <CardTitle>
          <h2>Conversion Funnel</h2>
        </CardTitle>
        <CardDescription>Users who reached each step, and the share of the step before</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4" data-testid="admin-funnel">
        {nothing ? (
          <p className="text-sm text-muted-foreground">No journeys recorded yet.</p>
        ) : (
          <>
            {funnel.map(({ stage, users }, i) => {
              const previous = i > 0 ? funnel[i - 1]!.users : 0;
              const rate = i > 0 && previous > 0 ? Math.min(100, (100 * users) / previous) : undefined;
              return (
                <div key={stage} className="space-y-1.5">
                  <div className="flex justify-between gap-2 text-sm">
                    <span>{STEP_LABELS[stage] ?? stage}</span>
                    <span className="font-semibold tabular-nums">
                      {formatCount(users)}
                      {rate !== undefined && <span className="ml-2 font-normal text-muted-foreground">{rate.toFixed(1)}%</span>}
                    </span>
                  </div>
                  {rate !== undefined && <Progress value={rate} aria-label={`${STEP_LABELS[stage] ?? stage}: share of the step before`} />}
                </div>
              );
            })}
            <div className="flex justify-between border-t pt-3 text-sm">
              <span className="font-medium">Overall conversion (paid / signed up)</span>
              <span className="font-bold tabular-nums">{signedUp > 0 ? `${((100 * paid) / signedUp).toFixed(1)}%` : 'No sign-ups yet'}</span>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
