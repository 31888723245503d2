import { Radar } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ScanProgressCard } from '@/lib/scan/components/scan-progress-card';
import { ScanStartForm } from '@/lib/scan/components/scan-start-form';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { apiErrorMessage } from '@/lib/api-client';
import { showPlanLimit } from '@/lib/plan-limit';
import { forgetUserResults } from '@/lib/results/get-user-results';
import { forgetUserStats } from '@/lib/results/get-user-stats';
import { useScan, type Scan } from '@/lib/scan/api/get-scan';
import { useLatestScan } from '@/lib/scan/api/get-latest-scan';
import { invalidateScanResults } from '@/lib/scan/api/get-scan-results';
import { startScan } from '@/lib/scan/api/start-scan';
import { SEARCH_PAGE_POLL_MS, isOpenStatus, isReviewableStatus } from '@/lib/scan/scan-progress';
import type { ScanStartFormValues } from '@/lib/scan/scan-start';
import { DeleteScan } from './delete-scan';
import { ResultsSummary } from './results-summary';

/**
 * The search page (PRODUCT.md section 2): the start form, the progress card (polled every 3 s while the scan runs)
 * and the results summary once it finished. The scan's id is kept in the address (`?id=`), so a reload or a
 * shared link shows the same scan.
 */
export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const searchId = params.get('id') ?? undefined;
  const [started, setStarted] = useState<{ id: string; at: number; engines: string[] }>();
  // Issue 25: a channel the last scan's results linked to, added to the form's sources ("+ @name").
  const [addedSource, setAddedSource] = useState<{ kind: 'telegram'; target: string; at: number }>();
  const onAddChannel = (channel: string) => {
    setAddedSource({ kind: 'telegram', target: channel, at: Date.now() });
    toast({ title: `@${channel} added`, description: 'The channel is in the sources of your next scan.' });
  };

  const onAnswer = useCallback((scan: Scan) => {
    // The results are read once the scan is final; reload them in case an earlier read is cached. The creator's
    // lists and stats, not shown here, are dropped so the next screen that shows them reads them afresh (data
    // otherwise never goes stale, PRODUCT.md section 9).
    if (isReviewableStatus(scan.status)) {
      void invalidateScanResults(scan.id);
      void forgetUserResults();
      void forgetUserStats();
    }
  }, []);
  const { data: scan, error: scanError } = useScan(searchId, SEARCH_PAGE_POLL_MS, onAnswer);
  const current = scan && scan.id === searchId ? scan : undefined;
  // Issue 26: without a scan in the address, the page shows the creator's last scan and its summary.
  const latest = useLatestScan(!searchId).data?.search ?? undefined;
  const running = !!searchId && (current ? isOpenStatus(current.status) : !scanError);
  // The scan this page shows (its own, or the newest), which the creator may delete.
  const shown = current ?? (searchId ? undefined : latest);
  const outcome = current?.status === 'failed' ? 'failed' : current && isReviewableStatus(current.status) ? 'finished' : undefined;

  const onStart = async (values: ScanStartFormValues) => {
    try {
      const result = await startScan(values);
      setStarted({ id: result.id, at: Date.now(), engines: result.searchEngines });
      setParams({ id: result.id });
      toast({ title: 'Search Started', description: 'Your content search is now running. Results will appear shortly.' });
    } catch (error) {
      // A used-up allowance gets the upgrade prompt; anything else the failure toast of PRODUCT.md section 8.
      if (!showPlanLimit(error)) toast({ variant: 'destructive', title: 'Search Failed', description: apiErrorMessage(error, 'Search failed') });
      throw error;
    }
  };

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <title>Search · Vigil</title>
      <div className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Search</h1>
        <p className="mt-1 text-muted-foreground">Scan the web for copies of your content by name and by fingerprint.</p>
      </div>
      <div className="grid grid-cols-1 gap-6">
        <div className="grid grid-cols-1 gap-5 lg:grid-cols-5">
          <Card className="lg:col-span-3">
            <CardHeader>
              <CardTitle className="text-lg">New scan</CardTitle>
              <CardDescription>Enter your creator names, add reference photos or videos, or both.</CardDescription>
            </CardHeader>
            <CardContent>
              <ScanStartForm submitLabel="Start Search" onStart={onStart} running={running} outcome={outcome} scan={current} addedSource={addedSource} />
            </CardContent>
          </Card>
          <div className="grid content-start gap-4 lg:col-span-2">
            {searchId && !current && scanError ? (
              <Card>
                <CardHeader>
                  <CardTitle className="text-base">This scan could not be loaded</CardTitle>
                  <CardDescription role="alert">{apiErrorMessage(scanError, 'Please check the link or start a new scan.')}</CardDescription>
                </CardHeader>
              </Card>
            ) : searchId ? (
              <ScanProgressCard
                searchId={searchId}
                scan={current}
                engines={started?.id === searchId ? started.engines : undefined}
                startedAtMs={started?.id === searchId ? started.at : undefined}
              />
            ) : latest ? (
              <ScanProgressCard searchId={latest.id} scan={latest} />
            ) : (
              <Card className="h-full border-dashed bg-transparent shadow-none">
                <CardContent className="flex h-full flex-col items-center justify-center gap-3 py-10 text-center">
                  <span className="flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
                    <Radar className="size-6" aria-hidden="true" />
                  </span>
                  <p className="font-medium">No scan running</p>
                  <p className="max-w-xs text-sm text-muted-foreground">
                    Start a scan and its progress shows here: the engines queried, the candidates found and matched.
                  </p>
                </CardContent>
              </Card>
            )}
            {shown && <DeleteScan key={shown.id} scanId={shown.id} onDeleted={() => setParams({})} />}
          </div>
        </div>
        {current && isReviewableStatus(current.status) && <ResultsSummary scan={current} onAddChannel={onAddChannel} />}
        {!searchId && latest && isReviewableStatus(latest.status) && <ResultsSummary scan={latest} onAddChannel={onAddChannel} />}
      </div>
    </div>
  );
}
