import { ListChecks, RefreshCw, SquareStack } from 'lucide-react';
import { startTransition, useMemo, useOptimistic } from 'react';
import { useSearchParams } from 'react-router';
import type { UserStats } from '@shared/schemas/search';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { PageSpinner } from '@/components/ui/spinner';
import { useUserStats } from '@/lib/results/get-user-stats';
import { cn } from '@/lib/utils';
import { useQueueResults } from '../api/review-api';
import { MIN_CONFIDENCES, SORTS, SORT_LABELS, distinct, readView, selectResults, writeView, type QueueView } from '../lib/queue';
import { useReviewSession } from '../lib/use-review-session';
import { ListView } from './list-view';
import { QueueView as Queue } from './queue-view';

const STATS: { key: keyof UserStats; label: string }[] = [
  { key: 'pendingReview', label: 'Pending' },
  { key: 'activeViolations', label: 'Active violations' },
  { key: 'dmcaSent', label: 'DMCA sent' },
  { key: 'resolvedCases', label: 'Resolved' },
];

const selectClass = 'h-9 rounded-md border border-input bg-background px-2 text-sm focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50';

/** The review queue (`/review`): one result at a time by keyboard, or the list for bulk decisions. */
export function ReviewPage() {
  const [params, setParams] = useSearchParams();
  // The address is the source of truth, but React Router commits it in a transition; the optimistic copy
  // shows a changed filter at once, so a checkbox or select never snaps back while the list re-filters.
  const [view, showView] = useOptimistic(readView(params));
  const results = useQueueResults();
  const stats = useUserStats();
  const session = useReviewSession();
  const all = useMemo(() => results.data ?? [], [results.data]);
  const list = useMemo(() => selectResults(all, view), [all, view.sort, view.minConfidence, view.host, view.platform, view.newOnly, view.undecidedOnly]); // eslint-disable-line react-hooks/exhaustive-deps -- the view's fields, not its identity

  const update = (change: Partial<QueueView>) =>
    startTransition(() => {
      const next = { ...view, ...change };
      showView(next);
      setParams(writeView(next), { replace: true });
    });

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
      <title>Review queue · Vigil</title>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Review queue</h1>
          <p className="mt-1 text-muted-foreground">Decide each copy: yours to take down, or safe to leave.</p>
        </div>
        <div role="group" aria-label="Layout" className="inline-flex rounded-lg border bg-background p-0.5 text-sm">
          {(
            [
              ['queue', 'One by one', SquareStack],
              ['list', 'List', ListChecks],
            ] as const
          ).map(([mode, label, Icon]) => (
            <button
              key={mode}
              type="button"
              aria-pressed={view.mode === mode}
              onClick={() => update({ mode })}
              className={cn('flex items-center gap-1.5 rounded-md px-3 py-1 font-medium', view.mode === mode ? 'bg-primary text-primary-foreground' : 'text-foreground')}
            >
              <Icon className="size-4" aria-hidden="true" />
              {label}
            </button>
          ))}
        </div>
      </div>

      <ul aria-label="Summary" className="mb-4 grid grid-cols-2 gap-2 sm:grid-cols-4">
        {STATS.map(({ key, label }) => (
          <li key={key} className="rounded-lg border bg-card px-3 py-2">
            <p className="text-xs text-muted-foreground">{label}</p>
            <p className="text-xl font-semibold tabular-nums" data-testid={`stat-${key}`}>
              {stats.data ? stats.data[key] : '…'}
            </p>
          </li>
        ))}
      </ul>

      <form aria-label="Filters" className="mb-4 flex flex-wrap items-end gap-3" onSubmit={(e) => e.preventDefault()}>
        <div className="grid gap-1">
          <Label htmlFor="review-sort">Sort</Label>
          <select id="review-sort" className={selectClass} value={view.sort} onChange={(e) => update({ sort: e.target.value as QueueView['sort'] })}>
            {SORTS.map((s) => (
              <option key={s} value={s}>
                {SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1">
          <Label htmlFor="review-min">Confidence</Label>
          <select id="review-min" className={selectClass} value={view.minConfidence} onChange={(e) => update({ minConfidence: Number(e.target.value) })}>
            {MIN_CONFIDENCES.map((m) => (
              <option key={m} value={m}>
                {m ? `${m}% or more` : 'Any'}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1">
          <Label htmlFor="review-host">Host</Label>
          <select id="review-host" className={selectClass} value={view.host} onChange={(e) => update({ host: e.target.value })}>
            <option value="">All hosts</option>
            {distinct(all, 'domain').map((d) => (
              <option key={d}>{d}</option>
            ))}
          </select>
        </div>
        <div className="grid gap-1">
          <Label htmlFor="review-platform">Platform</Label>
          <select id="review-platform" className={selectClass} value={view.platform} onChange={(e) => update({ platform: e.target.value })}>
            <option value="">All platforms</option>
            {distinct(all, 'platform').map((p) => (
              <option key={p}>{p}</option>
            ))}
          </select>
        </div>
        <label className="flex h-9 items-center gap-2 text-sm">
          <input type="checkbox" className="size-4 accent-primary" checked={view.newOnly} onChange={(e) => update({ newOnly: e.target.checked })} />
          New only
        </label>
        <label className="flex h-9 items-center gap-2 text-sm">
          <input type="checkbox" className="size-4 accent-primary" checked={view.undecidedOnly} onChange={(e) => update({ undecidedOnly: e.target.checked })} />
          Undecided only
        </label>
      </form>

      <p className="sr-only" aria-live="polite" data-testid="review-announcement">
        {session.announce}
      </p>

      {results.isLoading ? (
        <PageSpinner label="Loading your results" />
      ) : results.error ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-3 py-6 text-center">
            <p role="alert" className="text-sm text-destructive">
              Failed to load your results. Please try again.
            </p>
            <Button variant="outline" size="sm" onClick={() => void results.mutate()}>
              <RefreshCw aria-hidden="true" /> Try again
            </Button>
          </CardContent>
        </Card>
      ) : view.mode === 'list' ? (
        <ListView list={list} session={session} />
      ) : (
        <Queue list={list} all={all} session={session} />
      )}
    </div>
  );
}
