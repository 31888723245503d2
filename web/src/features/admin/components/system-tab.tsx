import { AlertCircle, Info, Search, Send, ShieldAlert, TriangleAlert, Wifi } from 'lucide-react';
import type { AdminSystem } from '@shared/schemas/admin';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { SYSTEM_ALERTS, SYSTEM_HEALTH } from '../data/static-figures';
import { formatCount } from '../lib/format';
import { FigureRow } from './section-card';

/** System: the static health and alert cards (PRODUCT.md section 2), and API usage counts from the system call. */
export function SystemTab({ system }: { system: AdminSystem }) {
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <Card className="gap-3">
        <CardHeader>
          <CardTitle>
            <h2>System Health</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="divide-y">
            <FigureRow label="Status">
              <span className="inline-flex items-center gap-1.5 text-emerald-700">
                <Wifi className="size-4" aria-hidden="true" />
                {SYSTEM_HEALTH.status}
              </span>
            </FigureRow>
            <FigureRow label="Uptime">{SYSTEM_HEALTH.uptime}</FigureRow>
            <FigureRow label="Response Time">{SYSTEM_HEALTH.responseTime}</FigureRow>
          </dl>
        </CardContent>
      </Card>
      <Card className="gap-3">
        <CardHeader>
          <CardTitle>
            <h2>API Usage</h2>
          </CardTitle>
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
            <h2>Alerts</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="divide-y">
            <FigureRow label="Critical">
              <span className="inline-flex items-center gap-1.5 text-destructive">
                <AlertCircle className="size-4" aria-hidden="true" />
                {SYSTEM_ALERTS.critical}
              </span>
            </FigureRow>
            <FigureRow label="Warnings">
              <span className="inline-flex items-center gap-1.5 text-amber-700">
                <TriangleAlert className="size-4" aria-hidden="true" />
                {SYSTEM_ALERTS.warnings}
              </span>
            </FigureRow>
            <FigureRow label="Info">
              <span className="inline-flex items-center gap-1.5 text-sky-600">
                <Info className="size-4" aria-hidden="true" />
                {SYSTEM_ALERTS.info}
              </span>
            </FigureRow>
          </dl>
        </CardContent>
      </Card>
    </div>
  );
}
