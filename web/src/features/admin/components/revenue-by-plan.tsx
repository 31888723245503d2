import { TrendingUp } from 'lucide-react';
import type { Revenue } from '@shared/schemas/platform';
import { PLANS } from '@shared/plans';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { apiErrorMessage } from '@/lib/api-client';
import { useAdminRevenue } from '../api/get-revenue';
import { formatUsd, growthBadgeVariant, signedPercentFromFraction } from '../lib/format';

const GROWTH_ROWS: { key: keyof Revenue['growth']; label: string; detail: string }[] = [
  { key: 'monthly', label: 'Monthly', detail: 'this month against last month' },
  { key: 'quarterly', label: 'Quarterly', detail: 'the last 3 months against the 3 before' },
  { key: 'annual', label: 'Annual', detail: 'the last 12 months against the 12 before' },
];

/** Revenue per plan, growth and projected ARR, from billing's counters (GET /api/admin/revenue). */
export function RevenueByPlan() {
  const { data, error } = useAdminRevenue(true);
  if (error) return <p className="text-sm text-destructive">{apiErrorMessage(error, 'Revenue could not be loaded.')}</p>;
  if (!data) return <Spinner label="Loading revenue" />;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card className="gap-4">
        <CardHeader>
          <CardTitle>
            <h2>Revenue by Plan</h2>
          </CardTitle>
          <CardDescription>All charges recorded, per subscription plan</CardDescription>
        </CardHeader>
        <CardContent>
          {data.total === 0 ? (
            <p className="text-sm text-muted-foreground">No revenue recorded yet.</p>
          ) : (
            <dl className="divide-y text-sm" data-testid="admin-revenue-by-plan">
              {data.byPlan.map(({ plan, revenue }) => (
                <div key={plan} className="flex justify-between py-2">
                  <dt className="text-muted-foreground">{PLANS[plan].name}</dt>
                  <dd className="font-semibold tabular-nums">{formatUsd(revenue)}</dd>
                </div>
              ))}
              {data.unattributed > 0 && (
                <div className="flex justify-between py-2">
                  <dt className="text-muted-foreground">Recorded before charges carried their plan</dt>
                  <dd className="font-semibold tabular-nums">{formatUsd(data.unattributed)}</dd>
                </div>
              )}
              <div className="flex justify-between py-2">
                <dt className="font-semibold">Total</dt>
                <dd className="font-bold tabular-nums">{formatUsd(data.total)}</dd>
              </div>
            </dl>
          )}
        </CardContent>
      </Card>
      <Card className="gap-4">
        <CardHeader>
          <CardTitle>
            <h2>Growth</h2>
          </CardTitle>
          <CardDescription>Revenue growth and run rate</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <dl className="divide-y text-sm">
            {GROWTH_ROWS.map(({ key, label, detail }) => {
              const value = data.growth[key];
              return (
                <div key={key} className="flex items-center justify-between gap-3 py-2">
                  <dt className="text-muted-foreground">
                    {label} <span className="text-xs">({detail})</span>
                  </dt>
                  <dd>
                    {value === null ? (
                      <span className="text-xs text-muted-foreground">No earlier revenue to compare</span>
                    ) : (
                      <Badge variant={growthBadgeVariant(value)}>{signedPercentFromFraction(value)}</Badge>
                    )}
                  </dd>
                </div>
              );
            })}
          </dl>
          <div className="flex items-center gap-3 rounded-lg bg-emerald-50 p-4 text-emerald-900">
            <TrendingUp className="size-5 shrink-0" aria-hidden="true" />
            <div>
              <p className="text-xs font-medium uppercase tracking-wide">Projected ARR (MRR x 12)</p>
              <p className="text-xl font-bold tabular-nums" data-testid="admin-projected-arr">
                {formatUsd(data.projectedArr)}
              </p>
            </div>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
