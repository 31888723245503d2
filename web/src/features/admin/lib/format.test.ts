import {
  churnBadgeVariant,
  formatDate,
  formatPeriod,
  formatUsd,
  growthBadgeVariant,
  percentFromFraction,
  signedPercentFromFraction,
} from './format';

describe('dashboard formats', () => {
  it('shows US dollars, with cents only when there are any', () => {
    expect(formatUsd(52500)).toBe('$52,500');
    expect(formatUsd(630000)).toBe('$630,000');
    expect(formatUsd(43.333)).toBe('$43.33');
    expect(formatUsd(0)).toBe('$0');
  });

  it('turns fractions into percentages with one decimal place', () => {
    expect(percentFromFraction(0.0425)).toBe('4.3%');
    expect(percentFromFraction(0.999)).toBe('99.9%');
    expect(percentFromFraction(1)).toBe('100.0%');
    expect(percentFromFraction(0)).toBe('0.0%');
    expect(signedPercentFromFraction(0.125)).toBe('+12.5%');
    expect(signedPercentFromFraction(-0.03)).toBe('-3.0%');
    expect(signedPercentFromFraction(0)).toBe('0.0%');
  });

  it('marks churn of 5% or more as destructive', () => {
    expect(churnBadgeVariant(0)).toBe('default');
    expect(churnBadgeVariant(0.0499)).toBe('default');
    expect(churnBadgeVariant(0.05)).toBe('destructive');
    expect(churnBadgeVariant(0.2)).toBe('destructive');
  });

  it('marks growth that is not above 0 as destructive', () => {
    expect(growthBadgeVariant(0.01)).toBe('default');
    expect(growthBadgeVariant(0)).toBe('destructive');
    expect(growthBadgeVariant(-0.5)).toBe('destructive');
  });

  it('names periods and dates', () => {
    expect(formatPeriod('2025-03')).toBe('Mar 2025');
    expect(formatPeriod('2025-13')).toBe('2025-13');
    expect(formatDate('2025-03-04T10:00:00.000Z')).toBe('Mar 4, 2025');
    expect(formatDate('not a date')).toBe('not a date');
  });
});
