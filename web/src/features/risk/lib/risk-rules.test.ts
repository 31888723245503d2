import { RISK_SAMPLE_METRICS, type RiskMetrics } from '@shared/schemas/risk';
import { ASSESSING_MESSAGE, formatHours, listToShow, metricsToShow, PERIOD_OPTIONS, riskBadgeVariant, riskLevelStyle, trendTotals } from './risk-rules';

describe('risk dashboard rules', () => {
  it('gives each level the spec text and its own colour', () => {
    expect(riskLevelStyle('LOW').message).toBe('Your content is well protected with minimal exposure');
    expect(riskLevelStyle('MEDIUM').message).toBe('Some vulnerabilities detected - consider strengthening protection');
    expect(riskLevelStyle('HIGH').message).toBe('Significant risks identified - immediate action recommended');
    expect(riskLevelStyle('CRITICAL').message).toBe('Critical threats detected - urgent response required');
    const banners = new Set(['LOW', 'MEDIUM', 'HIGH', 'CRITICAL', undefined].map((l) => riskLevelStyle(l).banner));
    expect(banners.size).toBe(5);
  });

  it('reads anything else as assessing', () => {
    for (const level of [undefined, null, '', 'low', 'UNKNOWN', 'toString']) {
      expect(riskLevelStyle(level).message).toBe(ASSESSING_MESSAGE);
    }
    expect(ASSESSING_MESSAGE).toBe('Assessing risk level...');
  });

  it('colours risk badges destructive above 70, secondary above 50, else default', () => {
    expect(riskBadgeVariant(100)).toBe('destructive');
    expect(riskBadgeVariant(71)).toBe('destructive');
    expect(riskBadgeVariant(70)).toBe('secondary');
    expect(riskBadgeVariant(51)).toBe('secondary');
    expect(riskBadgeVariant(50)).toBe('default');
    expect(riskBadgeVariant(0)).toBe('default');
  });

  it('falls back to the spec defaults when the call returns nothing, and honours the sample flag', () => {
    const fallback = metricsToShow(undefined);
    expect(fallback.sample).toBe(true);
    expect(fallback.metrics).toMatchObject({
      overallRiskScore: 75,
      riskLevel: 'MEDIUM',
      vulnerabilityCount: 12,
      protectionCoverage: 87,
      recentThreats: 5,
      timeToDetection: 2.3,
      averageResponseTime: 18,
      contentExposure: 23,
    });
    expect(metricsToShow(null).sample).toBe(true);
    expect(metricsToShow(RISK_SAMPLE_METRICS).sample).toBe(true);
    const real: RiskMetrics = { ...RISK_SAMPLE_METRICS, overallRiskScore: 12, riskLevel: 'LOW', sample: undefined };
    expect(metricsToShow(real)).toEqual({ metrics: real, sample: false });
  });

  it('sums new threats and resolved over the period', () => {
    const totals = trendTotals([
      { violations: 3, newThreats: 3, resolved: 0 },
      { violations: 4, newThreats: 2, resolved: 1 },
      { violations: 2, newThreats: 0, resolved: 2 },
    ]);
    expect(totals).toEqual({ newThreats: 5, resolved: 3, violations: 9, openAtEnd: 2 });
    expect(trendTotals([])).toEqual({ newThreats: 0, resolved: 0, violations: 0, openAtEnd: 0 });
  });

  it('offers the four periods and shows hours with one decimal at most', () => {
    expect(PERIOD_OPTIONS.map((o) => o.value)).toEqual(['24h', '7d', '30d', '90d']);
    expect(formatHours(2.3)).toBe('2.3h');
    expect(formatHours(18)).toBe('18h');
    expect(formatHours(2.345)).toBe('2.3h');
  });
});

describe('risk list tabs', () => {
  const samples = () => ['sample'];

  it('waits while the call loads', () => {
    expect(listToShow(undefined, undefined, false, samples)).toEqual({ state: 'loading' });
  });

  it("shows the creator's own list, even an empty one", () => {
    expect(listToShow(['mine'], undefined, false, samples)).toEqual({ state: 'ready', items: ['mine'], sample: false });
    expect(listToShow([], undefined, false, samples)).toEqual({ state: 'ready', items: [], sample: false });
    expect(listToShow(['mine'], undefined, true, samples)).toEqual({ state: 'ready', items: ['mine'], sample: false });
  });

  it('shows samples when the call returned nothing, or for a creator without data', () => {
    expect(listToShow(null, undefined, false, samples)).toEqual({ state: 'ready', items: ['sample'], sample: true });
    expect(listToShow([], undefined, true, samples)).toEqual({ state: 'ready', items: ['sample'], sample: true });
    expect(listToShow(undefined, new Error('x'), true, samples)).toEqual({ state: 'ready', items: ['sample'], sample: true });
  });

  it('reports a failed call for a creator with data', () => {
    const error = new Error('500');
    expect(listToShow(undefined, error, false, samples)).toEqual({ state: 'error', error });
  });
});
