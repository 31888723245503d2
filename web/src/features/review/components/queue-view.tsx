import { ChevronLeft, ChevronRight, CircleHelp, FileText, ShieldAlert, ShieldCheck, ShieldPlus, Undo2 } from 'lucide-react';
import { Link } from 'react-router';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import type { SearchResult } from '@shared/schemas/search';
import { nextAfterDecision, statusOf } from '../lib/queue';
import type { useReviewSession } from '../lib/use-review-session';
import { EvidencePanel } from './evidence-panel';

type Session = ReturnType<typeof useReviewSession>;

/** The queue's keys, each with the button that does the same. */
export const QUEUE_KEYS = [
  { key: 'U', action: 'Mark unauthorized' },
  { key: 'S', action: 'Mark safe' },
  { key: 'J', action: 'Next result' },
  { key: 'K', action: 'Previous result' },
  { key: 'A', action: "Allowlist this result's domain (asks first)" },
  { key: 'Z', action: 'Undo the last decision' },
  { key: '?', action: 'Show or hide these keys' },
] as const;

/** How far a finger must move sideways for a swipe to decide the result. */
const SWIPE_PX = 60;

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName));

function Kbd({ children }: { children: ReactNode }) {
  return <kbd className="kbd-hint rounded border bg-muted px-1.5 font-mono text-xs text-foreground">{children}</kbd>;
}

interface QueueViewProps {
  list: SearchResult[];
  all: SearchResult[];
  session: Session;
}

/** One result at a time, decided with the keyboard (or the buttons that mirror each key). */
export function QueueView({ list, all, session }: QueueViewProps) {
  const [index, setIndex] = useState(0);
  const [confirming, setConfirming] = useState(false);
  const [help, setHelp] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  // A horizontal swipe on the result decides it on a touch screen: left unauthorized, right safe.
  const swipeStart = useRef<{ x: number; y: number } | null>(null);
  const at = Math.min(index, Math.max(list.length - 1, 0));
  const current = list[at];
  const status = current ? statusOf(current, session.overrides) : null;

  const move = useCallback((by: number) => setIndex((i) => Math.max(0, Math.min(list.length - 1, Math.min(i, list.length - 1) + by))), [list.length]);

  const mark = useCallback(
    (s: 'unauthorized' | 'safe') => {
      if (!current) return;
      session.decideOne(current, s);
      setIndex(nextAfterDecision(list, at, new Map(session.overrides).set(current.id, s)));
    },
    [current, session, list, at],
  );

  const undo = useCallback(() => {
    const id = session.undo();
    const i = id ? list.findIndex((r) => r.id === id) : -1;
    if (i !== -1) setIndex(i);
  }, [session, list]);

  const confirmAllowlist = async () => {
    setConfirming(false);
    if (current) await session.allowlist(current.domain, all);
  };

  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      if (confirming) {
        if (event.key === 'Escape') setConfirming(false);
        return;
      }
      const handlers: Record<string, () => void> = {
        u: () => mark('unauthorized'),
        s: () => mark('safe'),
        j: () => move(1),
        k: () => move(-1),
        a: () => current && setConfirming(true),
        z: undo,
        '?': () => setHelp((h) => !h),
      };
      const run = handlers[event.key.toLowerCase()];
      if (run) {
        event.preventDefault();
        run();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [confirming, mark, move, undo, current]);

  if (!current) {
    return (
      <Card>
        <CardContent className="py-10 text-center text-sm text-muted-foreground">No results in this view. Change the filters or run a scan.</CardContent>
      </Card>
    );
  }

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <p aria-live="off" data-testid="queue-position">
          Result <span className="font-semibold tabular-nums">{at + 1}</span> of <span className="tabular-nums">{list.length}</span>
        </p>
        {status === 'unauthorized' && (
          <span className="flex items-center gap-2">
            <Badge variant="destructive">Unauthorized</Badge>
            <Button asChild size="sm">
              <Link to={`/dmca/new?resultId=${encodeURIComponent(current.id)}`}>
                <FileText aria-hidden="true" /> Open a case
              </Link>
            </Button>
          </span>
        )}
        {status === 'safe' && <Badge className="border-transparent bg-emerald-700 text-white">Safe</Badge>}
        {status === null && <Badge variant="outline">Undecided</Badge>}
      </div>

      <p className="touch-hint text-xs text-muted-foreground">Swipe the result left to mark it unauthorized, right to mark it safe.</p>
      <Card
        data-testid="queue-card"
        className="touch-pan-y"
        onPointerDown={(e) => {
          swipeStart.current = e.pointerType === 'mouse' ? null : { x: e.clientX, y: e.clientY };
        }}
        onPointerUp={(e) => {
          const start = swipeStart.current;
          swipeStart.current = null;
          if (!start) return;
          const dx = e.clientX - start.x;
          const dy = e.clientY - start.y;
          if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > 2 * Math.abs(dy)) mark(dx < 0 ? 'unauthorized' : 'safe');
        }}
        onPointerCancel={() => {
          swipeStart.current = null;
        }}
      >
        <CardContent className="pt-0">
          <EvidencePanel result={current} />
        </CardContent>
      </Card>

      {confirming && (
        <div role="alertdialog" aria-labelledby="allow-title" aria-describedby="allow-text" className="grid gap-3 rounded-xl border-2 border-primary bg-card p-4">
          <h2 id="allow-title" className="font-semibold">
            Allowlist {current.domain}?
          </h2>
          <p id="allow-text" className="text-sm text-muted-foreground">
            Future scans will skip this domain, and its undecided results here will be marked safe.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button ref={confirmRef} onClick={() => void confirmAllowlist()}>
              Allowlist {current.domain}
            </Button>
            <Button variant="outline" onClick={() => setConfirming(false)}>
              Cancel <Kbd>Esc</Kbd>
            </Button>
          </div>
        </div>
      )}

      {/* On a phone the decision bar sticks to the bottom of the screen, so each decision is one tap without scrolling. */}
      <div
        role="toolbar"
        aria-label="Review actions"
        data-testid="decision-bar"
        className="sticky bottom-0 z-20 -mx-4 flex flex-wrap gap-2 border-t bg-background/95 px-4 py-3 shadow-[0_-4px_12px_rgba(0,0,0,0.06)] backdrop-blur sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0 sm:shadow-none sm:backdrop-blur-none"
      >
        <Button variant="outline" className="flex-1 border-red-300 text-red-800 hover:bg-red-50 sm:flex-none" aria-keyshortcuts="U" onClick={() => mark('unauthorized')}>
          <ShieldAlert aria-hidden="true" /> Unauthorized <Kbd>U</Kbd>
        </Button>
        <Button variant="outline" className="flex-1 border-emerald-300 text-emerald-800 hover:bg-emerald-50 sm:flex-none" aria-keyshortcuts="S" onClick={() => mark('safe')}>
          <ShieldCheck aria-hidden="true" /> Safe <Kbd>S</Kbd>
        </Button>
        <Button variant="outline" aria-label="Previous" aria-keyshortcuts="K" onClick={() => move(-1)} disabled={at === 0}>
          <ChevronLeft aria-hidden="true" /> <span className="hidden sm:inline">Previous</span> <Kbd>K</Kbd>
        </Button>
        <Button variant="outline" aria-label="Next" aria-keyshortcuts="J" onClick={() => move(1)} disabled={at >= list.length - 1}>
          <span className="hidden sm:inline">Next</span> <ChevronRight aria-hidden="true" /> <Kbd>J</Kbd>
        </Button>
        <Button variant="outline" aria-label="Allowlist domain" aria-keyshortcuts="A" onClick={() => setConfirming(true)}>
          <ShieldPlus aria-hidden="true" /> <span className="hidden sm:inline">Allowlist domain</span> <Kbd>A</Kbd>
        </Button>
        <Button variant="outline" aria-label="Undo" aria-keyshortcuts="Z" onClick={undo} disabled={!session.canUndo}>
          <Undo2 aria-hidden="true" /> <span className="hidden sm:inline">Undo</span> <Kbd>Z</Kbd>
        </Button>
        <Button variant="ghost" className="kbd-hint" aria-keyshortcuts="?" aria-expanded={help} aria-controls="queue-keys" onClick={() => setHelp((h) => !h)}>
          <CircleHelp aria-hidden="true" /> Keys <Kbd>?</Kbd>
        </Button>
      </div>

      {help && (
        <section id="queue-keys" aria-labelledby="queue-keys-title" className="rounded-xl border bg-card p-4">
          <h2 id="queue-keys-title" className="mb-2 font-semibold">
            Keyboard shortcuts
          </h2>
          <table className="text-sm">
            <tbody>
              {QUEUE_KEYS.map((k) => (
                <tr key={k.key}>
                  <th scope="row" className="py-0.5 pr-4 text-left font-normal">
                    <Kbd>{k.key}</Kbd>
                  </th>
                  <td>{k.action}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </div>
  );
}
