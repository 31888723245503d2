import { CheckCircle2, Radar, Send } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { MONITORING_COVERAGE, SAMPLE_ACTIVITY, type ActivityItem } from '../data/competitive-content';

const STATUS = {
  removed: { icon: CheckCircle2, label: 'Removed', className: 'bg-emerald-50 text-emerald-700' },
  sent: { icon: Send, label: 'Notice sent', className: 'bg-indigo-50 text-indigo-600' },
  detected: { icon: Radar, label: 'Detected', className: 'bg-amber-50 text-amber-700' },
} as const satisfies Record<ActivityItem['status'], unknown>;

/** Monitoring coverage by site category, and a sample activity feed. */
export function MonitoringTab() {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Monitoring coverage</h2>
          </CardTitle>
          <CardDescription>80,000+ sites scanned daily, by category.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {MONITORING_COVERAGE.map((row) => (
            <div key={row.category} className="space-y-1.5">
              <div className="flex justify-between gap-2 text-sm">
                <span className="font-medium">{row.category}</span>
                <span className="text-muted-foreground tabular-nums">
                  {row.sites} sites · {row.coverage}%
                </span>
              </div>
              <Progress value={row.coverage} aria-label={`${row.category} coverage`} />
            </div>
          ))}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <div className="flex items-center justify-between gap-2">
            <CardTitle>
              <h2>Activity feed</h2>
            </CardTitle>
            <Badge variant="secondary">Sample activity</Badge>
          </div>
          <CardDescription>What protection looks like across the network.</CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="space-y-4">
            {SAMPLE_ACTIVITY.map((item) => {
              const { icon: Icon, label, className } = STATUS[item.status];
              return (
                <li key={`${item.time}-${item.event}`} className="flex gap-3">
                  <span className={`flex size-9 shrink-0 items-center justify-center rounded-full ${className}`}>
                    <Icon className="size-4" aria-hidden="true" />
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="text-sm font-medium">{item.event}</p>
                    <p className="text-xs text-muted-foreground">
                      {item.platform} · {label} · {item.time}
                    </p>
                  </div>
                </li>
              );
            })}
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}
