import type { SearchStatus } from '@shared/schemas/search';

/*
 * The home dashboard's three-step flow (PRODUCT.md section 4) as a pure reducer: search, review, protect, with the scan
 * started here and the scan whose results are reviewed. Kept apart from React so every transition is tested.
 */

export type DashboardStep = 'search' | 'review' | 'protect';

/** The step bar's value at each step (PRODUCT.md section 9). */
export const STEP_PROGRESS: Record<DashboardStep, number> = { search: 0, review: 66, protect: 100 };

/** A scan started from this page. */
export interface StartedScan {
  id: string;
  /** Engines it was started with (shown before its first poll). */
  engines: string[];
  /** When this browser started it (ms), for the countdown. */
  startedAt: number;
}

export interface DashboardState {
  step: DashboardStep;
  /** The scan whose results the review step shows (the latest finished one). */
  reviewId?: string;
  /** The scan started here, while it runs and after it failed (its progress card stays up). */
  scan?: StartedScan;
  /** The started scan is still running. */
  searching: boolean;
  /** How the started scan ended. */
  outcome?: 'finished' | 'failed';
  /** The result whose 'Send DMCA' led to the protect step. */
  selectedResultId?: string;
  /** The creator has acted (or an earlier scan was restored): the on-load restore no longer applies. */
  touched: boolean;
}

export type DashboardAction =
  | { type: 'restore-latest'; searchId: string }
  | { type: 'scan-started'; scan: StartedScan }
  | { type: 'scan-start-failed' }
  | { type: 'scan-status'; status: SearchStatus }
  | { type: 'go-to'; step: DashboardStep }
  | { type: 'new-search' }
  | { type: 'send-dmca'; resultId: string };

export const initialDashboardState: DashboardState = { step: 'search', searching: false, touched: false };

/** The next dashboard state. */
export function dashboardReducer(state: DashboardState, action: DashboardAction): DashboardState {
  switch (action.type) {
    case 'restore-latest':
      // Only on first load: never pull a creator away from what they started doing.
      if (state.touched) return state;
      return { ...state, step: 'review', reviewId: action.searchId, touched: true };
    case 'scan-started':
      return { ...state, step: 'search', scan: action.scan, searching: true, outcome: undefined, touched: true };
    case 'scan-start-failed':
      // PRODUCT.md section 8: a failed start resets the scan state; the error is only logged.
      return { ...state, scan: undefined, searching: false, outcome: undefined, touched: true };
    case 'scan-status':
      if (!state.searching || !state.scan) return state;
      if (action.status === 'completed' || action.status === 'partial') {
        return { ...state, searching: false, outcome: 'finished', step: 'review', reviewId: state.scan.id, selectedResultId: undefined };
      }
      if (action.status === 'failed') return { ...state, searching: false, outcome: 'failed' };
      return state;
    case 'go-to':
      return { ...state, step: action.step, touched: true };
    case 'new-search':
      // A finished scan's card is done with; a running or failed one stays in view.
      return { ...state, step: 'search', ...(state.outcome === 'finished' ? { scan: undefined, outcome: undefined } : {}), touched: true };
    case 'send-dmca':
      return { ...state, step: 'protect', selectedResultId: action.resultId, touched: true };
  }
}
