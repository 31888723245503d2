import { CheckCircle2, Search, Send, ShieldAlert, Timer, Wifi } from 'lucide-react';
import type { AdminSystem } from '@shared/schemas/admin';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCount, percentFromFraction } from '../lib/format';
import { FigureRow } from './section-card';

/**
 * System: health, API usage and scan outcomes, all from `GET /api/admin/system`, the call the Overview's System
 * Performance card reads, so both tabs show the same figures. Alert counts are not shown: alarms live in
 * CloudWatch, which the dashboard does not read (docs/PRODUCT.md section 10).
 */
export function SystemTab({ system }: { system: AdminSystem }) {
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <Card className="gap-3">
        <CardHeader>
          <CardTitle>
            <h2>System Health</h2>
          </CardTitle>
          <CardDescription>API over the last 30 days</CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="divide-y">
            <FigureRow label="Status">
              <span className="inline-flex items-center gap-1.5 text-emerald-700">
                <Wifi className="size-4" aria-hidden="true" />
                Answering (this page's calls succeeded)
              </span>
            </FigureRow>
            <FigureRow label="Uptime">
              <span data-testid="system-uptime">{percentFromFraction(system.systemUptime)}</span>
            </FigureRow>
            <FigureRow label="Response Time">
              <span className="inline-flex items-center gap-1.5" data-testid="system-response">
                <Timer className="size-4 text-muted-foreground" aria-hidden="true" />
                {`${Math.round(system.averageResponseTime)}ms`}
              </span>
            </FigureRow>
          </dl>
        </CardContent>
      </Card>
      <Card className="gap-3">
        <CardHeader>
          <CardTitle>
            <h2>API Usage</h2>
          </CardTitle>
          <CardDescription>All creators, all time</CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="divide-y">
            <FigureRow label="Search requests">
              <span className="inline-flex items-center gap-1.5">
                <Search className="size-4 text-muted-foreground" aria-hidden="true" />
                {formatCount(system.totalSearches)}
              </span>
            </FigureRow>
            <FigureRow label="Violations detected">
              <span className="inline-flex items-center gap-1.5">
                <ShieldAlert className="size-4 text-muted-foreground" aria-hidden="true" />
                {formatCount(system.totalViolations)}
              </span>
            </FigureRow>
            <FigureRow label="DMCA submissions">
              <span className="inline-flex items-center gap-1.5">
                <Send className="size-4 text-muted-foreground" aria-hidden="true" />
                {formatCount(system.totalDmcaSubmissions)}
              </span>
            </FigureRow>
          </dl>
        </CardContent>
      </Card>
      <Card className="gap-3">
        <CardHeader>
          <CardTitle>
            <h2>Scan Outcomes</h2>
          </CardTitle>
          <CardDescription>Finished scans, all time</CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="divide-y">
            <FigureRow label="Success rate">
              <span className="inline-flex items-center gap-1.5">
                <CheckCircle2 className="size-4 text-emerald-700" aria-hidden="true" />
                {percentFromFraction(system.successRate)}
              </span>
            </FigureRow>
          </dl>
        </CardContent>
      </Card>
    </div>
  );
}
