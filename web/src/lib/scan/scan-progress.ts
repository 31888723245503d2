import type { SearchStage, SearchStatus } from '@shared/schemas/search';

/*
 * The progress arithmetic of a scan, kept pure so it is tested apart from the screens. One progress (issue 26,
 * docs/PRODUCT.md section 10): the start form's bar and the progress card both show `workflowProgress`, the stage
 * and share of work the workflow recorded on the search (stage, engines done of engines planned). The spec's
 * simulated ramp and 180 s countdown are not kept: they stated progress and times nobody measured.
 */

/** Polling intervals of the search while it runs: dashboard and search page (PRODUCT.md section 4). */
export const DASHBOARD_POLL_MS = 2000;
export const SEARCH_PAGE_POLL_MS = 3000;

/** Statuses that mean the search is still at work. */
export function isOpenStatus(status: SearchStatus | undefined): boolean {
  return status === 'running' || status === 'pending';
}

/** Statuses whose results can be reviewed (a partial search still found things). */
export function isReviewableStatus(status: SearchStatus | undefined): boolean {
  return status === 'completed' || status === 'partial';
}

/** Whole seconds since `startedAtMs`, never negative (a clock a little ahead of the server's must not count up). */
export function elapsedSeconds(startedAtMs: number, nowMs: number): number {
  return Math.max(0, Math.floor((nowMs - startedAtMs) / 1000));
}

/** `m:ss` for a number of seconds: 180 -> `3:00`, 65 -> `1:05`. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** The share of the bar each stage starts at: the searching stage fills its span engine by engine. */
const STAGE_START: Record<SearchStage, number> = { queued: 0, fingerprinting: 5, searching: 15, triage: 80, persisting: 95, done: 100 };
const SEARCHING_SPAN = STAGE_START.triage - STAGE_START.searching;

export interface WorkflowProgress {
  /** 0-100. */
  percent: number;
  /** The stage in words, with the engines done while searching. */
  text: string;
}

/** What a scan's progress needs: its status and the workflow's recorded progress. */
export interface ProgressSource {
  status: SearchStatus;
  progress?: { stage: SearchStage; enginesDone: number; enginesTotal: number };
}

/**
 * The one progress of a scan, from what the workflow recorded: completed and partial are 100%, failed 0%; while
 * running, the stage's start share, plus the searching stage's share of engines done.
 */
export function workflowProgress(scan: ProgressSource | undefined): WorkflowProgress {
  if (!scan) return { percent: 0, text: 'Starting the scan...' };
  if (scan.status === 'completed') return { percent: 100, text: 'Scan complete' };
  if (scan.status === 'partial') return { percent: 100, text: 'Scan complete, some engines failed' };
  if (scan.status === 'failed') return { percent: 0, text: 'Search failed' };
  const p = scan.progress;
  if (!p) return { percent: 0, text: STAGE_LABELS.queued };
  let percent = STAGE_START[p.stage];
  let text = STAGE_LABELS[p.stage];
  if (p.stage === 'searching' && p.enginesTotal > 0) {
    const done = Math.min(p.enginesDone, p.enginesTotal);
    percent += Math.round((SEARCHING_SPAN * done) / p.enginesTotal);
    text = `${text}: ${done} of ${p.enginesTotal} engines done`;
  }
  // A running scan is never shown as finished.
  return { percent: Math.min(99, percent), text };
}

/** What each workflow stage is doing, in words a creator understands. */
export const STAGE_LABELS: Record<SearchStage, string> = {
  queued: 'Queued',
  fingerprinting: 'Fingerprinting your reference files',
  searching: 'Querying search engines',
  triage: 'Matching candidates against your content',
  persisting: 'Saving results',
  done: 'Done',
};

/** A duration in milliseconds as people read it: `850 ms`, `12.4 s`, `2 min 5 s`, `1 h 3 min`. */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '-';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const totalSeconds = Math.round(seconds);
  const minutes = Math.floor(totalSeconds / 60);
  if (minutes < 60) return `${minutes} min ${totalSeconds % 60} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
