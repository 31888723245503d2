import { elapsedSeconds, formatCountdown, formatDuration, isOpenStatus, isReviewableStatus, workflowProgress } from './scan-progress';

describe('one progress: the workflow\'s recorded stage and share of work', () => {
  const running = (stage: 'queued' | 'fingerprinting' | 'searching' | 'triage' | 'persisting', enginesDone = 0, enginesTotal = 2) => ({
    status: 'running' as const,
    progress: { stage, enginesDone, enginesTotal },
  });

  it('starts at 0% before the first poll and while queued', () => {
    expect(workflowProgress(undefined)).toEqual({ percent: 0, text: 'Starting the scan...' });
    expect(workflowProgress(running('queued'))).toEqual({ percent: 0, text: 'Queued' });
  });

  it('fills the searching stage engine by engine, and never shows a running scan as finished', () => {
    expect(workflowProgress(running('fingerprinting')).percent).toBe(5);
    expect(workflowProgress(running('searching', 0, 2))).toEqual({ percent: 15, text: 'Querying search engines: 0 of 2 engines done' });
    expect(workflowProgress(running('searching', 1, 2)).percent).toBe(48);
    expect(workflowProgress(running('searching', 2, 2)).percent).toBe(80);
    expect(workflowProgress(running('searching', 5, 2)).percent).toBe(80);
    expect(workflowProgress(running('triage')).percent).toBe(80);
    expect(workflowProgress(running('persisting')).percent).toBe(95);
    expect(workflowProgress({ status: 'running', progress: { stage: 'done', enginesDone: 2, enginesTotal: 2 } }).percent).toBe(99);
  });

  it('shows 100% when completed or partial and 0% when failed', () => {
    expect(workflowProgress({ status: 'completed' })).toEqual({ percent: 100, text: 'Scan complete' });
    expect(workflowProgress({ status: 'partial' }).percent).toBe(100);
    expect(workflowProgress({ status: 'failed' })).toEqual({ percent: 0, text: 'Search failed' });
  });

  it('counts elapsed time, never below zero, shown as m:ss', () => {
    expect(elapsedSeconds(10_000, 5_000)).toBe(0);
    expect(elapsedSeconds(0, 65_900)).toBe(65);
    expect(formatCountdown(65)).toBe('1:05');
    expect(formatCountdown(180)).toBe('3:00');
  });
});

describe('statuses and durations', () => {
  it('tells open from final statuses', () => {
    expect(isOpenStatus('running')).toBe(true);
    expect(isOpenStatus('pending')).toBe(true);
    expect(isOpenStatus('completed')).toBe(false);
    expect(isReviewableStatus('partial')).toBe(true);
    expect(isReviewableStatus('failed')).toBe(false);
  });

  it('formats durations for people', () => {
    expect(formatDuration(850)).toBe('850 ms');
    expect(formatDuration(12_400)).toBe('12.4 s');
    expect(formatDuration(125_000)).toBe('2 min 5 s');
    expect(formatDuration(3_780_000)).toBe('1 h 3 min');
    expect(formatDuration(-1)).toBe('-');
  });
});
