import { useVirtualizer } from '@tanstack/react-virtual';
import { ShieldAlert, ShieldCheck, X } from 'lucide-react';
import { useRef, useState, type MouseEvent } from 'react';
import { MAX_BULK_REVIEW, type ReviewStatus, type SearchResult } from '@shared/schemas/search';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { statusOf, toggleSelection } from '../lib/queue';
import type { useReviewSession } from '../lib/use-review-session';

type Session = ReturnType<typeof useReviewSession>;

const ROW_HEIGHT = 64;
const STATUS_TEXT = { unauthorized: 'Unauthorized', safe: 'Safe' } as const;

/**
 * Every result of the view as a list for bulk decisions: click a checkbox to select, shift-click to select
 * the range from the last click, then mark the selection in one request. Only the rows on screen are in
 * the page (virtualised), so a list of 500 scrolls smoothly.
 */
export function ListView({ list, session }: { list: SearchResult[]; session: Session }) {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [anchor, setAnchor] = useState<string | null>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const ids = list.map((r) => r.id);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualiser is meant to re-render; nothing here is memoised on it
  const virtualizer = useVirtualizer({ count: list.length, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_HEIGHT, overscan: 8 });
  const chosen = list.filter((r) => selected.has(r.id));

  const onToggle = (id: string, event: MouseEvent) => {
    setSelected((s) => toggleSelection(s, ids, id, anchor, event.shiftKey));
    setAnchor(id);
  };

  const markSelection = async (status: ReviewStatus) => {
    if (await session.decideSeveral(chosen, status)) setSelected(new Set());
  };

  return (
    <div className="grid gap-3">
      <div role="toolbar" aria-label="Bulk actions" className="flex flex-wrap items-center gap-2">
        <p className="mr-auto text-sm" aria-live="polite" data-testid="selection-count">
          {chosen.length} selected
        </p>
        <Button variant="outline" size="sm" onClick={() => setSelected(new Set(ids.slice(0, MAX_BULK_REVIEW)))} disabled={!list.length}>
          Select all{list.length > MAX_BULK_REVIEW ? ` (first ${MAX_BULK_REVIEW})` : ''}
        </Button>
        <Button variant="outline" size="sm" onClick={() => setSelected(new Set())} disabled={!chosen.length}>
          <X aria-hidden="true" /> Clear
        </Button>
        <Button size="sm" variant="outline" className="border-red-300 text-red-800" disabled={!chosen.length} onClick={() => void markSelection('unauthorized')}>
          <ShieldAlert aria-hidden="true" /> Mark selected unauthorized
        </Button>
        <Button size="sm" variant="outline" className="border-emerald-300 text-emerald-800" disabled={!chosen.length} onClick={() => void markSelection('safe')}>
          <ShieldCheck aria-hidden="true" /> Mark selected safe
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">Tip: shift-click a second checkbox to select every result in between.</p>
      <div ref={scrollRef} className="h-[min(70vh,40rem)] overflow-auto rounded-xl border bg-card" data-testid="review-list" tabIndex={0} role="region" aria-label="Results list">
        <ul role="list" className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((row) => {
            const r = list[row.index];
            const status = statusOf(r, session.overrides);
            const checkboxId = `select-${r.id}`;
            return (
              <li
                key={r.id}
                aria-setsize={list.length}
                aria-posinset={row.index + 1}
                className={cn('absolute left-0 flex w-full items-center gap-3 border-b px-3', selected.has(r.id) && 'bg-accent')}
                style={{ top: row.start, height: ROW_HEIGHT }}
              >
                <input
                  id={checkboxId}
                  type="checkbox"
                  className="size-4 shrink-0 accent-primary"
                  checked={selected.has(r.id)}
                  onClick={(e) => onToggle(r.id, e)}
                  onChange={() => undefined}
                />
                <label htmlFor={checkboxId} className="min-w-0 flex-1 cursor-pointer">
                  <span className="block truncate text-sm font-medium">{r.title || r.domain}</span>
                  <span className="block truncate text-xs text-muted-foreground">
                    {r.domain} · {r.platform} · {Math.round(r.confidence)}%
                  </span>
                </label>
                <span className={cn('shrink-0 text-xs font-medium', status === 'unauthorized' ? 'text-red-800' : status === 'safe' ? 'text-emerald-800' : 'text-muted-foreground')}>
                  {status ? STATUS_TEXT[status] : 'Undecided'}
                </span>
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}
