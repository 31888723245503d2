import { lastStart, when } from './monitor-format';

describe('lastStart', () => {
  it('shows the real start of a scheduled run and how late it was after its due time', () => {
    const m = { lastRunAt: '2026-11-28T10:00:04.000Z', lastDueAt: '2026-11-28T10:00:00.000Z' };
    expect(lastStart(m)).toBe(`${when(m.lastRunAt)} (4 s after it was due)`);
    expect(lastStart({ ...m, lastRunAt: '2026-11-28T10:30:00.000Z' })).toBe(`${when('2026-11-28T10:30:00.000Z')} (30 min after it was due)`);
  });

  it('shows a run now, or a run started before its due time was kept, as its start alone, and nothing before any run', () => {
    expect(lastStart({ lastRunAt: '2026-11-28T10:00:04.000Z', lastDueAt: null })).toBe(when('2026-11-28T10:00:04.000Z'));
    expect(lastStart({ lastRunAt: '2026-11-28T10:00:04.000Z', lastDueAt: '2026-11-29T10:00:00.000Z' })).toBe(when('2026-11-28T10:00:04.000Z'));
    expect(lastStart({ lastRunAt: null, lastDueAt: null })).toBe('—');
  });
});
