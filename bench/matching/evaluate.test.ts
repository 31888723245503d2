import { calibrate, evaluate, recallByKind, referenceKinds, type QueryResult } from './evaluate';
import { minDistance, NO_DISTANCE } from './methods';
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

describe('recall by kind of reference', () => {
  const q = (reference: string, edit: string, distance: number, quality: number, verified?: boolean): QueryResult => ({ fold: 0, edit, distance, reference, original: reference, quality, verified });
  const refs = [
    // A photograph: its thumbnail hashes at quality 100, and its copies within 52 bits match by fingerprint.
    q('photo', 'thumbnail-320', 4, 100),
    q('photo', 'crop', 48, 90),
    // A gradient: its thumbnail is under quality 70, so its crop goes to verification, which refuses it.
    q('gradient', 'thumbnail-320', 10, 55),
    q('gradient', 'crop', 40, 50, false),
    // Too plain to fingerprint: nothing stored, so nothing matches, not even a copy made detailed by a watermark.
    q('white', 'thumbnail-320', minDistance(new Uint32Array(8), new Uint32Array(0), 8), 0),
    q('white', 'crop', minDistance(new Uint32Array(8), new Uint32Array(0), 8), 100),
  ];

  it('sorts references by what the product stores and by their thumbnail\'s PDQ quality', () => {
    const kinds = referenceKinds(refs, (id) => id !== 'white');
    expect(Object.fromEntries(kinds)).toEqual({ photo: 'detailed', gradient: 'flat', white: 'no fingerprint' });
  });

  it('gives the shipped decision\'s recall per kind, so a loss on flat graphics shows as such', () => {
    const byKind = recallByKind(refs, referenceKinds(refs, (id) => id !== 'white'), ['thumbnail-320', 'crop'], { strict: 52, loose: 72 });
    expect(byKind.detailed).toEqual({ references: 1, macroRecall: 1, minEditRecall: 1, perEdit: { 'thumbnail-320': 1, crop: 1 } });
    expect(byKind.flat).toEqual({ references: 1, macroRecall: 0.5, minEditRecall: 0, perEdit: { 'thumbnail-320': 1, crop: 0 } });
    expect(byKind['no fingerprint']?.macroRecall).toBe(0);
    // A distance that survives the JSON cache: Infinity would come back as null, and `null <= 24` is true.
    expect(JSON.parse(JSON.stringify(refs[5]!.distance))).toBe(NO_DISTANCE);
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
