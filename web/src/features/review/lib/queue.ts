import type { ReviewStatus, SearchResult } from '@shared/schemas/search';

/*
 * Pure rules of the review queue: the view the address describes (filters and sort), the order results are
 * reviewed in, optimistic decisions laid over the loaded list, and shift-click range selection.
 */

export const SORTS = ['confidence', 'newest', 'host'] as const;
export type Sort = (typeof SORTS)[number];
export const SORT_LABELS: Record<Sort, string> = { confidence: 'Most confident first', newest: 'Newest first', host: 'Host A-Z' };
export const MIN_CONFIDENCES = [0, 60, 80] as const;

/** The view a bookmark keeps: `?sort=&min=&host=&platform=&new=1&undecided=1&view=list`. */
export interface QueueView {
  sort: Sort;
  minConfidence: number;
  host: string;
  platform: string;
  newOnly: boolean;
  undecidedOnly: boolean;
  mode: 'queue' | 'list';
}

export function readView(params: URLSearchParams): QueueView {
  const sort = SORTS.find((s) => s === params.get('sort')) ?? 'confidence';
  const min = Number(params.get('min'));
  return {
    sort,
    minConfidence: (MIN_CONFIDENCES as readonly number[]).includes(min) ? min : 0,
    host: params.get('host') ?? '',
    platform: params.get('platform') ?? '',
    newOnly: params.get('new') === '1',
    undecidedOnly: params.get('undecided') === '1',
    mode: params.get('view') === 'list' ? 'list' : 'queue',
  };
}

/** The address parameters of a view; defaults are left out so links stay short. */
export function writeView(view: QueueView): URLSearchParams {
  const out = new URLSearchParams();
  if (view.mode === 'list') out.set('view', 'list');
  if (view.sort !== 'confidence') out.set('sort', view.sort);
  if (view.minConfidence) out.set('min', String(view.minConfidence));
  if (view.host) out.set('host', view.host);
  if (view.platform) out.set('platform', view.platform);
  if (view.newOnly) out.set('new', '1');
  if (view.undecidedOnly) out.set('undecided', '1');
  return out;
}

/**
 * The results of a view in review order. Filters judge each result as it was loaded, so a result decided in
 * this sitting stays in place (J and K still reach it, Z can undo it) instead of vanishing under "undecided only".
 */
export function selectResults(results: readonly SearchResult[], view: QueueView): SearchResult[] {
  const kept = results.filter(
    (r) =>
      r.confidence >= view.minConfidence &&
      (!view.host || r.domain === view.host) &&
      (!view.platform || r.platform === view.platform) &&
      (!view.newOnly || r.isNew) &&
      (!view.undecidedOnly || r.userReviewStatus === null),
  );
  const order: Record<Sort, (a: SearchResult, b: SearchResult) => number> = {
    confidence: (a, b) => b.confidence - a.confidence || b.createdAt.localeCompare(a.createdAt),
    newest: (a, b) => b.firstSeenAt.localeCompare(a.firstSeenAt) || b.confidence - a.confidence,
    host: (a, b) => a.domain.localeCompare(b.domain) || b.confidence - a.confidence,
  };
  return kept.sort(order[view.sort]);
}

/** Distinct values of a field, sorted, for the host and platform filters. */
export const distinct = (results: readonly SearchResult[], field: 'domain' | 'platform') =>
  [...new Set(results.map((r) => r[field]).filter(Boolean))].sort();

/** Decisions made in this sitting and not yet confirmed or refused, by result id (`null`: taken back). */
export type Overrides = ReadonlyMap<string, ReviewStatus | null>;

/** A result's status as the creator should see it: their latest decision, else the loaded one. */
export const statusOf = (r: SearchResult, overrides: Overrides): ReviewStatus | null =>
  overrides.has(r.id) ? overrides.get(r.id)! : r.userReviewStatus;

/** One step of the undo stack: which result, and the status it had before. */
export interface Decision {
  id: string;
  previous: ReviewStatus | null;
  next: ReviewStatus;
}

/**
 * The position after a decision: the next result still undecided after `from` (wrapping to the start), or the
 * next one when every result is decided.
 */
export function nextAfterDecision(list: readonly SearchResult[], from: number, overrides: Overrides): number {
  for (let step = 1; step <= list.length; step++) {
    const i = (from + step) % list.length;
    if (statusOf(list[i], overrides) === null) return i;
  }
  return Math.min(from + 1, list.length - 1);
}

/**
 * Click and shift-click selection over the ids in view order: a plain click toggles one id and becomes the
 * anchor; a shift-click sets every id between the anchor and the clicked one to the clicked one's new state.
 */
export function toggleSelection(
  selected: ReadonlySet<string>,
  ids: readonly string[],
  clicked: string,
  anchor: string | null,
  shift: boolean,
): Set<string> {
  const next = new Set(selected);
  const select = !selected.has(clicked);
  const from = anchor === null ? -1 : ids.indexOf(anchor);
  const to = ids.indexOf(clicked);
  if (shift && from !== -1 && to !== -1) {
    const [lo, hi] = from < to ? [from, to] : [to, from];
    for (const id of ids.slice(lo, hi + 1)) {
      if (select) next.add(id);
      else next.delete(id);
    }
  } else if (select) next.add(clicked);
  else next.delete(clicked);
  return next;
}
