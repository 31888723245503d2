import type { SearchStage, SearchStatus } from '@shared/schemas/search';

/*
 * The progress arithmetic of a scan (PRODUCT.md sections 4 and 9), kept pure so it is tested apart from the screens.
 * Two bars exist: the progress card's countdown bar (180 s, capped at 95% while running) and the start form's
 * simulated bar (5-15 points a second, capped at 98%, forced to 100% after 30 s). The real workflow progress
 * (stage, engines, candidates) is shown beside them; these figures only pace the waiting.
 */

/** The progress card counts down from this many seconds. */
export const COUNTDOWN_SECONDS = 180;
/** The progress card's bar never passes this while the search still runs. */
export const RUNNING_PROGRESS_CAP = 95;
/** The simulated bar of the start form never passes this on its own. */
export const SIMULATED_PROGRESS_CAP = 98;
/** The simulated bar rises by at least / at most this many points each tick. */
export const SIMULATED_STEP_MIN = 5;
export const SIMULATED_STEP_MAX = 15;
/** The simulated bar ticks once a second. */
export const SIMULATED_TICK_MS = 1000;
/** After this long the simulated bar shows 100% and 'Search complete!'. */
export const SIMULATED_COMPLETE_AFTER_MS = 30_000;
export const SEARCH_COMPLETE_TEXT = 'Search complete!';

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

/** Seconds left on the progress card's countdown: 180 down to 0, never below. */
export function countdownSeconds(elapsed: number): number {
  return Math.max(0, COUNTDOWN_SECONDS - elapsed);
}

/** `m:ss` for a number of seconds: 180 -> `3:00`, 65 -> `1:05`. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * The progress card's bar for a status: running (or pending) grows with the elapsed share of the 180 s countdown
 * up to 95%; completed and partial show 100%; failed shows 0%.
 */
export function cardProgress(status: SearchStatus, elapsed: number): number {
  if (status === 'completed' || status === 'partial') return 100;
  if (status === 'failed') return 0;
  return Math.min(RUNNING_PROGRESS_CAP, Math.round((elapsed / COUNTDOWN_SECONDS) * 100));
}

/**
 * One tick of the simulated bar: adds 5 to 15 points (`random` in [0, 1) picks where in that range) and stops
 * at 98%.
 */
export function nextSimulatedProgress(current: number, random: number): number {
  const step = SIMULATED_STEP_MIN + Math.min(Math.max(random, 0), 1) * (SIMULATED_STEP_MAX - SIMULATED_STEP_MIN);
  return Math.min(SIMULATED_PROGRESS_CAP, Math.round(current + step));
}

/** The simulated bar's stage text: Google under 30, Bing under 60, analysing under 90, then almost done. */
export function simulatedStageText(progress: number): string {
  if (progress >= 100) return SEARCH_COMPLETE_TEXT;
  if (progress < 30) return 'Searching Google...';
  if (progress < 60) return 'Searching Bing...';
  if (progress < 90) return 'Analyzing results...';
  return 'Almost done...';
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
