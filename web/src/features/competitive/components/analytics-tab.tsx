import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { ANALYTICS_FIGURES, MONTHLY_REMOVALS, SUCCESS_BY_PLATFORM } from '../data/competitive-content';

const maxRemovals = Math.max(...MONTHLY_REMOVALS.map((m) => m.millions));

/** Network-wide performance figures: removals per month and success by platform type. */
export function AnalyticsTab() {
  return (
    <div className="space-y-6">
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Network figures">
        {ANALYTICS_FIGURES.map((figure) => (
          <li key={figure.label}>
            <Card className="h-full gap-2 px-5 py-5">
              <p className="text-sm text-muted-foreground">{figure.label}</p>
              <p className="text-2xl font-bold tracking-tight">{figure.value}</p>
              <p className="text-xs text-emerald-700">{figure.change}</p>
            </Card>
          </li>
        ))}
      </ul>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>
              <h2>Removals per month</h2>
            </CardTitle>
            <CardDescription>Infringing copies removed across the network, in millions.</CardDescription>
          </CardHeader>
          <CardContent>
            <ul className="flex h-48 items-end gap-3" aria-label="Removals per month">
              {MONTHLY_REMOVALS.map((m) => (
                <li key={m.month} className="flex h-full flex-1 flex-col items-center justify-end gap-1.5">
                  <span className="text-xs font-medium tabular-nums">{m.millions}M</span>
                  <div className="w-full rounded-t-md bg-primary/80" style={{ height: `${(m.millions / maxRemovals) * 80}%` }} aria-hidden="true" />
                  <span className="text-xs text-muted-foreground">{m.month}</span>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>
              <h2>Success rate by platform</h2>
            </CardTitle>
            <CardDescription>Share of notices that led to removal.</CardDescription>
          </CardHeader>
          <CardContent className="space-y-4">
            {SUCCESS_BY_PLATFORM.map((row) => (
              <div key={row.platform} className="space-y-1.5">
                <div className="flex justify-between text-sm">
                  <span className="font-medium">{row.platform}</span>
                  <span className="tabular-nums text-muted-foreground">{row.rate}%</span>
                </div>
                <Progress value={row.rate} aria-label={`${row.platform} success rate`} />
              </div>
            ))}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
