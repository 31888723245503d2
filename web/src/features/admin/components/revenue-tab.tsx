import type { FinancialRow } from '@shared/schemas/admin';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { RevenueByPlan } from './revenue-by-plan';
import { formatPeriod, formatUsd, growthBadgeVariant, signedPercentFromFraction } from '../lib/format';

/** Revenue: revenue per plan, growth and projected ARR (GET /api/admin/revenue), and the monthly financial table. */
export function RevenueTab({ rows }: { rows: FinancialRow[] }) {
  return (
    <div className="space-y-6">
      <RevenueByPlan />
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
