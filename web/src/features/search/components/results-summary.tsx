import { SourceOutcomes } from '@/lib/scan/components/source-outcomes';
import { AlertTriangle, ListChecks, RefreshCw, ShieldAlert, ShieldCheck } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { SandboxNotice } from '@/lib/scan/components/sandbox-notice';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import type { Scan } from '@/lib/scan/api/get-scan';
import { useScanResults } from '@/lib/scan/api/get-scan-results';
import { formatDuration } from '@/lib/scan/scan-progress';
import { engineList, hasSandboxResults } from '@/lib/scan/scan-results';
import { cn } from '@/lib/utils';
import { FAILED_ENGINES_NOTE, NO_VIOLATIONS_MESSAGE, VIOLATIONS_DETECTED, failedEnginesMessage, summarizeSearch } from './search-summary';
import { ViolationList } from './violation-list';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The summary of a finished search (PRODUCT.md section 2): 'Violations Detected' or 'Content Protected', search id,
 * completion time, duration, counts, engines scanned and failed, and the violations.
 */
export function ResultsSummary({ scan, onAddChannel }: { scan: Scan; onAddChannel?: (channel: string) => void }) {
  const { data: results, error, isLoading, mutate } = useScanResults(scan.id);
  // Monitor runs: `?filter=new` (the alert e-mail's review link) shows only what this run found first.
  const [params, setParams] = useSearchParams();
  const onlyNew = params.get('filter') === 'new';
  const setOnlyNew = (on: boolean) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (on) next.set('filter', 'new');
        else next.delete('filter');
        return next;
      },
      { replace: true },
    );

  if (isLoading) {
    return (
      <div className="flex justify-center py-10">
        <Spinner className="size-7" label="Loading search results" />
      </div>
    );
  }
  if (error || !results) {
    return (
      <Card>
        <CardContent className="flex flex-col items-center gap-3 py-6 text-center">
          <p role="alert" className="text-sm text-destructive">
            Failed to load search results. Please try again.
          </p>
          <Button variant="outline" size="sm" onClick={() => void mutate()}>
            <RefreshCw aria-hidden="true" />
            Try again
          </Button>
        </CardContent>
      </Card>
    );
  }

  const summary = summarizeSearch(scan, results);
  const found = summary.headline === VIOLATIONS_DETECTED;
  const completedAt = scan.metadata?.completedAt;
  const figures = [
    { label: 'Violations', value: summary.violations },
    { label: 'Engines scanned', value: summary.enginesScanned.length },
    { label: 'Unique domains', value: summary.uniqueDomains },
  ];

  return (
    <Card aria-labelledby="summary-heading">
      <CardHeader className="gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="summary-heading" className="flex items-center gap-2 text-xl font-semibold leading-none tracking-tight">
            {found ? (
              <ShieldAlert className="size-6 text-destructive" aria-hidden="true" />
            ) : (
              <ShieldCheck className="size-6 text-success" aria-hidden="true" />
            )}
            {summary.headline}
          </h2>
          {found && (
            <Button asChild variant="outline" size="sm">
              <Link to="/">
                <ListChecks aria-hidden="true" />
                Review on the dashboard
              </Link>
            </Button>
          )}
        </div>
        <CardDescription className="flex flex-wrap gap-x-4 gap-y-1">
          <span>
            Search ID: <span className="font-mono text-xs text-foreground">{scan.id}</span>
          </span>
          {completedAt && (
            <span>
              Completed: <time dateTime={completedAt}>{dateTime.format(new Date(completedAt))}</time>
            </span>
          )}
          {scan.metadata && <span>Duration: {formatDuration(scan.metadata.totalDuration)}</span>}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-5">
        <dl className="grid grid-cols-3 gap-3">
          {figures.map((f) => (
            <div key={f.label} className="flex flex-col-reverse rounded-lg border bg-muted/30 p-3 text-center">
              <dt className="text-xs text-muted-foreground sm:text-sm">{f.label}</dt>
              <dd className={cn('text-2xl font-semibold tabular-nums', f.label === 'Violations' && found && 'text-destructive')}>
                {f.value}
              </dd>
            </div>
          ))}
        </dl>

        <div className="grid gap-1 text-sm">
          <p>
            <span className="text-muted-foreground">Engines scanned: </span>
            {summary.enginesScanned.length > 0 ? engineList(summary.enginesScanned) : 'none'}
          </p>
          {summary.failedEngines.length > 0 && (
            <p>
              <span className="text-muted-foreground">Engines that failed: </span>
              {engineList(summary.failedEngines)}
            </p>
          )}
        </div>

        {summary.failedEngines.length > 0 && (
          <div role="status" className="flex gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <div>
              <p className="font-medium">{failedEnginesMessage(engineList(summary.failedEngines))}</p>
              <p>{FAILED_ENGINES_NOTE}</p>
            </div>
          </div>
        )}

        <SourceOutcomes sources={scan.metadata?.sources} />

        {onAddChannel && (scan.discoveredChannels?.length ?? 0) > 0 && (
          <section aria-labelledby={`discovered-${scan.id}`} className="grid gap-2 text-sm">
            <h2 id={`discovered-${scan.id}`} className="font-medium">
              Telegram channels linked from these results
            </h2>
            <p className="text-muted-foreground">Add one to the sources of your next scan to read it directly.</p>
            <ul className="flex flex-wrap gap-2">
              {scan.discoveredChannels!.map((c) => (
                <li key={c}>
                  <Button type="button" size="sm" variant="outline" onClick={() => onAddChannel(c)} aria-label={`Add @${c} to the next scan`}>
                    + @{c}
                  </Button>
                </li>
              ))}
            </ul>
          </section>
        )}

        {(scan.sandbox || hasSandboxResults(results)) && <SandboxNotice />}

        {scan.monitorId && (
          <label className="flex w-fit items-center gap-2 text-sm">
            <input type="checkbox" checked={onlyNew} onChange={(e) => setOnlyNew(e.target.checked)} />
            Show only new ({results.filter((r) => r.isNew).length})
          </label>
        )}
        {found ? (
          <ViolationList results={onlyNew ? results.filter((r) => r.isNew) : results} />
        ) : (
          <p className="rounded-xl border border-dashed bg-emerald-50/50 p-6 text-center text-sm text-emerald-900">
            {NO_VIOLATIONS_MESSAGE}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
