import { useCallback, useRef, useState } from 'react';
import type { ReviewStatus, SearchResult } from '@shared/schemas/search';
import { toast } from '@/components/ui/use-toast';
import { apiErrorMessage } from '@/lib/api-client';
import { allowDomain, decide, decideMany, undecide } from '../api/review-api';
import type { Decision, Overrides } from './queue';
import { statusOf } from './queue';

const LABEL: Record<ReviewStatus, string> = { unauthorized: 'unauthorized', safe: 'safe' };

/**
 * The decisions of one review sitting. Each decision shows at once (an override on the loaded list) and is
 * saved in the background; writes go out one after another, so a quick U then Z reach the server in that
 * order. When the server refuses, the decision is rolled back and a message says why. `announce` is read
 * out by screen readers (a polite live region on the page).
 */
export function useReviewSession() {
  const [overrides, setOverrides] = useState<Overrides>(new Map());
  const [undoStack, setUndoStack] = useState<Decision[]>([]);
  const [announce, setAnnounce] = useState('');
  const chain = useRef<Promise<unknown>>(Promise.resolve());

  const setStatus = useCallback((entries: [string, ReviewStatus | null][]) => {
    setOverrides((prev) => {
      const next = new Map(prev);
      for (const [id, status] of entries) next.set(id, status);
      return next;
    });
  }, []);

  /** Runs writes in order; a failed one does not stop the next. */
  const enqueue = useCallback((write: () => Promise<unknown>) => {
    chain.current = chain.current.then(write, write);
  }, []);

  const refused = (error: unknown, what: string) =>
    toast({
      variant: 'destructive',
      title: 'Not saved',
      description: `${apiErrorMessage(error, 'The server refused the change.')} ${what}`,
    });

  const decideOne = useCallback(
    (result: SearchResult, status: ReviewStatus) => {
      const previous = statusOf(result, overrides);
      if (previous === status) return;
      const decision: Decision = { id: result.id, previous, next: status };
      setStatus([[result.id, status]]);
      setUndoStack((s) => [...s, decision]);
      setAnnounce(`Marked ${LABEL[status]}: ${result.title || result.domain}`);
      enqueue(async () => {
        try {
          await decide(result.id, status);
        } catch (error) {
          setStatus([[result.id, previous]]);
          setUndoStack((s) => s.filter((d) => d !== decision));
          refused(error, 'Your decision was rolled back.');
        }
      });
    },
    [overrides, setStatus, enqueue],
  );

  /** Takes back the latest decision of this sitting; returns its result id (the queue shows it again). */
  const undo = useCallback((): string | undefined => {
    const last = undoStack.at(-1);
    if (!last) {
      setAnnounce('Nothing to undo.');
      return undefined;
    }
    setUndoStack((s) => s.slice(0, -1));
    setStatus([[last.id, last.previous]]);
    setAnnounce(last.previous === null ? 'Decision undone: pending review again.' : `Decision undone: back to ${LABEL[last.previous]}.`);
    enqueue(async () => {
      try {
        await (last.previous === null ? undecide(last.id) : decide(last.id, last.previous));
      } catch (error) {
        setStatus([[last.id, last.next]]);
        setUndoStack((s) => [...s, last]);
        refused(error, 'The decision stands.');
      }
    });
    return last.id;
  }, [undoStack, setStatus, enqueue]);

  /** One status for many results in one request (the list view's bulk actions). */
  const decideSeveral = useCallback(
    (results: SearchResult[], status: ReviewStatus): Promise<boolean> => {
      const previous = results.map((r) => [r.id, statusOf(r, overrides)] as [string, ReviewStatus | null]);
      setStatus(results.map((r) => [r.id, status]));
      setAnnounce(`Marked ${results.length} results ${LABEL[status]}.`);
      return new Promise((resolve) =>
        enqueue(async () => {
          try {
            await decideMany(
              results.map((r) => r.id),
              status,
            );
            resolve(true);
          } catch (error) {
            setStatus(previous);
            refused(error, 'Nothing was changed.');
            resolve(false);
          }
        }),
      );
    },
    [overrides, setStatus, enqueue],
  );

  /** Allowlists a domain and marks its undecided results in the loaded list safe. */
  const allowlist = useCallback(
    async (domain: string, all: readonly SearchResult[]) => {
      try {
        await allowDomain(domain);
      } catch (error) {
        refused(error, 'The domain was not added.');
        return;
      }
      const undecided = all.filter((r) => r.domain === domain && statusOf(r, overrides) === null);
      toast({ title: 'Domain allowlisted', description: `${domain} is allowed; ${undecided.length} of its results were marked safe.` });
      if (undecided.length) await decideSeveral(undecided, 'safe');
      setAnnounce(`${domain} allowlisted; ${undecided.length} results marked safe.`);
    },
    [overrides, decideSeveral],
  );

  return { overrides, canUndo: undoStack.length > 0, decideOne, undo, decideSeveral, allowlist, announce };
}
