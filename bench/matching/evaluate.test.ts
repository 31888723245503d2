import { calibrate, evaluate, type QueryResult } from './evaluate';
import { quantile, spreadOf } from './speed';

describe('threshold calibration', () => {
  it('stays below the nearest distractor when the target allows no false positive', () => {
    expect(calibrate([70, 64, 90, 100], 1e-4)).toBe(63);
  });

  it('allows floor(target x queries) false positives', () => {
    const distances = Array.from({ length: 20_000 }, (_, i) => 50 + (i % 60));
    // 2 of 20,000 may match: the threshold sits just below the third-smallest distance.
    expect(calibrate(distances, 1e-4)).toBe(49);
    expect(calibrate([10, 11, 12, ...Array(19_997).fill(80)], 1e-4)).toBe(11);
  });
});

describe('evaluation', () => {
  it('judges each fold with the threshold calibrated on the other and pools recall per edit', () => {
    const refs: QueryResult[] = [
      { fold: 0, edit: 'crop', distance: 40 },
      { fold: 1, edit: 'crop', distance: 55 },
      { fold: 0, edit: 'mirror', distance: 0 },
      { fold: 1, edit: 'mirror', distance: 2 },
    ];
    const distractors: QueryResult[] = [
      { fold: 0, edit: 'crop', distance: 60 },
      { fold: 1, edit: 'crop', distance: 50 },
    ];

    const result = evaluate(refs, distractors, ['crop', 'mirror'], 1e-4);

    expect(result.thresholds).toEqual([59, 49]);
    // Fold 0 queries use 49 (from fold 1), fold 1 queries use 59 (from fold 0).
    expect(result.perEdit).toEqual({ crop: 1, mirror: 1 });
    expect(result.macroRecall).toBe(1);
    // The fold-1 distractor at 50 is judged with fold 0's 59: a held-out false positive.
    expect(result.falsePositives).toBe(1);
  });
});

describe('speed ratio spread', () => {
  it('takes quantiles between order statistics and reports the interquartile range of the rounds', () => {
    expect(quantile([4, 1, 3, 2], 0.5)).toBe(2.5);
    expect(quantile([1, 2, 3, 4, 5], 0.25)).toBe(2);
    const s = spreadOf([0.9, 0.8, 1.0, 0.85, 0.95], [0.5, 0.6, 0.7, 0.8, 0.9]);
    expect(s).toEqual({ median: 0.9, q1: 0.85, q3: 0.95, min: 0.8, max: 1.0, wallMedian: 0.7, rounds: 5 });
  });
});
