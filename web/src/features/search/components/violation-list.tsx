import { ExternalLink } from 'lucide-react';
import type { SearchResult } from '@shared/schemas/search';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FoundVia } from '@/lib/results/found-via';
import { RiskBadge } from './risk-badge';

/** The violations of a search, each with its risk badge and a button that opens it (PRODUCT.md section 2). */
export function ViolationList({ results }: { results: SearchResult[] }) {
  return (
    <ul aria-label="Violations" className="divide-y rounded-xl border bg-card">
      {results.map((r) => (
        <li key={r.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
          <div className="min-w-0 flex-1 space-y-1">
            <div className="flex flex-wrap items-center gap-2">
              <RiskBadge priority={r.priority} />
              {r.isNew && <Badge>New</Badge>}
              <span className="text-xs tabular-nums text-muted-foreground">{Math.round(r.confidence)}% confidence</span>
              <span className="text-xs capitalize text-muted-foreground">· {r.contentType}</span>
            </div>
            <p className="truncate font-medium">{r.title || r.domain}</p>
            <p className="truncate text-sm text-muted-foreground">
              {r.domain} · <span className="break-all">{r.url}</span>
            </p>
            <FoundVia via={r.evidence.via} />
          </div>
          <Button asChild variant="outline" size="sm" className="shrink-0 self-start sm:self-center">
            <a href={r.url} target="_blank" rel="noopener noreferrer" aria-label={`Open ${r.url} in a new tab`}>
              <ExternalLink aria-hidden="true" />
              Open
            </a>
          </Button>
        </li>
      ))}
    </ul>
  );
}
