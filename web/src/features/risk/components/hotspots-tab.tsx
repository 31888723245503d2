import { ArrowDownRight, ArrowRight, ArrowUpRight, MapPin } from 'lucide-react';
import type { RiskHotspot } from '@shared/schemas/risk';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { sampleHotspots } from '../data/sample-risk';
import { listToShow } from '../lib/risk-rules';
import { RiskScoreBadge } from './risk-badge';
import { SampleBadge } from './sample-badge';
import { TabState } from './tab-state';

const TRENDS = {
  increasing: { icon: ArrowUpRight, label: 'Increasing', className: 'text-red-600' },
  stable: { icon: ArrowRight, label: 'Stable', className: 'text-muted-foreground' },
  decreasing: { icon: ArrowDownRight, label: 'Decreasing', className: 'text-emerald-700' },
} as const;

const dateTime = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

function lastDetected(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

/** Vulnerability Hotspots: per platform, its geography, last detection, violations, trend and risk score. */
export function HotspotsTab({ data, error, sampleMode }: { data: RiskHotspot[] | null | undefined; error: unknown; sampleMode: boolean }) {
  const view = listToShow(data, error, sampleMode, sampleHotspots);
  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle>
            <h2>Vulnerability Hotspots</h2>
          </CardTitle>
          {view.state === 'ready' && view.sample && <SampleBadge />}
        </div>
        <CardDescription>Platforms where copies of your content are found, riskiest first.</CardDescription>
      </CardHeader>
      <CardContent>
        {view.state !== 'ready' ? (
          <TabState loading={view.state === 'loading'} error={view.state === 'error' ? view.error : undefined} />
        ) : view.items.length === 0 ? (
          <p className="py-10 text-center text-sm text-muted-foreground">No open exposures on any platform. Nice work.</p>
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Platform</TableHead>
                <TableHead>Geography</TableHead>
                <TableHead>Last Detected</TableHead>
                <TableHead className="text-right">Violations</TableHead>
                <TableHead>Trend</TableHead>
                <TableHead className="text-right">Risk Score</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {view.items.map((h) => {
                const trend = TRENDS[h.trend];
                return (
                  <TableRow key={h.platform}>
                    <TableCell className="font-medium">{h.platform}</TableCell>
                    <TableCell>
                      <span className="inline-flex items-center gap-1 text-muted-foreground">
                        <MapPin className="size-3.5" aria-hidden="true" />
                        {h.geography}
                      </span>
                    </TableCell>
                    <TableCell className="text-muted-foreground">{lastDetected(h.lastDetected)}</TableCell>
                    <TableCell className="text-right tabular-nums">{h.violations}</TableCell>
                    <TableCell>
                      <span className={`inline-flex items-center gap-1 ${trend.className}`}>
                        <trend.icon className="size-4" aria-hidden="true" />
                        {trend.label}
                      </span>
                    </TableCell>
                    <TableCell className="text-right">
                      <RiskScoreBadge score={h.riskScore} />
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
