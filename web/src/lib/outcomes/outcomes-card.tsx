import { LADDER_STEP_LABELS } from '@shared/schemas/cases';
import type { OutcomeFigures } from '@shared/schemas/outcomes';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

const pct = (v: number | null) => (v === null ? '–' : `${Math.round(v * 100)}%`);
const hours = (h: number | null) => (h === null ? '–' : h < 48 ? `${h} h` : `${Math.round((h / 24) * 10) / 10} days`);

/**
 * Takedown outcomes measured from cases (issue 23): the creator's on the dashboard, the platform's on the admin
 * dashboard. Nothing is shown until a case has ended: every figure comes from ended cases.
 */
export function OutcomesCard({ figures, title, description }: { figures: OutcomeFigures | undefined; title: string; description: string }) {
  if (!figures || (figures.ended === 0 && figures.open === 0 && !figures.cameBack)) return null;
  const stats: Array<[string, string]> = [
    ['Removal rate', pct(figures.removalRate)],
    ['Delisted only', pct(figures.delistedOnlyShare)],
    ['Median time to removal', hours(figures.medianHoursToRemoval)],
    ['Counter-noticed', String(figures.counterNoticed)],
    ['Stopped', String(figures.stopped)],
    ...(figures.cameBack === null ? [] : ([['Came back after removal', String(figures.cameBack)]] as Array<[string, string]>)),
    ...(figures.open ? ([['Still escalating', String(figures.open)]] as Array<[string, string]>) : []),
  ];
  return (
    <Card data-testid="outcomes-card">
      <CardHeader>
        <CardTitle className="text-lg">{title}</CardTitle>
        <CardDescription>
          {description} {figures.ended} case{figures.ended === 1 ? '' : 's'} ended: {figures.removed} removed at the source, {figures.delisted} delisted only.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {stats.map(([label, value]) => (
            <div key={label}>
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="text-lg font-semibold">{value}</dd>
            </div>
          ))}
        </dl>
        {figures.byStep.length > 0 && (
          <div>
            <p className="font-medium">Median time to removal per step</p>
            <ul>
              {figures.byStep.map((s) => (
                <li key={s.step}>
                  {LADDER_STEP_LABELS[s.step]}: {hours(s.medianHours)} ({s.removals} removal{s.removals === 1 ? '' : 's'})
                </li>
              ))}
            </ul>
          </div>
        )}
        {figures.byHost.length > 0 && (
          <div>
            <p className="font-medium">Median time to removal per host</p>
            <ul>
              {figures.byHost.slice(0, 8).map((s) => (
                <li key={s.host}>
                  {s.host}: {hours(s.medianHours)} ({s.removals})
                </li>
              ))}
            </ul>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
