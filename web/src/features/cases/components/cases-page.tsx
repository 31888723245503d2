import { FileDown, FolderOpen, Loader2, RefreshCw, Search, Send } from 'lucide-react';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PageSpinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/components/ui/use-toast';
import { api, apiErrorMessage } from '@/lib/api-client';
import { invalidateCases } from '@/lib/submissions/api/get-cases';
import { contract } from '@shared/contract';
import { apiPath } from '@/lib/api-client';
import { CASE_OUTCOME_LABELS } from '@shared/schemas/cases';
import { CASE_LIST_OUTCOMES, CASE_LIST_TABS, MAX_CASE_SEARCH_LENGTH, type CaseListOutcome, type CaseListTab } from '@shared/schemas/case-list';
import { saveBlob } from '../api/generate-notice';
import { useCasePages, type CaseListFilters } from '../api/get-case-page';
import { submitAutomated } from '../api/submit-automated';
import { bulkSummary, type BulkOutcome } from '../utils/bulk-summary';
import { CaseCard } from './case-card';

/** Every case of the creator in the shape of Google's Trusted Copyright Removal Program bulk upload. */
const GOOGLE_EXPORT_PATH = apiPath(contract.exportGoogle);
/** The creator's protection report of the last 30 days, for people (PDF) and spreadsheets (CSV). */
const REPORT_PDF_PATH = apiPath(contract.userReport, { params: { id: 'me' }, query: { format: 'pdf' } });
const REPORT_CSV_PATH = apiPath(contract.userReport, { params: { id: 'me' }, query: { format: 'csv' } });

const TAB_LABELS: Record<CaseListTab, string> = { all: 'All', pending: 'Pending', sent: 'Sent', resolved: 'Resolved', reappeared: 'Reappeared' };
const OUTCOME_LABELS: Record<CaseListOutcome, string> = { open: 'Still open', ...CASE_OUTCOME_LABELS };
/** Statuses whose notice can be sent (again) from the list. */
const SENDABLE = new Set(['pending', 'reappeared']);

/** The list's filters, kept in the address (`/cases?status=sent&host=...`) so a filtered list can be linked to. */
function useFilters(): [CaseListFilters, (next: Partial<CaseListFilters>) => void] {
  const [params, setParams] = useSearchParams();
  const filters: CaseListFilters = {
    status: (CASE_LIST_TABS as readonly string[]).includes(params.get('status') ?? '') ? (params.get('status') as CaseListTab) : 'all',
    host: params.get('host') ?? '',
    outcome: (CASE_LIST_OUTCOMES as readonly string[]).includes(params.get('outcome') ?? '') ? (params.get('outcome') as CaseListOutcome) : '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    q: params.get('q') ?? '',
  };
  const set = (next: Partial<CaseListFilters>) => {
    const merged = { ...filters, ...next };
    const out = new URLSearchParams();
    for (const [k, v] of Object.entries(merged)) if (v && !(k === 'status' && v === 'all')) out.set(k, v);
    setParams(out, { replace: true });
  };
  return [filters, set];
}

/** Host, outcome, dates and the search box; applied together with the Filter button. */
function FilterBar({ filters, onApply }: { filters: CaseListFilters; onApply: (next: Partial<CaseListFilters>) => void }) {
  const id = useId();
  const [draft, setDraft] = useState(filters);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ host: draft.host, outcome: draft.outcome, from: draft.from, to: draft.to, q: draft.q });
  };
  const clear = () => {
    const empty = { host: '', outcome: '' as const, from: '', to: '', q: '' };
    setDraft({ ...draft, ...empty });
    onApply(empty);
  };
  return (
    <form onSubmit={submit} className="grid gap-3 rounded-xl border bg-card p-4 sm:grid-cols-2 lg:grid-cols-6" aria-label="Filter cases">
      <div className="grid gap-1.5 lg:col-span-2">
        <Label htmlFor={`${id}-q`}>Search</Label>
        <Input id={`${id}-q`} type="search" placeholder="URL or case number (VGL-...)" maxLength={MAX_CASE_SEARCH_LENGTH} value={draft.q} onChange={(e) => setDraft({ ...draft, q: e.target.value })} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-host`}>Host</Label>
        <Input id={`${id}-host`} placeholder="example.com" maxLength={253} value={draft.host} onChange={(e) => setDraft({ ...draft, host: e.target.value })} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-outcome`}>Outcome</Label>
        <select
          id={`${id}-outcome`}
          className="h-9 rounded-md border border-input bg-transparent px-3 text-sm shadow-xs"
          value={draft.outcome}
          onChange={(e) => setDraft({ ...draft, outcome: e.target.value as CaseListOutcome | '' })}
        >
          <option value="">Any outcome</option>
          {CASE_LIST_OUTCOMES.map((o) => (
            <option key={o} value={o}>
              {OUTCOME_LABELS[o]}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-from`}>Opened from</Label>
        <Input id={`${id}-from`} type="date" value={draft.from} max={draft.to || undefined} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-to`}>Opened until</Label>
        <Input id={`${id}-to`} type="date" value={draft.to} min={draft.from || undefined} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
      </div>
      <div className="flex gap-2 sm:col-span-2 lg:col-span-6">
        <Button type="submit" size="sm">
          <Search aria-hidden="true" />
          Filter
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={clear}>
          Clear filters
        </Button>
      </div>
    </form>
  );
}

/**
 * The DMCA Cases page (PRODUCT.md section 2; issue 26): status tabs, filters (host, dates, outcome), search by URL
 * or case number, pages of 25 loaded from the server by cursor, and bulk actions on the selected cases (send the
 * notices, export for Google) whose toast counts what succeeded and what failed.
 */
export function CasesPage() {
  const [filters, setFilters] = useFilters();
  const list = useCasePages(filters);
  // Per-tab counts under the other filters, from the first page (the server counts up to MAX_COUNTED_CASES).
  const counts = list.data?.[0]?.counts;
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [bulkBusy, setBulkBusy] = useState<'send' | 'export' | null>(null);
  const filtered = filters.host || filters.outcome || filters.from || filters.to || filters.q || filters.status !== 'all';
  const chosen = useMemo(() => list.cases.filter((c) => selected.has(c.id)), [list.cases, selected]);
  const allChosen = list.cases.length > 0 && chosen.length === list.cases.length;

  const applyFilters = (next: Partial<CaseListFilters>) => {
    setSelected(new Set());
    setFilters(next);
  };

  const toggle = (id: string, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const sendNotices = async () => {
    setBulkBusy('send');
    const outcomes: BulkOutcome[] = [];
    for (const c of chosen) {
      if (!SENDABLE.has(c.status)) {
        outcomes.push({ caseNumber: c.caseNumber, ok: false, reason: `it is ${c.status}, its notice went out already.` });
        continue;
      }
      try {
        const answer = await submitAutomated(c.id);
        outcomes.push({ caseNumber: c.caseNumber, ok: answer.success, reason: answer.error ?? undefined });
      } catch (err) {
        outcomes.push({ caseNumber: c.caseNumber, ok: false, reason: apiErrorMessage(err, 'refused.') });
      }
    }
    const summary = bulkSummary(outcomes, 'Notices sent', 'sent');
    toast({ variant: summary.failed ? 'destructive' : 'default', title: summary.title, description: summary.description });
    setSelected(new Set());
    setBulkBusy(null);
    await Promise.all([list.mutate(), invalidateCases()]);
  };

  const exportSelected = async () => {
    setBulkBusy('export');
    try {
      const file = (await api(contract.exportGoogleSelected, { body: { caseIds: chosen.map((c) => c.id) }, responseType: 'blob' })) as Blob;
      saveBlob(file, 'vigil-google-tcrp.txt');
      toast({ title: `Exported: ${chosen.length} of ${chosen.length}`, description: 'The file is in the format of Google’s bulk removal upload.' });
    } catch (err) {
      toast({ variant: 'destructive', title: `Exported: 0 of ${chosen.length}`, description: apiErrorMessage(err, 'The export could not be made.') });
    } finally {
      setBulkBusy(null);
    }
  };

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
      <title>DMCA Cases · Vigil</title>
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">DMCA Cases</h1>
          <p className="mt-1 text-muted-foreground">Every takedown notice you have prepared, and where it stands.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <a href={REPORT_PDF_PATH} download>
              <FileDown aria-hidden="true" />
              Report (PDF)
            </a>
          </Button>
          <Button asChild variant="outline">
            <a href={REPORT_CSV_PATH} download>
              <FileDown aria-hidden="true" />
              Report (CSV)
            </a>
          </Button>
          {list.cases.length > 0 && (
            <Button asChild variant="outline">
              {/* A plain download link: the server names the file (Google's trusted-submitter bulk upload format). */}
              <a href={GOOGLE_EXPORT_PATH} download>
                <FileDown aria-hidden="true" />
                Export for Google
              </a>
            </Button>
          )}
        </div>
      </div>

      <Tabs value={filters.status} onValueChange={(v) => applyFilters({ status: v as CaseListTab })}>
        <div className="mb-4 grid gap-4">
          <TabsList aria-label="Cases by status" className="flex-wrap">
            {CASE_LIST_TABS.map((t) => (
              <TabsTrigger key={t} value={t}>
                {TAB_LABELS[t]}
                {counts && ' '}
                {counts && (
                  <span className="rounded-full bg-muted px-1.5 text-xs font-normal tabular-nums text-muted-foreground" data-testid={`tab-count-${t}`}>
                    {counts[t].toLocaleString('en-US')}
                    {counts.capped ? '+' : ''}
                  </span>
                )}
              </TabsTrigger>
            ))}
          </TabsList>
          <FilterBar key={JSON.stringify(filters)} filters={filters} onApply={applyFilters} />
        </div>

        {/* The chosen tab's panel: the list below is what the tab shows (the tab's aria-controls names it). */}
        <TabsContent value={filters.status}>
          {list.cases.length > 0 && (
            <div className="sticky top-0 z-10 mb-4 flex flex-wrap items-center gap-3 rounded-xl border bg-background/95 px-4 py-2 text-sm backdrop-blur" aria-label="Bulk actions" role="toolbar">
              <label className="flex items-center gap-2">
                <Checkbox checked={allChosen} onCheckedChange={(on) => setSelected(on === true ? new Set(list.cases.map((c) => c.id)) : new Set())} aria-label="Select all loaded cases" />
                {chosen.length > 0 ? `${chosen.length} selected` : 'Select all'}
              </label>
              <Button size="sm" disabled={chosen.length === 0 || bulkBusy !== null} onClick={() => void sendNotices()}>
                {bulkBusy === 'send' ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
                Send notices
              </Button>
              <Button size="sm" variant="outline" disabled={chosen.length === 0 || bulkBusy !== null} onClick={() => void exportSelected()}>
                {bulkBusy === 'export' ? <Loader2 className="animate-spin" aria-hidden="true" /> : <FileDown aria-hidden="true" />}
                Export selected for Google
              </Button>
            </div>
          )}

          {list.isLoading ? (
            <PageSpinner label="Loading your cases" />
          ) : list.error ? (
            <Card>
              <CardContent className="flex flex-col items-center gap-3 py-6 text-center">
                <p role="alert" className="text-sm text-destructive">
                  {apiErrorMessage(list.error, 'Failed to load your DMCA cases. Please try again.')}
                </p>
                <Button variant="outline" size="sm" onClick={() => void list.mutate()}>
                  <RefreshCw aria-hidden="true" />
                  Try again
                </Button>
              </CardContent>
            </Card>
          ) : list.cases.length === 0 && filtered ? (
            <p className="rounded-xl border border-dashed py-10 text-center text-sm text-muted-foreground">No case matches these filters.</p>
          ) : list.cases.length === 0 ? (
            <Card>
              <CardContent className="flex flex-col items-center gap-4 py-12 text-center">
                <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
                  <FolderOpen className="size-6" aria-hidden="true" />
                </span>
                <div className="grid gap-1">
                  <h2 className="text-lg font-semibold">No DMCA cases yet</h2>
                  <p className="max-w-md text-sm text-muted-foreground">
                    Search for copies of your content, mark the unauthorized ones, and send a takedown notice to open a case.
                  </p>
                </div>
                <Button asChild>
                  <Link to="/search">
                    <Search aria-hidden="true" />
                    Start New Search
                  </Link>
                </Button>
              </CardContent>
            </Card>
          ) : (
            <>
              <ul className="grid gap-4" aria-label="DMCA cases">
                {list.cases.map((c) => (
                  <li key={c.id}>
                    <CaseCard dmcaCase={c} selection={{ checked: selected.has(c.id), onChange: (on) => toggle(c.id, on) }} />
                  </li>
                ))}
              </ul>
              {list.hasMore && (
                <div className="mt-6 flex justify-center">
                  <Button variant="outline" disabled={list.loadingMore} onClick={() => void list.loadMore()}>
                    {list.loadingMore && <Loader2 className="animate-spin" aria-hidden="true" />}
                    Load more cases
                  </Button>
                </div>
              )}
            </>
          )}
        </TabsContent>
      </Tabs>
    </div>
  );
}
