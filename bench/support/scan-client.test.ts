import { stageDurations } from './scan-client';

describe('stageDurations', () => {
  it('gives each stage the time from its first sighting to the next stage, counting the POST in the first', () => {
    const events = [
      { atSeconds: 0.4, stage: 'fingerprinting' as const },
      { atSeconds: 0.9, stage: 'fingerprinting' as const },
      { atSeconds: 1.2, stage: 'searching' as const },
      { atSeconds: 1.5, stage: 'triage' as const },
      { atSeconds: 2.5, stage: 'done' as const },
    ];
    const out = stageDurations(events, 2.5);
    expect(out.fingerprinting).toBeCloseTo(1.2);
    expect(out.searching).toBeCloseTo(0.3);
    expect(out.triage).toBeCloseTo(1.0);
    expect(out).not.toHaveProperty('done');
  });

  it('runs the last open stage to the end time when no final stage was seen', () => {
    expect(stageDurations([{ atSeconds: 0.2, stage: 'triage' }], 3)).toEqual({ triage: 3 });
    expect(stageDurations([], 3)).toEqual({});
  });
});
