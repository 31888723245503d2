import { msUntilHourUtc, startDailyJob } from './daily-jobs';

describe('the local daily schedule (as the ResultRetention rule on AWS)', () => {
  it('finds the next hour of the day in UTC, tomorrow once it has passed', () => {
    expect(msUntilHourUtc(new Date('2026-11-28T03:59:00Z'), 4)).toBe(60_000);
    expect(msUntilHourUtc(new Date('2026-11-28T04:00:00Z'), 4)).toBe(86_400_000);
    expect(msUntilHourUtc(new Date('2026-11-28T20:00:00Z'), 4)).toBe(8 * 3_600_000);
    expect(msUntilHourUtc(new Date('2026-12-31T23:00:00Z'), 4)).toBe(5 * 3_600_000);
  });

  it('runs the job at that hour every day, after a failure too, and not after it is stopped', async () => {
    jest.useFakeTimers({ now: new Date('2026-11-28T03:00:00Z') });
    try {
      const runs: string[] = [];
      let fail = true;
      const stop = startDailyJob('test', 4, async (now) => {
        runs.push(now.toISOString());
        if (fail) {
          fail = false;
          throw new Error('first run fails');
        }
      }, () => new Date(Date.now()));
      await jest.advanceTimersByTimeAsync(3_600_000 - 1);
      expect(runs).toEqual([]);
      await jest.advanceTimersByTimeAsync(1);
      expect(runs).toEqual(['2026-11-28T04:00:00.000Z']);
      await jest.advanceTimersByTimeAsync(86_400_000);
      expect(runs).toEqual(['2026-11-28T04:00:00.000Z', '2026-11-29T04:00:00.000Z']);
      stop();
      await jest.advanceTimersByTimeAsync(3 * 86_400_000);
      expect(runs).toHaveLength(2);
    } finally {
      jest.useRealTimers();
    }
  });
});
