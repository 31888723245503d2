import { msUntilHourUtc, reemergenceEverySeconds, startDailyJob, startRateJob } from './daily-jobs';

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

describe('the local re-emergence schedule (as the Reemergence rate rule on AWS)', () => {
  it('runs every 4 hours unless REEMERGENCE_EVERY_SECONDS says otherwise, and refuses a period that is not whole seconds', () => {
    expect(reemergenceEverySeconds(undefined)).toBe(4 * 3600);
    expect(reemergenceEverySeconds('')).toBe(4 * 3600);
    expect(reemergenceEverySeconds('30')).toBe(30);
    expect(reemergenceEverySeconds('0')).toBe(0);
    expect(() => reemergenceEverySeconds('-5')).toThrow(/REEMERGENCE_EVERY_SECONDS must be a whole number of seconds/);
    expect(() => reemergenceEverySeconds('4h')).toThrow(/not "4h"/);
  });

  it('runs the job every period from start, never overlapping a run still going, after a failure too, and not after it is stopped', async () => {
    jest.useFakeTimers({ now: new Date('2026-11-28T03:00:00Z') });
    try {
      const runs: string[] = [];
      let release: (() => void) | undefined;
      let calls = 0;
      const stop = startRateJob('test', 4 * 3_600_000, (now) => {
        calls += 1;
        runs.push(now.toISOString());
        if (calls === 1) return Promise.reject(new Error('first run fails'));
        // The second run takes 5 hours: the next waits for it.
        if (calls === 2) return new Promise<void>((r) => (release = r));
        return Promise.resolve();
      }, () => new Date(Date.now()));
      await jest.advanceTimersByTimeAsync(4 * 3_600_000 - 1);
      expect(runs).toEqual([]);
      await jest.advanceTimersByTimeAsync(1);
      expect(runs).toEqual(['2026-11-28T07:00:00.000Z']);
      await jest.advanceTimersByTimeAsync(4 * 3_600_000);
      expect(runs).toHaveLength(2);
      await jest.advanceTimersByTimeAsync(5 * 3_600_000);
      expect(runs).toHaveLength(2);
      release!();
      await jest.advanceTimersByTimeAsync(4 * 3_600_000);
      expect(runs).toEqual(['2026-11-28T07:00:00.000Z', '2026-11-28T11:00:00.000Z', '2026-11-28T20:00:00.000Z']);
      stop();
      await jest.advanceTimersByTimeAsync(24 * 3_600_000);
      expect(runs).toHaveLength(3);
      expect(startRateJob('off', 0, () => Promise.resolve())).toEqual(expect.any(Function));
    } finally {
      jest.useRealTimers();
    }
  });
});
