import { CheckCircle2, Clock, Radar } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Figure } from '@/lib/public-stats/figures';
import { COVERAGE } from '../data/competitive-content';
import { FigureCard, WithPlatformFigures } from './stat-figures';

/** What a scan covers (the engines queried), and the recent scans' figures from the platform's records. */
export function MonitoringTab() {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Monitoring coverage</h2>
          </CardTitle>
          <CardDescription>The search engines every scan and monitor run queries, and what each is asked for.</CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="divide-y">
            {COVERAGE.map((row) => (
              <li key={row.engine} className="py-3 first:pt-0 last:pb-0">
                <p className="text-sm font-medium">{row.engine}</p>
                <p className="text-xs text-muted-foreground">{row.kinds}</p>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
      <WithPlatformFigures>
        {(f) => (
          <ul className="grid gap-4 sm:grid-cols-2" aria-label="Recent scans">
            <li>
              <FigureCard label="Scans finished" icon={Radar} tone="bg-sky-50 text-sky-600" detail="this month and last, all creators">
                <Figure source="computed" id="recentFinished">{f.recentFinished}</Figure>
              </FigureCard>
            </li>
            <li>
              <FigureCard label="Completed" icon={CheckCircle2} tone="bg-emerald-50 text-emerald-700" detail="of those scans, fully or partly">
                {f.recentSuccess ? <Figure source="computed" id="recentSuccess">{f.recentSuccess}</Figure> : 'Nothing yet'}
              </FigureCard>
            </li>
            <li className="sm:col-span-2">
              <FigureCard label="Average scan time" icon={Clock} tone="bg-amber-50 text-amber-700" detail="from start to finish, this month and last">
                {f.recentSeconds ? <Figure source="computed" id="recentSeconds">{f.recentSeconds}</Figure> : 'Nothing yet'}
              </FigureCard>
            </li>
          </ul>
        )}
      </WithPlatformFigures>
    </div>
  );
}
