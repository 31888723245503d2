import { Globe, Search, Send, ShieldCheck } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { benchmarkClaim, Figure } from '@/lib/public-stats/figures';
import { AsOf, FigureCard, WithPlatformFigures } from './stat-figures';

const HEADLINES = [
  { id: 'scans', label: 'Scans Run', detail: 'for creators, all time', icon: Search, tone: 'bg-sky-50 text-sky-600' },
  { id: 'copiesFound', label: 'Possible Copies Found', detail: 'results stored by scans', icon: Globe, tone: 'bg-violet-50 text-violet-600' },
  { id: 'noticesSent', label: 'Notices Sent', detail: 'takedown notices that went out', icon: Send, tone: 'bg-indigo-50 text-indigo-600' },
  { id: 'copiesRemoved', label: 'Copies Removed', detail: 'cases resolved: the copy is gone', icon: ShieldCheck, tone: 'bg-emerald-50 text-emerald-700' },
] as const;

/** Headline figures from the platform's records, and the measured rates with how each is measured. */
export function OverviewTab() {
  return (
    <WithPlatformFigures>
      {(f) => (
        <div className="space-y-6">
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Headline figures">
            {HEADLINES.map((h) => (
              <li key={h.id}>
                <FigureCard label={h.label} icon={h.icon} tone={h.tone} detail={<>{h.detail}, <AsOf figures={f} /></>}>
                  <Figure source="computed" id={h.id}>
                    {f[h.id]}
                  </Figure>
                </FigureCard>
              </li>
            ))}
          </ul>
          <Card>
            <CardHeader>
              <CardTitle>
                <h2>Measured rates</h2>
              </CardTitle>
              <CardDescription>Each rate with how it is measured. Industry averages are not shown: we have no measured source for them.</CardDescription>
            </CardHeader>
            <CardContent className="space-y-5">
              <Rate metric="Scans that completed (this month and last)" value={f.recentSuccess} id="recentSuccess" source="computed" how="finished scans that completed fully or partly" />
              <Rate metric="Notices that led to a removal" value={f.removalRate} id="removalRate" source="computed" how="cases resolved / notices sent, all time" />
              <Rate
                metric="Copies of detailed photos found (benchmark)"
                value={benchmarkClaim('image-recall-detailed').value}
                id="image-recall-detailed"
                source="benchmark"
                how={benchmarkClaim('image-recall-detailed').how}
              />
              <Rate metric="Edited video copies found (benchmark)" value={benchmarkClaim('video-recall').value} id="video-recall" source="benchmark" how={benchmarkClaim('video-recall').how} />
            </CardContent>
          </Card>
        </div>
      )}
    </WithPlatformFigures>
  );
}

function Rate({ metric, value, id, source, how }: { metric: string; value: string | undefined; id: string; source: 'computed' | 'benchmark'; how: string }) {
  const percent = value ? Number.parseFloat(value) : 0;
  return (
    <div className="space-y-2">
      <p className="text-sm font-medium">{metric}</p>
      <div className="flex items-center gap-3 text-xs">
        <span className="w-16 shrink-0 text-muted-foreground">Vigil</span>
        <div className="h-2.5 flex-1 overflow-hidden rounded-full bg-muted" aria-hidden="true">
          <div className="h-full rounded-full bg-primary" style={{ width: `${percent}%` }} />
        </div>
        <span className="w-24 shrink-0 text-right font-medium tabular-nums">
          {value ? (
            <Figure source={source} id={id}>
              {value}
            </Figure>
          ) : (
            'Nothing yet'
          )}
        </span>
      </div>
      <p className="text-xs text-muted-foreground">
        {source === 'benchmark' ? (
          <Figure source="benchmark" id={`${id}-how`}>
            {how}
          </Figure>
        ) : (
          how
        )}
      </p>
    </div>
  );
}
