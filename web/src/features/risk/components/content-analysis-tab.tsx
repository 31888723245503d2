import { FileText, Image, type LucideIcon, Video } from 'lucide-react';
import type { ContentRiskItem } from '@shared/schemas/risk';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { SAMPLE_CONTENT_RISK } from '../data/sample-risk';
import { listToShow } from '../lib/risk-rules';
import { RiskScoreBadge } from './risk-badge';
import { SampleBadge } from './sample-badge';
import { TabState } from './tab-state';

const TYPES: Record<string, { label: string; icon: LucideIcon }> = {
  web: { label: 'Web pages', icon: FileText },
  images: { label: 'Images', icon: Image },
  videos: { label: 'Videos', icon: Video },
};

/** Content Risk Analysis: exposure per content type, with platforms and a recommendation. */
export function ContentAnalysisTab({ data, error, sampleMode }: { data: ContentRiskItem[] | null | undefined; error: unknown; sampleMode: boolean }) {
  const view = listToShow(data, error, sampleMode, () => SAMPLE_CONTENT_RISK);
  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle>
            <h2>Content Risk Analysis</h2>
          </CardTitle>
          {view.state === 'ready' && view.sample && <SampleBadge />}
        </div>
        <CardDescription>Which kinds of content are most exposed, and what to do about it.</CardDescription>
      </CardHeader>
      <CardContent>
        {view.state !== 'ready' ? (
          <TabState loading={view.state === 'loading'} error={view.state === 'error' ? view.error : undefined} />
        ) : view.items.length === 0 ? (
          <p className="py-10 text-center text-sm text-muted-foreground">No exposed content found yet.</p>
        ) : (
          <ul className="grid gap-4 lg:grid-cols-3">
            {view.items.map((item) => {
              const type = TYPES[item.contentType] ?? { label: item.contentType, icon: FileText };
              return (
                <li key={item.contentType} className="flex flex-col gap-3 rounded-lg border p-4">
                  <div className="flex items-center justify-between gap-2">
                    <h3 className="flex items-center gap-2 font-medium">
                      <type.icon className="size-4 text-primary" aria-hidden="true" />
                      {type.label}
                    </h3>
                    <RiskScoreBadge score={item.riskLevel} suffix="% risk" />
                  </div>
                  <p className="text-sm">
                    <span className="text-2xl font-bold tabular-nums">{item.exposureCount}</span>{' '}
                    <span className="text-muted-foreground">exposures</span>
                  </p>
                  {item.platforms.length > 0 && (
                    <div className="flex flex-wrap gap-1.5" aria-label="Platforms">
                      {item.platforms.map((p) => (
                        <Badge key={p} variant="outline">
                          {p}
                        </Badge>
                      ))}
                    </div>
                  )}
                  <p className="mt-auto rounded-md bg-muted/60 p-3 text-sm">
                    <span className="font-medium">Recommendation: </span>
                    {item.recommendation}
                  </p>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
