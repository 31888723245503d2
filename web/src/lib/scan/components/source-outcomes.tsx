import { AlertTriangle } from 'lucide-react';
import type { SearchMetadata } from '@shared/schemas/search';
import { sourceLabel } from '@shared/schemas/sources';

/**
 * What each source of a scan did (issue 25): the sources read, and for each that failed or stopped early, why.
 * A failing source leaves the scan `partial`; this names it and its reason.
 */
export function SourceOutcomes({ sources }: { sources?: SearchMetadata['sources'] }) {
  if (!sources?.length) return null;
  const troubled = sources.filter((s) => !s.ok || s.reason);
  return (
    <div className="grid gap-1 text-sm" data-testid="source-outcomes">
      <p>
        <span className="text-muted-foreground">Sources read: </span>
        {sources.map((s) => `${sourceLabel(s)} (${s.ok ? `${s.candidates} found` : 'failed'})`).join(', ')}
      </p>
      {troubled.length > 0 && (
        <div role="status" className="flex gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-900">
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <ul className="grid gap-0.5">
            {troubled.map((s) => (
              <li key={`${s.kind}:${s.target}`}>
                {sourceLabel(s)} {s.ok ? 'stopped early' : 'could not be read'}: {s.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
