import { AlertTriangle, Download, ExternalLink, Eye, FileText, Loader2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { contract } from '@shared/contract';
import type { DmcaCase } from '@shared/schemas/cases';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { toast } from '@/components/ui/use-toast';
import { api, apiErrorMessage } from '@/lib/api-client';
import { dmcaEngineLabel } from '@/lib/submissions/submission-rules';
import { invalidateCases } from '@/lib/submissions/api/get-cases';
import { cn } from '@/lib/utils';
import { submissionInProgress, submissionStatusText } from '@/lib/submissions/submission-status';
import { GENERATION_FAILED, downloadNoticePdf, generateNoticeAndOpenPortal } from '../api/generate-notice';
import { canGenerateForm, caseStatusBadge, caseUrls, type StatusTone } from '../utils/case-status';

const TONE_CLASSES: Record<StatusTone, string> = {
  pending: 'border-transparent bg-amber-100 text-amber-900',
  sent: 'border-transparent bg-blue-100 text-blue-900',
  resolved: 'border-transparent bg-emerald-100 text-emerald-900',
  reappeared: 'border-transparent bg-red-100 text-red-900',
  default: '',
};

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A date-time as the creator's locale writes it; the raw text when it is not a date. */
function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}

/**
 * One case of the cases page (PRODUCT.md section 2): status badge, case number, host, description, infringing and
 * original URLs, search engine, created date; View, Download and, for pending cases, Generate Form. A case flagged
 * for escalation says so and why.
 */
export function CaseCard({ dmcaCase, selection }: { dmcaCase: DmcaCase; /** The cases list's bulk selection (issue 26). */ selection?: { checked: boolean; onChange: (checked: boolean) => void } }) {
  const titleId = useId();
  const [busy, setBusy] = useState<'download' | 'generate' | null>(null);
  const badge = caseStatusBadge(dmcaCase.status);
  const urls = caseUrls(dmcaCase.infringingUrl);

  /** One-click re-submission of a reappeared copy (the automated submission, under the plan's allowances). */
  const resubmit = async () => {
    setBusy('generate');
    try {
      await api(contract.submitAutomated, { params: { id: dmcaCase.id } });
      toast({ title: 'Notice sent again', description: 'Vigil will check the copy again after the host has had time to act.' });
      await invalidateCases();
    } catch (err) {
      toast({ variant: 'destructive', title: 'Not sent', description: apiErrorMessage(err, 'Please try again.') });
    } finally {
      setBusy(null);
    }
  };

  const run = async (kind: 'download' | 'generate') => {
    setBusy(kind);
    try {
      if (kind === 'download') await downloadNoticePdf(dmcaCase.id);
      else await generateNoticeAndOpenPortal(dmcaCase.id, dmcaCase.searchEngine);
    } catch (error) {
      toast({ variant: 'destructive', ...GENERATION_FAILED, description: apiErrorMessage(error, GENERATION_FAILED.description) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <article aria-labelledby={titleId} className="grid gap-4 rounded-xl border bg-card p-5 shadow-xs">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <div className="flex flex-wrap items-center gap-2">
            {selection && (
              <Checkbox checked={selection.checked} onCheckedChange={(on) => selection.onChange(on === true)} aria-label={`Select case ${dmcaCase.caseNumber}`} />
            )}
            <Badge variant={badge.tone === 'default' ? 'default' : 'outline'} className={cn(TONE_CLASSES[badge.tone])} data-status={dmcaCase.status}>
              {badge.label}
            </Badge>
            <span className="font-mono text-sm text-muted-foreground">{dmcaCase.caseNumber}</span>
            {dmcaCase.escalation?.flagged && (
              <Badge variant="destructive">
                <AlertTriangle aria-hidden="true" />
                Escalation needed
              </Badge>
            )}
          </div>
          <h2 id={titleId} className="text-lg font-semibold leading-tight">
            {dmcaCase.host}
          </h2>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline" size="sm">
            <Link to={`/dmca/${encodeURIComponent(dmcaCase.id)}`} aria-label={`View case ${dmcaCase.caseNumber}`}>
              <Eye aria-hidden="true" />
              View
            </Link>
          </Button>
          <Button variant="outline" size="sm" disabled={busy !== null} onClick={() => void run('download')} aria-label={`Download case ${dmcaCase.caseNumber}`}>
            {busy === 'download' ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Download aria-hidden="true" />}
            Download
          </Button>
          {canGenerateForm(dmcaCase.status) && (
            <Button size="sm" disabled={busy !== null} onClick={() => void run('generate')} aria-label={`Generate form for case ${dmcaCase.caseNumber}`}>
              {busy === 'generate' ? <Loader2 className="animate-spin" aria-hidden="true" /> : <FileText aria-hidden="true" />}
              {busy === 'generate' ? 'Generating...' : 'Generate Form'}
            </Button>
          )}
        </div>
      </div>

      {dmcaCase.description && <p className="text-sm text-muted-foreground">{dmcaCase.description}</p>}

      {dmcaCase.escalation?.flagged && (
        <p className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            {dmcaCase.escalation.reason} <span className="text-red-800/80">(checked {formatDate(dmcaCase.escalation.checkedAt)})</span>
          </span>
        </p>
      )}

      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        <div className="grid min-w-0 gap-1 sm:col-span-2">
          <dt className="font-medium">Infringing URL{urls.length === 1 ? '' : 's'}</dt>
          <dd className="grid min-w-0 gap-0.5">
            {urls.map((url) => (
              <ExternalUrl key={url} url={url} />
            ))}
          </dd>
        </div>
        <div className="grid min-w-0 gap-1 sm:col-span-2">
          <dt className="font-medium">Original URL</dt>
          <dd className="min-w-0">
            <ExternalUrl url={dmcaCase.originalUrl} />
          </dd>
        </div>
        <div className="grid gap-1">
          <dt className="font-medium">Search engine</dt>
          <dd className="text-muted-foreground">{dmcaEngineLabel(dmcaCase.searchEngine)}</dd>
        </div>
        <div className="grid gap-1">
          <dt className="font-medium">Created</dt>
          <dd className="text-muted-foreground">
            <time dateTime={dmcaCase.createdAt}>{formatDate(dmcaCase.createdAt)}</time>
          </dd>
        </div>
        {dmcaCase.submission && submissionInProgress(dmcaCase.submission) && !dmcaCase.submission.recipient && (
          <div className="grid gap-1 sm:col-span-2">
            <dt className="font-medium">Automated notice</dt>
            <dd className="text-muted-foreground" role="status">
              {submissionStatusText(dmcaCase.submission)}
            </dd>
          </div>
        )}
        {dmcaCase.submission?.recipient && (
          <div className="grid gap-1 sm:col-span-2">
            <dt className="font-medium">Automated notice</dt>
            <dd className="text-muted-foreground">
              Sent to {dmcaCase.submission.recipient}
              {dmcaCase.sentAt && <> on {formatDate(dmcaCase.sentAt)}</>}
              {dmcaCase.resolvedAt && <>; removal confirmed {formatDate(dmcaCase.resolvedAt)}</>}
            </dd>
          </div>
        )}
        {dmcaCase.statusHistory.length > 1 && (
          <div className="grid gap-1 sm:col-span-2">
            <dt className="font-medium">History</dt>
            <dd className="text-muted-foreground">
              <ol aria-label="Case history" className="flex flex-wrap gap-x-4 gap-y-1">
                {dmcaCase.statusHistory.map((h) => (
                  <li key={`${h.status}-${h.at}`}>
                    {caseStatusBadge(h.status).label} <time dateTime={h.at}>{formatDate(h.at)}</time>
                  </li>
                ))}
              </ol>
            </dd>
          </div>
        )}
        {dmcaCase.status === 'reappeared' && (
          <div className="grid gap-2 sm:col-span-2" role="status">
            <dt className="font-medium text-destructive">The copy is back online</dt>
            <dd className="flex flex-wrap items-center gap-3 text-muted-foreground">
              A monitor found it again{dmcaCase.reappearedAt && <> on {formatDate(dmcaCase.reappearedAt)}</>}.
              <Button size="sm" disabled={busy !== null} onClick={() => void resubmit()}>
                Submit again
              </Button>
            </dd>
          </div>
        )}
      </dl>
    </article>
  );
}

/** A URL opening in a new tab, cut short with an ellipsis when long. */
function ExternalUrl({ url }: { url: string }) {
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className="flex min-w-0 items-center gap-1 text-primary hover:underline">
      <span className="truncate">{url}</span>
      <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}
