import { useCallback, useMemo, useReducer } from 'react';
import { apiErrorMessage } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth';
import { showPlanLimit } from '@/lib/plan-limit';
import { invalidateUserStats } from '@/lib/results/get-user-stats';
import { invalidateScan, useScan, type Scan } from '@/lib/scan/api/get-scan';
import { invalidateScanResults } from '@/lib/scan/api/get-scan-results';
import { startScan } from '@/lib/scan/api/start-scan';
import { DASHBOARD_POLL_MS, isOpenStatus, isReviewableStatus } from '@/lib/scan/scan-progress';
import type { ScanStartFormValues } from '@/lib/scan/scan-start';
import { invalidateGroupedResults, invalidateLatestResult, useLatestResult } from '../api/get-user-results';
import { dashboardReducer, initialDashboardState, type DashboardAction } from './dashboard-flow';

/**
 * The dashboard's state and its side effects: starting a scan, polling it every 2 s while it runs, moving to
 * review when it completes (refreshing stats, results and the search), and opening at review with the latest
 * scan selected when the creator has earlier results (PRODUCT.md sections 2 and 4).
 */
export function useDashboardFlow() {
  const user = useCurrentUser();
  const [state, dispatch] = useReducer(dashboardReducer, initialDashboardState);
  const latest = useLatestResult();

  // Until the creator acts, an earlier scan (from the newest result) is shown at review. Derived rather than
  // dispatched from an effect, so cached data shows the right step on the first render.
  const latestSearchId = latest.result?.searchId;
  const restore = useMemo<DashboardAction | undefined>(
    () => (!state.touched && latestSearchId ? { type: 'restore-latest', searchId: latestSearchId } : undefined),
    [state.touched, latestSearchId],
  );
  const view = restore ? dashboardReducer(state, restore) : state;

  const act = useCallback(
    (action: DashboardAction) => {
      if (restore) dispatch(restore);
      dispatch(action);
    },
    [restore],
  );

  const onScanAnswer = useCallback(
    (scan: Scan) => {
      if (isOpenStatus(scan.status)) return;
      dispatch({ type: 'scan-status', status: scan.status });
      if (isReviewableStatus(scan.status)) {
        void invalidateUserStats();
        void invalidateLatestResult();
        void invalidateGroupedResults();
        void invalidateScan(scan.id);
        void invalidateScanResults(scan.id);
      }
    },
    [],
  );
  const followed = view.scan && (view.searching || view.outcome === 'failed') ? view.scan.id : undefined;
  const scan = useScan(followed, DASHBOARD_POLL_MS, view.searching ? onScanAnswer : undefined);

  const start = useCallback(
    async (values: ScanStartFormValues) => {
      if (!user.id) {
        // PRODUCT.md section 5: refused and logged only.
        console.error('User not authenticated');
        throw new Error('User not authenticated');
      }
      try {
        const started = await startScan(values);
        act({ type: 'scan-started', scan: { id: started.id, engines: started.searchEngines, startedAt: Date.now() } });
      } catch (error) {
        // PRODUCT.md section 8: on the dashboard a failed start resets the state and is logged only; a used-up
        // allowance is the exception (issue 10): the creator is told, with the upgrade prompt.
        showPlanLimit(error);
        console.error('Search start failed:', apiErrorMessage(error, String(error)));
        act({ type: 'scan-start-failed' });
        throw error;
      }
    },
    [act, user.id],
  );

  return {
    state: view,
    scan: scan.data,
    /** The first load of the newest result is still under way (decides the opening step). */
    restoring: latest.isLoading,
    act,
    start,
  };
}
