import { AlertTriangle, CheckCircle2, Clock, Loader2, XCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import type { Scan } from '../api/get-scan';
import { STAGE_LABELS, elapsedSeconds, formatCountdown, isOpenStatus, workflowProgress } from '../scan-progress';
import { usePublicStats } from '@/lib/public-stats/get-public-stats';
import { engineLabel, engineList } from '../scan-results';
import { SandboxNotice } from './sandbox-notice';
import { SkippedReferencesNote, VideoReferencesNote } from './skipped-references-note';

export const SEARCH_FAILED_MESSAGE = 'Search failed. Please try again or contact support if the issue persists.';

interface ScanProgressCardProps {
  searchId: string;
  /** The latest poll of the search; undefined until the first answer arrives (shown as running). */
  scan: Scan | undefined;
  /** Engines the scan was started with, shown until the first poll answers. */
  engines?: readonly string[];
  /** When this browser started the scan; the countdown falls back to the search's createdAt. */
  startedAtMs?: number;
}

/** The current time, ticking once a second while `active`. */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

/**
 * The progress card of a scan (PRODUCT.md sections 2 and 4): search id, engines, the time elapsed (with the platform's
 * recent average scan time when there is one) and the bar of the workflow's recorded progress, the same as the start
 * form's (workflowProgress): 100% once completed (or partial); 0% and 'Search failed' on failure. Beside it the
 * workflow's figures: stage, engines done, candidates found and matched.
 */
export function ScanProgressCard({ searchId, scan, engines, startedAtMs }: ScanProgressCardProps) {
  const status = scan?.status ?? 'running';
  const open = isOpenStatus(status);
  const now = useNow(open);
  const origin = startedAtMs ?? (scan ? Date.parse(scan.createdAt) : now);
  const elapsed = elapsedSeconds(origin, now);
  const { percent: value, text: stageText } = workflowProgress(scan ?? { status: 'running' });
  // The platform's recent average scan time, measured (GET /api/public/stats), instead of a fixed countdown.
  const typical = usePublicStats().data?.recentScans.averageSeconds ?? null;
  const shownEngines = scan?.searchEngines ?? engines ?? [];
  const progress = scan?.progress;

  const heading =
    status === 'failed'
      ? { icon: <XCircle className="size-5 text-destructive" aria-hidden="true" />, title: 'Search failed' }
      : status === 'completed'
        ? { icon: <CheckCircle2 className="size-5 text-success" aria-hidden="true" />, title: 'Scan complete' }
        : status === 'partial'
          ? { icon: <AlertTriangle className="size-5 text-amber-700" aria-hidden="true" />, title: 'Scan complete, some engines failed' }
          : { icon: <Loader2 className="size-5 animate-spin text-primary" aria-hidden="true" />, title: 'Scanning for violations' };

  return (
    <Card aria-label="Scan status" role="region" className="gap-4">
      <CardHeader className="gap-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="flex items-center gap-2 text-base font-semibold leading-none tracking-tight">
            {heading.icon}
            {heading.title}
          </h2>
          <Badge variant={status === 'failed' ? 'destructive' : open ? 'secondary' : 'outline'} className="capitalize">
            {status}
          </Badge>
        </div>
        <CardDescription className="flex flex-wrap items-center gap-x-4 gap-y-1">
          <span>
            Search ID: <span className="font-mono text-xs text-foreground">{searchId}</span>
          </span>
          {shownEngines.length > 0 && (
            <span className="flex flex-wrap items-center gap-1">
              Engines:
              {shownEngines.map((e) => (
                <Badge key={e} variant="outline">
                  {engineLabel(e)}
                </Badge>
              ))}
            </span>
          )}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        <div className="grid gap-1.5">
          <div className="flex items-center justify-between text-sm">
            {open ? (
              <span className="flex items-center gap-1.5 text-muted-foreground">
                <Clock className="size-4" aria-hidden="true" />
                <span>
                  {stageText} · <span className="font-medium tabular-nums text-foreground">{formatCountdown(elapsed)}</span> elapsed
                  {typical !== null && <> (recent scans took {formatCountdown(typical)} on average)</>}
                </span>
              </span>
            ) : (
              <span className="text-muted-foreground">{status === 'failed' ? 'Search failed' : 'Done'}</span>
            )}
            <span className="tabular-nums text-muted-foreground">{value}%</span>
          </div>
          <Progress value={value} aria-label="Scan progress" />
        </div>

        {status === 'failed' && (
          <div role="alert" className="rounded-md border border-destructive/30 bg-destructive/5 p-3 text-sm">
            <p className="font-medium text-destructive">{SEARCH_FAILED_MESSAGE}</p>
            {scan?.metadata?.error && <p className="mt-1 text-muted-foreground">{scan.metadata.error}</p>}
          </div>
        )}

        {progress && status !== 'failed' && (
          <div className="grid gap-3 rounded-lg bg-muted/50 p-3 text-sm" aria-label="Workflow progress" role="group">
            <p>
              <span className="text-muted-foreground">Stage: </span>
              <span className="font-medium">{STAGE_LABELS[progress.stage]}</span>
            </p>
            <dl className="grid grid-cols-3 gap-3">
              {[
                ['Engines done', `${progress.enginesDone} of ${progress.enginesTotal}`],
                ['Candidates found', progress.candidatesFound],
                ['Matched', progress.candidatesMatched],
              ].map(([label, value]) => (
                <div key={label}>
                  <dt className="text-xs text-muted-foreground">{label}</dt>
                  <dd className="text-base font-semibold tabular-nums">{value}</dd>
                </div>
              ))}
            </dl>
          </div>
        )}

        <SkippedReferencesNote skipped={scan?.skippedReferences} />
        <VideoReferencesNote videos={scan?.videoReferences} />

        {status === 'partial' && scan?.metadata && scan.metadata.failedEngines.length > 0 && (
          <p className="text-sm text-muted-foreground">Engines that did not answer: {engineList(scan.metadata.failedEngines)}.</p>
        )}
        {/* Once finished, the results summary says it beside the results. */}
        {scan?.sandbox && open && <SandboxNotice />}
      </CardContent>
    </Card>
  );
}
