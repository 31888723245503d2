import { ListChecks, RefreshCw, ScanSearch, Send } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { GroupedResults, SearchResult } from '@shared/schemas/search';
import { SandboxNotice } from '@/lib/scan/components/sandbox-notice';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useScanResults } from '@/lib/scan/api/get-scan-results';
import { countByContentType, flattenGrouped, groupByContentType, hasSandboxResults } from '@/lib/scan/scan-results';
import { cn } from '@/lib/utils';
import { useGroupedResults } from '../api/get-user-results';
import { RESULT_TABS, firstNonEmptyTab, type ResultTab } from './review-logic';
import { ResultCard } from './result-card';
import { StatsCards } from './stats-cards';

export const LOAD_FAILED_MESSAGE = 'Failed to load search results. Please try again.';
export const NO_RESULTS_MESSAGE = 'No search results available. Start a new search to see violations.';
export const EMPTY_CATEGORY_MESSAGE = 'No violations found in this category.';

type Scope = 'scan' | 'all';

interface ReviewStepProps {
  /** The selected scan; without one the step shows all of the creator's results. */
  searchId?: string;
  onNewSearch: () => void;
  onSendTakedowns: () => void;
  onSendDmca: (result: SearchResult) => void;
}

/** The results to review: the selected scan's (grouped here) or all of the creator's (grouped by the API). */
function useReviewResults(searchId: string | undefined, scope: Scope) {
  const byScan = scope === 'scan' && !!searchId;
  const scan = useScanResults(byScan ? searchId : undefined);
  const all = useGroupedResults(!byScan);
  const source = byScan ? scan : all;
  const grouped = useMemo<GroupedResults | undefined>(
    () => (byScan ? (scan.data ? groupByContentType(scan.data) : undefined) : all.data),
    [byScan, scan.data, all.data],
  );
  return { grouped, error: source.error as unknown, isLoading: source.isLoading, retry: () => void source.mutate() };
}

/**
 * Step 2 of the dashboard (PRODUCT.md section 2): summary cards, the results in three tabs with count badges, the New
 * Search and Send Takedown Notices buttons, and each result's review actions.
 */
export function ReviewStep({ searchId, onNewSearch, onSendTakedowns, onSendDmca }: ReviewStepProps) {
  const [scope, setScope] = useState<Scope>('scan');
  const [tab, setTab] = useState<ResultTab | null>(null);
  const effectiveScope: Scope = searchId ? scope : 'all';
  const { grouped, error, isLoading, retry } = useReviewResults(searchId, effectiveScope);
  const counts = grouped ? countByContentType(grouped) : { web: 0, images: 0, videos: 0 };
  const total = counts.web + counts.images + counts.videos;
  const activeTab = tab ?? firstNonEmptyTab(counts);
  const sandbox = grouped ? hasSandboxResults(flattenGrouped(grouped)) : false;

  return (
    <section aria-labelledby="review-heading" className="grid grid-cols-1 gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="review-heading" className="text-xl font-semibold tracking-tight">
            Review results
          </h2>
          <p className="text-sm text-muted-foreground">Mark each result as unauthorized or safe, then send takedown notices.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link to="/review?undecided=1">
              <ListChecks aria-hidden="true" />
              Review one by one
            </Link>
          </Button>
          <Button variant="outline" onClick={onNewSearch}>
            <ScanSearch aria-hidden="true" />
            New Search
          </Button>
          <Button onClick={onSendTakedowns}>
            <Send aria-hidden="true" />
            Send Takedown Notices
          </Button>
        </div>
      </div>

      <StatsCards />

      {searchId && (
        <div role="group" aria-label="Results shown" className="inline-flex w-fit rounded-lg border bg-background p-0.5 text-sm">
          {(
            [
              ['scan', 'Latest scan'],
              ['all', 'All scans'],
            ] as const
          ).map(([value, label]) => (
            <button
              key={value}
              type="button"
              aria-pressed={effectiveScope === value}
              onClick={() => {
                setScope(value);
                setTab(null);
              }}
              className={cn(
                'rounded-md px-3 py-1 font-medium text-muted-foreground transition-colors',
                effectiveScope === value && 'bg-primary text-primary-foreground',
              )}
            >
              {label}
            </button>
          ))}
        </div>
      )}

      {sandbox && <SandboxNotice />}

      {isLoading ? (
        <div className="flex justify-center py-12">
          <Spinner className="size-7" label="Loading search results" />
        </div>
      ) : error ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-3 py-6 text-center">
            <p role="alert" className="text-sm text-destructive">
              {LOAD_FAILED_MESSAGE}
            </p>
            <Button variant="outline" size="sm" onClick={retry}>
              <RefreshCw aria-hidden="true" />
              Try again
            </Button>
          </CardContent>
        </Card>
      ) : total === 0 ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-3 py-8 text-center">
            <p className="text-sm text-muted-foreground">{NO_RESULTS_MESSAGE}</p>
          </CardContent>
        </Card>
      ) : (
        grouped && (
          <Tabs value={activeTab} onValueChange={(v) => setTab(v as ResultTab)}>
            <TabsList className="h-10 w-full sm:w-fit">
              {RESULT_TABS.map((t) => (
                <TabsTrigger key={t.value} value={t.value} className="px-3">
                  {t.label}
                  <Badge variant="secondary" className="ml-1 tabular-nums">
                    {counts[t.value]}
                  </Badge>
                </TabsTrigger>
              ))}
            </TabsList>
            {RESULT_TABS.map((t) => (
              <TabsContent key={t.value} value={t.value} className="mt-2">
                {grouped[t.value].length === 0 ? (
                  <p className="rounded-xl border border-dashed bg-card py-10 text-center text-sm text-muted-foreground">
                    {EMPTY_CATEGORY_MESSAGE}
                  </p>
                ) : (
                  <ul className="grid grid-cols-1 gap-3">
                    {grouped[t.value].map((result) => (
                      <li key={result.id}>
                        <ResultCard result={result} onSendDmca={onSendDmca} />
                      </li>
                    ))}
                  </ul>
                )}
              </TabsContent>
            ))}
          </Tabs>
        )
      )}
    </section>
  );
}
