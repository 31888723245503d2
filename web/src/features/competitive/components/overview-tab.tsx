import { Clock, Globe, ShieldCheck, Target } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ADVANTAGES, HEADLINE_STATS } from '../data/competitive-content';

const ICONS = [Globe, ShieldCheck, Target, Clock];
const TONES = ['bg-sky-50 text-sky-600', 'bg-emerald-50 text-emerald-700', 'bg-violet-50 text-violet-600', 'bg-amber-50 text-amber-700'];

/** Headline figures and Vigil against the industry average. */
export function OverviewTab() {
  return (
    <div className="space-y-6">
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Headline figures">
        {HEADLINE_STATS.map((stat, i) => {
          const Icon = ICONS[i % ICONS.length];
          return (
            <li key={stat.label}>
              <Card className="h-full gap-3 px-5 py-5">
                <div className="flex items-center justify-between">
                  <p className="text-sm font-medium text-muted-foreground">{stat.label}</p>
                  <span className={`flex size-9 items-center justify-center rounded-lg ${TONES[i % TONES.length]}`}>
                    <Icon className="size-4" aria-hidden="true" />
                  </span>
                </div>
                <p className="text-3xl font-bold tracking-tight">{stat.value}</p>
                <p className="text-xs text-muted-foreground">{stat.detail}</p>
              </Card>
            </li>
          );
        })}
      </ul>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Vigil vs. industry average</h2>
          </CardTitle>
          <CardDescription>Where Vigil leads the content protection market.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-5">
          {ADVANTAGES.map((row) => (
            <div key={row.metric} className="space-y-2">
              <p className="text-sm font-medium">{row.metric}</p>
              <ComparisonBar label="Vigil" value={row.vigil} percent={row.vigilBar} className="bg-primary" />
              <ComparisonBar label="Industry" value={row.industry} percent={row.industryBar} className="bg-muted-foreground/40" />
            </div>
          ))}
        </CardContent>
      </Card>
    </div>
  );
}

function ComparisonBar({ label, value, percent, className }: { label: string; value: string; percent: number; className: string }) {
  return (
    <div className="flex items-center gap-3 text-xs">
      <span className="w-16 shrink-0 text-muted-foreground">{label}</span>
      <div className="h-2.5 flex-1 overflow-hidden rounded-full bg-muted" aria-hidden="true">
        <div className={`h-full rounded-full ${className}`} style={{ width: `${percent}%` }} />
      </div>
      <span className="w-20 shrink-0 text-right font-medium tabular-nums">{value}</span>
    </div>
  );
}
