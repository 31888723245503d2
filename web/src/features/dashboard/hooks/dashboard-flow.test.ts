import { STEP_PROGRESS, dashboardReducer, initialDashboardState, type DashboardState } from './dashboard-flow';

const scan = { id: 'S1', engines: ['google', 'bing'], startedAt: 1000 };
const started = (from: DashboardState = initialDashboardState): DashboardState => dashboardReducer(from, { type: 'scan-started', scan });
const restored = () => dashboardReducer(initialDashboardState, { type: 'restore-latest', searchId: 'OLD' });

describe('dashboard flow', () => {
  it('has the step progress of the spec: 0, 66, 100', () => {
    expect(STEP_PROGRESS).toEqual({ search: 0, review: 66, protect: 100 });
  });

  it('opens at review with the latest scan when earlier results exist', () => {
    expect(restored()).toMatchObject({ step: 'review', reviewId: 'OLD', searching: false });
  });

  it('does not restore once the creator has started a scan', () => {
    const state = dashboardReducer(started(), { type: 'restore-latest', searchId: 'OLD' });
    expect(state).toMatchObject({ step: 'search', searching: true, scan });
    expect(state.reviewId).toBeUndefined();
  });

  it.each(['completed', 'partial'] as const)('moves to review of the new scan when it is %s', (status) => {
    const state = dashboardReducer(started(restored()), { type: 'scan-status', status });
    expect(state).toMatchObject({ step: 'review', searching: false, outcome: 'finished', reviewId: 'S1' });
  });

  it('stays on the search step when the scan fails, keeping the earlier review', () => {
    const state = dashboardReducer(started(restored()), { type: 'scan-status', status: 'failed' });
    expect(state).toMatchObject({ step: 'search', searching: false, outcome: 'failed', reviewId: 'OLD', scan });
  });

  it('keeps searching while the scan runs or is pending', () => {
    const s = started();
    expect(dashboardReducer(s, { type: 'scan-status', status: 'running' })).toBe(s);
    expect(dashboardReducer(s, { type: 'scan-status', status: 'pending' })).toBe(s);
  });

  it('ignores a late status for a scan no longer followed', () => {
    const idle = restored();
    expect(dashboardReducer(idle, { type: 'scan-status', status: 'completed' })).toBe(idle);
  });

  it('resets the scan state when the start fails, keeping the earlier review', () => {
    const state = dashboardReducer(dashboardReducer(restored(), { type: 'new-search' }), { type: 'scan-start-failed' });
    expect(state).toMatchObject({ step: 'search', searching: false, reviewId: 'OLD' });
    expect(state.scan).toBeUndefined();
  });

  it("moves to protect with the result chosen by 'Send DMCA', and back to review", () => {
    const review = dashboardReducer(started(), { type: 'scan-status', status: 'completed' });
    const protect = dashboardReducer(review, { type: 'send-dmca', resultId: 'R9' });
    expect(protect).toMatchObject({ step: 'protect', selectedResultId: 'R9' });
    expect(dashboardReducer(protect, { type: 'go-to', step: 'review' })).toMatchObject({ step: 'review', reviewId: 'S1' });
  });

  it('returns to a fresh search step for a new search after a finished scan', () => {
    const review = dashboardReducer(started(), { type: 'scan-status', status: 'completed' });
    const fresh = dashboardReducer(review, { type: 'new-search' });
    expect(fresh).toMatchObject({ step: 'search', reviewId: 'S1' });
    expect(fresh.scan).toBeUndefined();
    expect(fresh.outcome).toBeUndefined();
  });
});
