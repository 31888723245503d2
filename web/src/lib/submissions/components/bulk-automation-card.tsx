import { ExternalLink, Loader2, RefreshCw, Send, Zap } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { DEFAULT_AUTO_SUBMIT_THRESHOLD, planRule } from '@shared/plans';
import { showPlanLimit } from '@/lib/plan-limit';
import { DMCA_MESSAGES, isHttpUrl, type BulkSubmitResponse } from '@shared/schemas/cases';
import type { SearchResult } from '@shared/schemas/search';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { apiErrorMessage } from '@/lib/api-client';
import { usePlan } from '@/lib/billing/get-subscription';
import { useUserResults } from '@/lib/results/get-user-results';
import {
  BULK_FAILED_FALLBACK,
  BULK_FAILED_TITLE,
  BULK_REQUEST_FAILED,
  BULK_SUCCESS_TITLE,
  ORIGINAL_URL_PLACEHOLDER,
  allowedPlatforms,
  bulkEligible,
  bulkReason,
  bulkLimitText,
  bulkSelectionProblem,
  bulkSuccessDescription,
  defaultPlatforms,
  platformOptions,
} from '../submission-rules';
import { bulkItemProgress, useBulkSubmit, type BulkItemProgress } from '../api/bulk-submit';
import { useBulkCases } from '../api/get-cases';
import { submissionStatusText } from '../submission-status';

interface BulkAutomationCardProps {
  /** A violation to tick at first (the one whose 'Send DMCA' opened the protect step). */
  preselectedId?: string;
}

/**
 * The bulk DMCA automation card of the protect step (PRODUCT.md sections 2, 5, 6 and 8): the eligible violations with
 * checkboxes, the platforms of the plan, and one submit that checks the selection against the plan first.
 */
export function BulkAutomationCard({ preselectedId }: BulkAutomationCardProps) {
  const headingId = useId();
  const { plan } = usePlan();
  const rule = planRule(plan);
  const results = useUserResults();
  const eligible = useMemo(() => bulkEligible(results.data ?? []), [results.data]);
  // Results the creator marked unauthorized that the rule leaves out, each with the server's reason.
  const notOffered = useMemo(
    () =>
      (results.data ?? []).flatMap((r) => {
        const reason = r.userReviewStatus === 'unauthorized' ? bulkReason(r) : undefined;
        return reason ? [{ id: r.id, title: r.title || r.domain, reason }] : [];
      }),
    [results.data],
  );
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set(preselectedId ? [preselectedId] : []));
  const [ticked, setTicked] = useState<string[]>(() => defaultPlatforms(plan));
  const [outcome, setOutcome] = useState<BulkSubmitResponse | null>(null);
  const [originalUrl, setOriginalUrl] = useState('');
  const [originalUrlError, setOriginalUrlError] = useState<string | null>(null);
  const submit = useBulkSubmit();

  // Only ids still offered count (a result may have left the list since it was ticked), and only platforms the
  // current plan allows (the plan may have changed since the boxes were ticked).
  const selectedIds = eligible.filter((r) => selected.has(r.id)).map((r) => r.id);
  const platforms = allowedPlatforms(plan, ticked);
  const titles = new Map(eligible.map((r) => [r.id, r.title || r.domain]));

  const toggle = (id: string, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const onSubmit = async () => {
    const problem = bulkSelectionProblem(plan, selectedIds.length);
    if (problem) {
      toast({ variant: 'destructive', ...problem });
      return;
    }
    const original = originalUrl.trim();
    if (original && !isHttpUrl(original)) {
      setOriginalUrlError(DMCA_MESSAGES.originalUrl);
      return;
    }
    setOriginalUrlError(null);
    try {
      const answer = await submit.trigger({
        body: {
          searchResultIds: selectedIds,
          platforms,
          autoSubmitThreshold: DEFAULT_AUTO_SUBMIT_THRESHOLD,
          // Without it the server reuses the original URL of the creator's latest case.
          ...(original ? { originalUrl: original } : {}),
        },
        idempotencyKey: crypto.randomUUID(),
      });
      setOutcome(answer);
      if (answer.success) {
        toast({ title: BULK_SUCCESS_TITLE, description: bulkSuccessDescription(answer.processedViolations, answer.successfulSubmissions) });
        setSelected(new Set());
      } else {
        toast({ variant: 'destructive', title: BULK_FAILED_TITLE, description: answer.error || BULK_FAILED_FALLBACK });
      }
    } catch (error) {
      if (!showPlanLimit(error)) toast({ variant: 'destructive', title: BULK_FAILED_TITLE, description: apiErrorMessage(error, BULK_REQUEST_FAILED) });
    }
  };

  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle id={headingId} className="flex items-center gap-2">
          <Zap className="size-5 text-primary" aria-hidden="true" />
          Bulk DMCA Automation
        </CardTitle>
        <CardDescription>
          Send takedown requests for your strongest violations in one go. Your {rule.name} plan allows {bulkLimitText(plan)}.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <ViolationList
          results={eligible}
          loading={results.isLoading}
          failed={!!results.error}
          onRetry={() => void results.mutate()}
          selected={selected}
          onToggle={toggle}
          onSelectAll={() => setSelected(new Set(eligible.map((r) => r.id)))}
          onClear={() => setSelected(new Set())}
        />
        {notOffered.length > 0 && (
          <details className="rounded-lg border px-3 py-2 text-sm">
            <summary className="cursor-pointer font-medium">Why some unauthorized results are not listed ({notOffered.length})</summary>
            <ul className="mt-2 grid gap-1 text-muted-foreground">
              {notOffered.map((r) => (
                <li key={r.id}>
                  <span className="font-medium text-foreground">{r.title}</span>: {r.reason}
                </li>
              ))}
            </ul>
          </details>
        )}

        <div className="grid gap-2">
          <Label htmlFor={`${headingId}-original`}>
            Original URL <span className="font-normal text-muted-foreground">(optional once you have a case)</span>
          </Label>
          <Input
            id={`${headingId}-original`}
            type="url"
            inputMode="url"
            value={originalUrl}
            placeholder={ORIGINAL_URL_PLACEHOLDER}
            aria-invalid={originalUrlError ? true : undefined}
            aria-describedby={`${headingId}-original-help${originalUrlError ? ` ${headingId}-original-error` : ''}`}
            onChange={(e) => setOriginalUrl(e.target.value)}
          />
          <p id={`${headingId}-original-help`} className="text-xs text-muted-foreground">
            Where your authorized original is published. Left empty, the one from your latest case is used.
          </p>
          {originalUrlError && (
            <p id={`${headingId}-original-error`} className="text-sm text-destructive">
              {originalUrlError}
            </p>
          )}
        </div>

        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">Submit to</legend>
          {platformOptions(plan).map((option) => {
            const id = `${headingId}-platform-${option.platform}`;
            return (
              <div key={option.platform} className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <Checkbox
                  id={id}
                  checked={option.available && platforms.includes(option.platform)}
                  disabled={!option.available}
                  aria-describedby={option.hint ? `${id}-hint` : undefined}
                  onCheckedChange={(on) =>
                    setTicked((prev) => (on === true ? [...prev, option.platform] : prev.filter((p) => p !== option.platform)))
                  }
                />
                <Label htmlFor={id} className="font-normal">
                  {option.label}
                </Label>
                {option.hint && (
                  <span id={`${id}-hint`} className="text-xs text-muted-foreground">
                    {option.hint}.{' '}
                    <Link to="/account" className="text-primary underline-offset-4 hover:underline">
                      Upgrade
                    </Link>
                  </span>
                )}
              </div>
            );
          })}
          {platforms.length === 0 && <p className="text-xs text-muted-foreground">Select at least one platform to submit.</p>}
        </fieldset>

        {outcome && <SubmissionOutcome key={outcome.executionId ?? 'none'} outcome={outcome} titles={titles} />}
      </CardContent>
      <CardFooter className="flex-wrap gap-3">
        <Button onClick={() => void onSubmit()} disabled={platforms.length === 0 || submit.isMutating}>
          {submit.isMutating ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
          {submit.isMutating ? 'Submitting...' : 'Submit Automated DMCA Requests'}
        </Button>
        <span className="text-sm text-muted-foreground" aria-live="polite">
          {selectedIds.length} selected
        </span>
      </CardFooter>
    </Card>
  );
}

interface ViolationListProps {
  results: SearchResult[];
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  selected: ReadonlySet<string>;
  onToggle: (id: string, on: boolean) => void;
  onSelectAll: () => void;
  onClear: () => void;
}

/** The eligible violations with a checkbox each, Select All and Clear All, in a list of capped height. */
function ViolationList({ results, loading, failed, onRetry, selected, onToggle, onSelectAll, onClear }: ViolationListProps) {
  const listId = useId();
  if (loading) {
    return (
      <div className="flex justify-center py-6">
        <Spinner label="Loading violations" />
      </div>
    );
  }
  if (failed) {
    return (
      <div className="flex flex-col items-start gap-2">
        <p role="alert" className="text-sm text-destructive">
          Failed to load search results. Please try again.
        </p>
        <Button variant="outline" size="sm" onClick={onRetry}>
          <RefreshCw aria-hidden="true" />
          Try again
        </Button>
      </div>
    );
  }
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={listId} className="text-sm font-medium">
          Eligible violations <Badge variant="secondary">{results.length}</Badge>
        </h3>
        {results.length > 0 && (
          <div className="flex gap-1">
            <Button type="button" variant="ghost" size="sm" onClick={onSelectAll}>
              Select All
            </Button>
            <Button type="button" variant="ghost" size="sm" onClick={onClear}>
              Clear All
            </Button>
          </div>
        )}
      </div>
      {results.length === 0 ? (
        <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
          No violations qualify yet. Mark high-priority results with at least 70% confidence as unauthorized to submit them here.
        </p>
      ) : (
        <ul aria-labelledby={listId} className="grid max-h-72 gap-1 overflow-y-auto rounded-lg border p-1">
          {results.map((r) => {
            const id = `${listId}-${r.id}`;
            return (
              <li key={r.id} className="flex items-start gap-3 rounded-md px-2 py-2 hover:bg-muted/50">
                <Checkbox id={id} className="mt-0.5" checked={selected.has(r.id)} onCheckedChange={(on) => onToggle(r.id, on === true)} />
                <Label htmlFor={id} className="grid min-w-0 flex-1 gap-0.5 font-normal">
                  <span className="truncate font-medium">{r.title || r.domain}</span>
                  <span className="truncate text-xs text-muted-foreground">
                    {r.domain} · {Math.round(r.confidenceScore * 100)}% confidence
                  </span>
                </Label>
                <a
                  href={r.url.split(',')[0]?.trim()}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="shrink-0 p-0.5 text-muted-foreground hover:text-primary"
                  aria-label={`Open ${r.title || r.domain} in a new tab`}
                >
                  <ExternalLink className="size-4" aria-hidden="true" />
                </a>
              </li>
            );
          })}
        </ul>
      )}
      <p className="text-xs text-muted-foreground">
        Only violations you marked as unauthorized, with high priority and at least 70% confidence, can be submitted in bulk.
      </p>
    </div>
  );
}

const PROGRESS_CLASS: Record<BulkItemProgress, string> = {
  queued: 'text-muted-foreground',
  working: 'text-muted-foreground',
  sent: 'text-success',
  failed: 'text-destructive',
};

/**
 * What happened to each violation of the last submission: the accepted ones are sent by the bulk workflow after
 * the answer, so their cases are read again (BULK_POLL_MS) until each is sent or failed; the others show why
 * they were left out.
 */
function SubmissionOutcome({ outcome, titles }: { outcome: BulkSubmitResponse; titles: Map<string, string> }) {
  const accepted = outcome.items.filter((i) => i.accepted);
  const [watching, setWatching] = useState(accepted.length > 0);
  const cases = useBulkCases(watching);
  const byId = new Map((cases.data ?? []).map((c) => [c.id, c]));
  const progress = new Map(accepted.map((i) => [i.searchResultId, bulkItemProgress(i.caseId ? byId.get(i.caseId) : undefined)]));
  const done = [...progress.values()].filter((p) => p === 'sent' || p === 'failed').length;
  const sent = [...progress.values()].filter((p) => p === 'sent').length;
  const failed = [...progress.values()].filter((p) => p === 'failed').length;
  if (watching && cases.data && done === accepted.length) setWatching(false);
  if (outcome.items.length === 0) return null;
  return (
    <section aria-label="Last bulk submission" className="grid gap-2 rounded-lg border bg-muted/30 p-3">
      <h3 className="text-sm font-medium">
        Last submission: {outcome.successfulSubmissions} of {outcome.processedViolations} submitted
      </h3>
      {accepted.length > 0 && (
        <p className="flex items-center gap-2 text-sm text-muted-foreground" aria-live="polite">
          {watching && <Loader2 className="size-4 animate-spin" aria-hidden="true" />}
          {sent} of {accepted.length} sent{failed > 0 ? `, ${failed} failed` : ''}
          {watching ? '. Sending in the background: you can leave this page.' : '.'}
        </p>
      )}
      <ul className="grid gap-1 text-sm">
        {outcome.items.map((item) => {
          const c = item.caseId ? byId.get(item.caseId) : undefined;
          const state = progress.get(item.searchResultId);
          const caseName = `Case ${c?.caseNumber ?? item.caseNumber ?? ''}`.trim();
          return (
            <li key={item.searchResultId} className="flex flex-wrap items-baseline gap-x-2">
              <span className="truncate font-medium">{titles.get(item.searchResultId) ?? item.searchResultId}</span>
              {state ? (
                <span className={PROGRESS_CLASS[state]} data-progress={state}>
                  {state === 'queued'
                    ? `${c ? caseName : 'Case'} queued`
                    : `${caseName}: ${c?.submission ? submissionStatusText(c.submission) : 'created'}`}
                </span>
              ) : (
                <span className="text-muted-foreground">{item.reason ?? 'Not submitted'}</span>
              )}
            </li>
          );
        })}
      </ul>
      <Link to="/cases" className="w-fit text-sm text-primary underline-offset-4 hover:underline">
        View your cases
      </Link>
    </section>
  );
}
