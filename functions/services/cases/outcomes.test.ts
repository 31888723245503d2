import { outcomeFigures } from './outcomes';

describe('outcomeFigures', () => {
  it('measures rates and median hours to removal per host and per step from ended cases', () => {
    const f = outcomeFigures(
      [
        { host: 'a.example', kind: 'removed', step: 'host', sentAt: '2026-11-01T00:00:00Z', at: '2026-11-01T10:00:00Z' },
        { host: 'a.example', kind: 'removed', step: 'network', sentAt: '2026-11-01T00:00:00Z', at: '2026-11-03T00:00:00Z' },
        { host: 'b.example', kind: 'removed', step: 'host', sentAt: '2026-11-01T00:00:00Z', at: '2026-11-01T02:00:00Z' },
        { host: 'c.example', kind: 'delisted', step: 'delisting', sentAt: '2026-11-01T00:00:00Z', at: '2026-11-09T00:00:00Z' },
        { host: 'c.example', kind: 'counter-noticed', step: 'host', at: '2026-11-09T00:00:00Z' },
      ],
      { open: 2, cameBack: 1 },
    );
    expect(f).toMatchObject({ ended: 5, open: 2, removed: 3, delisted: 1, counterNoticed: 1, stopped: 0, removalRate: 0.6, delistedOnlyShare: 0.2, cameBack: 1, medianHoursToRemoval: 10 });
    expect(f.byHost).toEqual([
      { host: 'a.example', removals: 2, medianHours: 29 },
      { host: 'b.example', removals: 1, medianHours: 2 },
    ]);
    expect(f.byStep).toEqual([
      { step: 'host', removals: 2, medianHours: 6 },
      { step: 'network', removals: 1, medianHours: 48 },
    ]);
  });

  it('gives no rates before any case ended', () => {
    expect(outcomeFigures([], { open: 0, cameBack: null })).toMatchObject({ ended: 0, removalRate: null, delistedOnlyShare: null, medianHoursToRemoval: null, byHost: [], byStep: [] });
  });
});
