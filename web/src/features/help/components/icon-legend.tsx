import { Card, CardContent } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { CONFIDENCE_LEGEND, ICON_LEGEND } from '../data/help-content';

/** What the icons and badge colours used across Vigil mean. */
export function IconLegend() {
  return (
    <section aria-labelledby="icon-legend" className="space-y-4">
      <div>
        <h2 id="icon-legend" className="text-xl font-semibold tracking-tight">
          Icon Legend
        </h2>
        <p className="text-sm text-muted-foreground">What the icons and colours across Vigil mean.</p>
      </div>
      <Card>
        <CardContent className="space-y-6">
          <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {ICON_LEGEND.map(({ icon: Icon, label, meaning, tone }) => (
              // dt and dd directly in the group (axe definition-list): the icon chip sits inside the term.
              <div key={label}>
                <dt className="flex items-center gap-3 text-sm font-medium">
                  <span className={cn('flex size-9 shrink-0 items-center justify-center rounded-lg', tone)}>
                    <Icon className="size-4" aria-hidden="true" />
                  </span>
                  {label}
                </dt>
                <dd className="pl-12 text-sm text-muted-foreground">{meaning}</dd>
              </div>
            ))}
          </dl>
          <div className="border-t pt-4">
            <h3 className="mb-3 text-sm font-medium">Confidence badges</h3>
            <dl className="flex flex-wrap gap-x-6 gap-y-2">
              {CONFIDENCE_LEGEND.map(({ label, meaning, className }) => (
                <div key={label} className="flex items-center gap-2">
                  <dt className={cn('rounded-md px-2 py-0.5 text-xs font-medium', className)}>{label}</dt>
                  <dd className="text-sm text-muted-foreground">{meaning}</dd>
                </div>
              ))}
            </dl>
          </div>
        </CardContent>
      </Card>
    </section>
  );
}
