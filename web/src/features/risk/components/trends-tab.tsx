import { lazy, Suspense } from 'react';
import type { RiskPeriod, RiskTrendPoint } from '@shared/schemas/risk';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { sampleTrends } from '../data/sample-risk';
import { listToShow, trendTotals } from '../lib/risk-rules';
import { SampleBadge } from './sample-badge';
import { TabState } from './tab-state';

// Recharts is the largest part of this screen; it loads when the trends tab is first shown.
const TrendsChart = lazy(() => import('./trends-chart').then((m) => ({ default: m.TrendsChart })));

const dayFormat = new Intl.DateTimeFormat(undefined, { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** A `yyyy-mm-dd` day, readable. */
export function formatDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? date : dayFormat.format(d);
}

interface TrendsTabProps {
  data: RiskTrendPoint[] | null | undefined;
  error: unknown;
  period: RiskPeriod;
  sampleMode: boolean;
}

/** Threat Trends: new, open and resolved per day, with the period's sums and a chart. */
export function TrendsTab({ data, error, period, sampleMode }: TrendsTabProps) {
  const view = listToShow(data, error, sampleMode, () => sampleTrends(period));
  if (view.state !== 'ready') {
    return (
      <Card>
        <CardContent>
          <TabState loading={view.state === 'loading'} error={view.state === 'error' ? view.error : undefined} />
        </CardContent>
      </Card>
    );
  }
  const points = view.items;
  const totals = trendTotals(points);
  return (
    <div className="space-y-4">
      <ul className="grid gap-4 sm:grid-cols-3" aria-label="Trend totals">
        <TotalCard label="New threats" value={totals.newThreats} hint="found in this period" className="text-red-600" testId="trend-new-total" />
        <TotalCard label="Resolved" value={totals.resolved} hint="taken down in this period" className="text-emerald-700" testId="trend-resolved-total" />
        <TotalCard label="Open violations" value={totals.openAtEnd} hint="at the end of the period" className="text-amber-700" testId="trend-open" />
      </ul>
      <Card>
        <CardHeader>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <CardTitle>
              <h2>Threat Trends</h2>
            </CardTitle>
            {view.sample && <SampleBadge />}
          </div>
          <CardDescription>Daily new threats, open violations and resolved takedowns.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">
          <Suspense
            fallback={
              <div className="flex h-72 items-center justify-center">
                <Spinner className="size-6" label="Loading chart" />
              </div>
            }
          >
            <TrendsChart points={points} />
          </Suspense>
          <div className="max-h-80 overflow-y-auto rounded-md border">
            <Table>
              <TableHeader className="sticky top-0 bg-card">
                <TableRow>
                  <TableHead>Date</TableHead>
                  <TableHead className="text-right">New</TableHead>
                  <TableHead className="text-right">Total</TableHead>
                  <TableHead className="text-right">Resolved</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {[...points].reverse().map((p) => (
                  <TableRow key={p.date}>
                    <TableCell>{formatDay(p.date)}</TableCell>
                    <TableCell className="text-right tabular-nums">{p.newThreats}</TableCell>
                    <TableCell className="text-right tabular-nums">{p.violations}</TableCell>
                    <TableCell className="text-right tabular-nums">{p.resolved}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}

function TotalCard({ label, value, hint, className, testId }: { label: string; value: number; hint: string; className: string; testId: string }) {
  return (
    <li>
      <Card className="gap-1 px-5 py-4">
        <p className="text-sm text-muted-foreground">{label}</p>
        <p className={`text-2xl font-bold tabular-nums ${className}`} data-testid={testId}>
          {value}
        </p>
        <p className="text-xs text-muted-foreground">{hint}</p>
      </Card>
    </li>
  );
}
