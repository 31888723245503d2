import { PlanLimitError } from '../../lib/errors';
import { holdsPlanSlot, monitorCountRefusal, nextRunOnResume, planExcessRefusal, runCadence } from './rules';

describe('monitor rules', () => {
  it('runs a monitor at the fastest cadence its plan still allows', () => {
    expect(runCadence('trial', 'hourly')).toBe('weekly');
    expect(runCadence('enterprise', 'hourly')).toBe('daily'); // issue 27: daily at the fastest on every plan
  });

  it('resumes one interval after the last run, never in the past', () => {
    const now = '2026-11-28T00:00:00.000Z';
    expect(nextRunOnResume(null, 'daily', now)).toBe(now);
    expect(nextRunOnResume('2026-11-27T12:00:00.000Z', 'daily', now)).toBe('2026-11-28T12:00:00.000Z');
    expect(nextRunOnResume('2026-11-01T00:00:00.000Z', 'daily', now)).toBe(now);
  });

  it('gives the plan\'s slots to the oldest monitors', () => {
    const all = [
      { id: 'C', createdAt: '2026-03-01' },
      { id: 'A', createdAt: '2026-01-01' },
      { id: 'B', createdAt: '2026-02-01' },
    ];
    expect(holdsPlanSlot('A', all, 'trial')).toBe(true);
    expect(holdsPlanSlot('B', all, 'trial')).toBe(false);
  });

  it('says what the plan includes and where there is more', () => {
    const refusal = monitorCountRefusal('trial', 1);
    expect(refusal).toBeInstanceOf(PlanLimitError);
    expect(refusal.message).toMatch(/^The .+ plan includes 1 monitor\. Delete one or upgrade to .+ for 3\.$/);
    expect(planExcessRefusal('basic', 5).message).toMatch(/^Paused: the .+ plan includes 3 monitors, and your oldest 3 keep running\./);
  });
});
