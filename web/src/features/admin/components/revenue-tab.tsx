import { TrendingUp } from 'lucide-react';
import type { FinancialRow } from '@shared/schemas/admin';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { GROWTH_BADGES, PLAN_REVENUE_BREAKDOWN, PLAN_REVENUE_TOTAL, PROJECTED_ARR } from '../data/static-figures';
import { formatPeriod, formatUsd, growthBadgeVariant, signedPercentFromFraction } from '../lib/format';

/** Revenue: the static plan breakdown and growth badges (PRODUCT.md section 2), and the monthly financial table from the server. */
export function RevenueTab({ rows }: { rows: FinancialRow[] }) {
  return (
    <div className="space-y-6">
      <div className="grid gap-4 lg:grid-cols-2">
        <Card className="gap-4">
          <CardHeader>
            <div className="flex items-center justify-between gap-2">
              <CardTitle>
                <h2>Revenue by Plan</h2>
              </CardTitle>
              <Badge variant="secondary">Sample figures</Badge>
            </div>
            <CardDescription>Monthly revenue per subscription plan</CardDescription>
          </CardHeader>
          <CardContent>
            <dl className="divide-y text-sm">
              {PLAN_REVENUE_BREAKDOWN.map(({ plan, revenue }) => (
                <div key={plan} className="flex justify-between py-2">
                  <dt className="text-muted-foreground">{plan}</dt>
                  <dd className="font-semibold tabular-nums">{formatUsd(revenue)}</dd>
                </div>
              ))}
              <div className="flex justify-between py-2">
                <dt className="font-semibold">Total</dt>
                <dd className="font-bold tabular-nums">{formatUsd(PLAN_REVENUE_TOTAL)}</dd>
              </div>
            </dl>
          </CardContent>
        </Card>
        <Card className="gap-4">
          <CardHeader>
            <div className="flex items-center justify-between gap-2">
              <CardTitle>
                <h2>Growth</h2>
              </CardTitle>
              <Badge variant="secondary">Sample figures</Badge>
            </div>
            <CardDescription>Revenue growth and run rate</CardDescription>
          </CardHeader>
          <CardContent className="space-y-4">
            <dl className="divide-y text-sm">
              {GROWTH_BADGES.map(({ label, value }) => (
                <div key={label} className="flex items-center justify-between py-2">
                  <dt className="text-muted-foreground">{label}</dt>
                  <dd>
                    <Badge>{value}</Badge>
                  </dd>
                </div>
              ))}
            </dl>
            <div className="flex items-center gap-3 rounded-lg bg-emerald-50 p-4 text-emerald-900">
              <TrendingUp className="size-5 shrink-0" aria-hidden="true" />
              <div>
                <p className="text-xs font-medium uppercase tracking-wide">Projected ARR</p>
                <p className="text-xl font-bold tabular-nums">{formatUsd(PROJECTED_ARR)}</p>
              </div>
            </div>
          </CardContent>
        </Card>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Financial Performance</h2>
          </CardTitle>
          <CardDescription>Revenue, estimated expenses and profit per month</CardDescription>
        </CardHeader>
        <CardContent>
          {rows.length === 0 ? (
            <p className="py-6 text-center text-sm text-muted-foreground">No financial data recorded yet.</p>
          ) : (
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>Period</TableHead>
                  <TableHead className="text-right">Revenue</TableHead>
                  <TableHead className="text-right">Expenses</TableHead>
                  <TableHead className="text-right">Profit</TableHead>
                  <TableHead className="text-right">Growth</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {rows.map((row) => (
                  <TableRow key={row.period}>
                    <TableCell className="font-medium">{formatPeriod(row.period)}</TableCell>
                    <TableCell className="text-right tabular-nums">{formatUsd(row.revenue)}</TableCell>
                    <TableCell className="text-right tabular-nums">{formatUsd(row.expenses)}</TableCell>
                    <TableCell className={`text-right tabular-nums ${row.profit < 0 ? 'text-destructive' : ''}`}>{formatUsd(row.profit)}</TableCell>
                    <TableCell className="text-right">
                      <Badge variant={growthBadgeVariant(row.growth)}>{signedPercentFromFraction(row.growth)}</Badge>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
