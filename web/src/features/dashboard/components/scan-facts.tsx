import { Clock, Layers, TrendingUp } from 'lucide-react';
import { formatCountdown } from '@/lib/scan/scan-progress';
import { Figure, formatStatPercent } from '@/lib/public-stats/figures';
import { usePublicStats } from '@/lib/public-stats/get-public-stats';

/**
 * The start step's scan figures (PRODUCT.md section 2, issue 26): the deep crawl is the workflow's rule (300 results
 * kept a scan: web results and up to 290 images and videos); the processing time and the success rate are the
 * platform's recent scans (this month and last, `GET /api/public/stats`), or say there are none yet.
 */
export function ScanFacts() {
  const { data } = usePublicStats();
  const recent = data?.recentScans;
  const facts = [
    { icon: Layers, label: 'Deep crawl', value: <Figure source="plan" id="deep-crawl">Web + up to 290 Images/Videos</Figure> },
    {
      icon: Clock,
      label: 'Processing time',
      value: !recent ? '…' : recent.averageSeconds === null ? 'No recent scan timed yet' : (
        <>
          <Figure source="computed" id="recentSeconds">{formatCountdown(recent.averageSeconds)}</Figure> on average lately
        </>
      ),
    },
    {
      icon: TrendingUp,
      label: 'Success rate',
      value: !recent ? '…' : recent.successRate === null ? 'No recent scan yet' : (
        <>
          <Figure source="computed" id="recentSuccess">{formatStatPercent(recent.successRate)}</Figure> of{' '}
          <Figure source="computed" id="recentFinished">{recent.finished}</Figure> recent scans completed
        </>
      ),
    },
  ];
  return (
    <dl className="grid gap-2 rounded-lg border bg-muted/30 p-3 text-sm sm:grid-cols-3" data-testid="scan-facts">
      {facts.map(({ icon: Icon, label, value }) => (
        <div key={label}>
          <dt className="flex items-center gap-2 text-xs text-muted-foreground">
            <Icon className="size-4 shrink-0 text-primary" aria-hidden="true" />
            {label}
          </dt>
          <dd className="pl-6 font-medium">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
