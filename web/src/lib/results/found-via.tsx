import { Radio } from 'lucide-react';
import { sourceLabel, type ResultVia } from '@shared/schemas/sources';

/** When a post was published, in the reader's locale (`28 Nov 2026, 10:04`). */
export function postedAtText(iso?: string): string | undefined {
  if (!iso || Number.isNaN(Date.parse(iso))) return undefined;
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * Where a result came from when a source (not a search engine) returned it (issue 25): the source's kind and
 * name, the post's link and when it was posted. Shown on the results, review and case screens.
 */
export function FoundVia({ via, className }: { via?: ResultVia; className?: string }) {
  if (!via) return null;
  const posted = postedAtText(via.postedAt);
  return (
    <p className={`flex flex-wrap items-center gap-x-1.5 text-xs text-muted-foreground ${className ?? ''}`} data-testid="found-via">
      <Radio className="size-3.5 shrink-0" aria-hidden="true" />
      <span>Found in {sourceLabel(via)}</span>
      {posted && <span>· posted {posted}</span>}
      <span>
        ·{' '}
        <a href={via.postUrl} target="_blank" rel="noopener noreferrer" className="underline underline-offset-2">
          the post
        </a>
      </span>
    </p>
  );
}
