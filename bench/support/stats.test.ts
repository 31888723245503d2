import { median, percentile, round } from './stats';

describe('percentile (nearest rank)', () => {
  it('picks a sample that was actually measured', () => {
    const samples = [5, 1, 4, 2, 3];
    expect(percentile(samples, 50)).toBe(3);
    expect(percentile(samples, 95)).toBe(5);
    expect(percentile(samples, 100)).toBe(5);
    expect(percentile(samples, 20)).toBe(1);
  });

  it('is NaN without samples and refuses a percentile outside (0, 100]', () => {
    expect(percentile([], 95)).toBeNaN();
    expect(() => percentile([1], 0)).toThrow(RangeError);
    expect(() => percentile([1], 101)).toThrow(RangeError);
  });
});

describe('median', () => {
  it('takes the middle sample, or the mean of the middle two', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });
});

describe('round', () => {
  it('keeps the given decimals and turns non-finite values into null', () => {
    expect(round(1.23456)).toBe(1.235);
    expect(round(1.25, 1)).toBe(1.3);
    expect(round(Number.NaN)).toBeNull();
  });
});
