import { CheckCircle2, ExternalLink, FileImage, FileVideo, Globe, Send, ShieldAlert, ShieldCheck } from 'lucide-react';
import { useId, useState } from 'react';
import type { ReviewStatus, SearchResult } from '@shared/schemas/search';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { apiErrorMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { useReviewResult } from '../api/review-result';
import { ConfidenceBadge } from './confidence-badge';
import { FoundVia } from '@/lib/results/found-via';
import { clipTime, matchEvidenceText, regionText } from './match-evidence';
import { reviewActions } from './review-logic';

const KIND_ICONS = { web: Globe, images: FileImage, videos: FileVideo } as const;

const PRIORITY_CLASSES = {
  high: 'border-red-200 bg-red-50 text-red-700',
  medium: 'border-amber-200 bg-amber-50 text-amber-800',
  low: 'border-border bg-background text-muted-foreground',
} as const;

interface ResultCardProps {
  result: SearchResult;
  /** 'Send DMCA' on an unauthorized result: the dashboard moves to the protect step. */
  onSendDmca: (result: SearchResult) => void;
}

/**
 * One search result under review (PRODUCT.md section 2): title, domain, url, preview, confidence and priority;
 * 'Mark as Unauthorized' and 'Mark as Safe' until it is marked, then 'Send DMCA' for unauthorized results.
 */
export function ResultCard({ result, onSendDmca }: ResultCardProps) {
  const titleId = useId();
  const review = useReviewResult();
  const [pending, setPending] = useState<ReviewStatus | null>(null);
  const [previewFailed, setPreviewFailed] = useState(false);
  const { canMark, canSendDmca } = reviewActions(result.userReviewStatus);
  const Icon = KIND_ICONS[result.contentType];
  const decided = matchEvidenceText(result.evidence);
  const where = regionText(result.evidence);

  const mark = async (status: ReviewStatus) => {
    setPending(status);
    try {
      await review.trigger({ id: result.id, status });
      toast({ title: 'Review Updated', description: 'Search result review status has been saved.' });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Update Failed', description: apiErrorMessage(error, 'Failed to update review status. Please try again.') });
    } finally {
      setPending(null);
    }
  };

  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        'flex gap-3 rounded-xl border bg-card p-3 shadow-xs sm:gap-4 sm:p-4',
        result.userReviewStatus === 'unauthorized' && 'border-red-200',
        result.userReviewStatus === 'safe' && 'border-emerald-200',
      )}
    >
      <div className="flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-muted sm:size-28">
        {result.previewUrl && !previewFailed ? (
          <img
            src={result.previewUrl}
            alt={`Preview of ${result.title}`}
            loading="lazy"
            referrerPolicy="no-referrer"
            className="size-full object-cover"
            onError={() => setPreviewFailed(true)}
          />
        ) : (
          <Icon className="size-8 text-muted-foreground" aria-hidden="true" />
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h3 id={titleId} className="line-clamp-2 font-semibold leading-snug">
              {result.title || result.domain}
            </h3>
            <p className="text-sm text-muted-foreground">
              {result.domain}
              {result.platform && result.platform !== result.domain && <> · {result.platform}</>}
              {result.instances > 1 && <> · {result.instances} copies</>}
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-1.5">
            <ConfidenceBadge confidence={result.confidence} />
            {result.isNew && <Badge>New</Badge>}
            <Badge variant="outline" className={PRIORITY_CLASSES[result.priority]}>
              {result.priority.toUpperCase()} PRIORITY
            </Badge>
          </div>
        </div>
        <a
          href={result.url}
          target="_blank"
          rel="noopener noreferrer"
          className="flex min-w-0 items-center gap-1 text-sm text-primary hover:underline"
        >
          <span className="truncate">{result.url}</span>
          <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
        <FoundVia via={result.evidence.via} />
        {decided && (
          <p className="text-xs text-muted-foreground" data-testid="match-evidence">
            {decided}
            {where && <>, {where}</>}
          </p>
        )}
        {result.evidence.video && <FramePair result={result} />}
        {result.description && <p className="line-clamp-2 text-sm text-muted-foreground">{result.description}</p>}
        <div className="mt-auto flex flex-wrap items-center gap-2 pt-1">
          {result.userReviewStatus === 'unauthorized' && (
            <Badge variant="destructive">
              <ShieldAlert aria-hidden="true" />
              Unauthorized
            </Badge>
          )}
          {result.userReviewStatus === 'safe' && (
            <Badge className="border-transparent bg-emerald-600 text-white">
              <CheckCircle2 aria-hidden="true" />
              Safe
            </Badge>
          )}
          {canMark && (
            <>
              <Button
                size="sm"
                variant="outline"
                className="border-red-200 text-red-700 hover:bg-red-50 hover:text-red-800"
                disabled={pending !== null} onClick={() => void mark('unauthorized')}>
                <ShieldAlert aria-hidden="true" />
                Mark as Unauthorized
              </Button>
              <Button size="sm" variant="outline" disabled={pending !== null} onClick={() => void mark('safe')}>
                <ShieldCheck aria-hidden="true" />
                Mark as Safe
              </Button>
            </>
          )}
          {canSendDmca && (
            <Button size="sm" onClick={() => onSendDmca(result)}>
              <Send aria-hidden="true" />
              Send DMCA
            </Button>
          )}
        </div>
      </div>
    </article>
  );
}

/** A matched video's reference frame and found frame side by side, with their times in each clip. */
function FramePair({ result }: { result: SearchResult }) {
  const e = result.evidence;
  const v = e.video!;
  const referenceSrc = v.referenceFrameUrl ?? e.matchedReferenceUrl;
  const frames: [string, string | undefined, string][] = [
    ['Your reference', referenceSrc, v.referenceSeconds !== undefined ? `at ${clipTime(v.referenceSeconds)}` : 'picture'],
    ['Found copy', e.matchedImageUrl, `at ${clipTime(v.foundSeconds)}`],
  ];
  return (
    <div className="flex gap-2" data-testid="video-frame-pair">
      {frames.map(([label, src, when]) => (
        <figure key={label} className="grid gap-0.5">
          {src ? <img src={src} alt={`${label}, frame ${when}`} loading="lazy" referrerPolicy="no-referrer" className="h-14 w-24 rounded bg-muted object-cover" /> : <div className="h-14 w-24 rounded bg-muted" aria-hidden="true" />}
          <figcaption className="text-xs text-muted-foreground">
            {label}, {when}
          </figcaption>
        </figure>
      ))}
    </div>
  );
}
