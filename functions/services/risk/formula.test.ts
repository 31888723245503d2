import { riskHotspotListSchema, riskMetricsSchema, riskTrendListSchema, contentRiskListSchema } from '../../../shared/schemas/risk';
import type { RiskData, RiskResult } from './data';
import { computeContentAnalysis, computeHotspots, computeRiskMetrics, computeTrends, hasNoData, levelOf, trendOf } from './formula';
import { clearGeographyCache, dominantGeography, hostingGeography, MAX_LOOKUPS } from './geography';

const NOW = Date.parse('2030-06-15T12:00:00.000Z');
const H = 3600_000;
const D = 24 * H;

let n = 0;
const result = (over: Partial<RiskResult>): RiskResult => ({
  id: `R${++n}`,
  platform: 'forum',
  domain: 'leaks.example',
  contentType: 'images',
  priority: 'high',
  confidence: 90,
  review: 'unauthorized',
  createdAt: NOW - H,
  seenAt: NOW - H,
  noticeSent: false,
  allowlisted: false,
  seenKnown: true,
  ...over,
});

/**
 * Fixed data (times before NOW = 2030-06-15T12:00Z):
 *  r1 forum/leaks.de      high unauthorized, found 2h ago (seen 7h ago), no notice          -> open, weight 1
 *  r2 forum/leaks.de      medium unreviewed, found 3d ago (seen 3d+1h ago)                   -> open, weight 0.3
 *  r3 tube/tube.com       high unauthorized, found 10d ago, notice sent 10d ago + 6h, taken down 2d ago -> closed
 *  r4 tube/tube.com       low safe, found 1d ago                                             -> not an exposure
 *  r5 social/social.co.uk high unauthorized (videos), found 20h ago (seen 22h ago), notice sent 4h ago -> open, weight 1
 */
function fixture(): RiskData {
  n = 0;
  const results = [
    result({ platform: 'forum', domain: 'leaks.de', createdAt: NOW - 2 * H, seenAt: NOW - 7 * H }),
    result({ platform: 'forum', domain: 'leaks.de', priority: 'medium', review: null, createdAt: NOW - 3 * D, seenAt: NOW - 3 * D - H, confidence: 70 }),
    result({ platform: 'tube', domain: 'tube.com', createdAt: NOW - 10 * D, seenAt: NOW - 10 * D, noticeSent: true, resolvedAt: NOW - 2 * D, contentType: 'videos' }),
    result({ platform: 'tube', domain: 'tube.com', priority: 'low', review: 'safe', createdAt: NOW - D, seenAt: NOW - D }),
    result({ platform: 'social', domain: 'social.co.uk', createdAt: NOW - 20 * H, seenAt: NOW - 22 * H, noticeSent: true, contentType: 'videos', confidence: 80 }),
  ];
  return {
    results,
    cases: [
      { id: 'C1', resultId: 'R3', status: 'resolved', createdAt: NOW - 10 * D + H, sentAt: NOW - 10 * D + 6 * H, resolvedAt: NOW - 2 * D },
      { id: 'C2', resultId: 'R5', status: 'sent', createdAt: NOW - 18 * H, sentAt: NOW - 4 * H },
    ],
    hasSearches: true,
  };
}

describe('computeRiskMetrics on fixed data', () => {
  it('computes every figure of the 7-day period', () => {
    const m = riskMetricsSchema.strict().parse(computeRiskMetrics(fixture(), '7d', NOW));
    // open: r1, r2, r5 (r3 taken down, r4 safe); sites leaks.de, social.co.uk
    // coverage: handled r3 (notice), r4 (safe), r5 (notice) = 3 of 5 = 60%
    // recent (7d, exposures): r1, r2, r5 = 3; detection over period results r1, r2, r4, r5: 5h, 1h, 0h, 2h -> 2.0
    // response over notices sent in 7 days: C2 only: sentAt - r5 found = 20h - 4h = 16h
    // score: exposure (1 + 0.3 + 1) / 20 = 0.115; recency (3 / 7) / 2 = 0.2142857; gap 0.4; spread 2 / 10 = 0.2
    //   100 * (0.4 * 0.115 + 0.25 * 0.2142857 + 0.2 * 0.4 + 0.15 * 0.2) = 4.6 + 5.357 + 8 + 3 = 20.96 -> 21 LOW
    expect(m).toEqual({
      overallRiskScore: 21,
      riskLevel: 'LOW',
      vulnerabilityCount: 2,
      protectionCoverage: 60,
      recentThreats: 3,
      timeToDetection: 2,
      averageResponseTime: 16,
      contentExposure: 2,
    });
  });

  it('narrows recent threats, detection and response to the period', () => {
    const m = computeRiskMetrics(fixture(), '24h', NOW);
    // 24h: r1 and r5 (r2 is 3 days old); detection (5h + 2h) / 2 = 3.5; response 16h (C2)
    // score: 0.4 * 0.115 + 0.25 * min(1, 2 / 2) + 0.2 * 0.4 + 0.15 * 0.2 = 0.046 + 0.25 + 0.08 + 0.03 = 40.6 -> 41 MEDIUM
    expect(m).toMatchObject({ recentThreats: 2, timeToDetection: 3.5, averageResponseTime: 16, overallRiskScore: 41, riskLevel: 'MEDIUM' });
    // 30d takes in r3 (found 10 days ago; taken down since, still a threat found in the period) and C1's
    // response (sent 6h after r3 was found): (16 + 6) / 2 = 11
    expect(computeRiskMetrics(fixture(), '30d', NOW)).toMatchObject({ recentThreats: 4, averageResponseTime: 11 });
  });

  it('has cut-offs LOW < 40 <= MEDIUM < 80 <= HIGH < 90 <= CRITICAL', () => {
    expect([0, 39, 40, 79, 80, 89, 90, 100].map(levelOf)).toEqual(['LOW', 'LOW', 'MEDIUM', 'MEDIUM', 'HIGH', 'HIGH', 'CRITICAL', 'CRITICAL']);
  });

  it('saturates at CRITICAL for a heavy, spreading, unhandled exposure', () => {
    const many = Array.from({ length: 30 }, (_, i) => result({ domain: `site${i}.ru`, createdAt: NOW - (i % 7) * D - H }));
    const m = computeRiskMetrics({ results: many, cases: [], hasSearches: true }, '7d', NOW);
    expect(m).toMatchObject({ overallRiskScore: 100, riskLevel: 'CRITICAL', vulnerabilityCount: 30, protectionCoverage: 0, contentExposure: 30 });
  });

  it('is all zeros and LOW (not the sample) for a creator whose scans found nothing', () => {
    const empty: RiskData = { results: [], cases: [], hasSearches: true };
    expect(hasNoData(empty)).toBe(false);
    expect(computeRiskMetrics(empty, '7d', NOW)).toEqual({
      overallRiskScore: 0,
      riskLevel: 'LOW',
      vulnerabilityCount: 0,
      protectionCoverage: 100,
      recentThreats: 0,
      timeToDetection: 0,
      averageResponseTime: 0,
      contentExposure: 0,
    });
    expect(hasNoData({ results: [], cases: [], hasSearches: false })).toBe(true);
  });
});

describe('computeHotspots on fixed data', () => {
  it('ranks platforms by risk with violations, trend, last detection and geography', () => {
    const hosting = (d: string) => ({ 'leaks.de': 'Netherlands', 'social.co.uk': 'United States' })[d];
    const rows = riskHotspotListSchema.parse(computeHotspots(fixture(), NOW, hosting));
    // forum: open r1 (1) + r2 (0.3) = 1.3 -> 0.6 * 0.13 = 0.078; last 7 days 2 -> 0.25 * 0.4 = 0.1;
    //        mean confidence (90 + 70) / 2 = 80 -> 0.12; 100 * 0.298 = 29.8 -> 30; previous 7 days 0 -> increasing
    // social: open r5 (1) -> 0.06; last 7 days 1 -> 0.05; confidence 80 -> 0.12; 23
    // tube: nothing open (r3 taken down; r4 safe is no exposure); r3 found 10 days ago -> previous 7 days 1, last 0
    expect(rows).toEqual([
      { platform: 'forum', riskScore: 30, violations: 1, trend: 'increasing', lastDetected: new Date(NOW - 2 * H).toISOString(), geography: 'Netherlands' },
      { platform: 'social', riskScore: 23, violations: 1, trend: 'increasing', lastDetected: new Date(NOW - 20 * H).toISOString(), geography: 'United States' },
      { platform: 'tube', riskScore: 0, violations: 0, trend: 'decreasing', lastDetected: new Date(NOW - 10 * D).toISOString(), geography: 'Unknown' },
    ]);
  });

  it('calls a trend by comparing the last 7 days with the 7 before', () => {
    expect([trendOf(3, 1), trendOf(2, 2), trendOf(0, 4)]).toEqual(['increasing', 'stable', 'decreasing']);
  });
});

describe('computeTrends on fixed data', () => {
  it('gives one point per day of the period: found, taken down, open at the end of the day', () => {
    const points = riskTrendListSchema.parse(computeTrends(fixture(), '7d', NOW));
    expect(points.map((p) => p.date)).toEqual(['2030-06-09', '2030-06-10', '2030-06-11', '2030-06-12', '2030-06-13', '2030-06-14', '2030-06-15']);
    // Open before the window: r3 (found 06-05, taken down 06-13 12:00).
    // r2 found 06-12 12:00; r5 found 06-14 16:00; r1 found 06-15 10:00.
    expect(points).toEqual([
      { date: '2030-06-09', violations: 1, newThreats: 0, resolved: 0 },
      { date: '2030-06-10', violations: 1, newThreats: 0, resolved: 0 },
      { date: '2030-06-11', violations: 1, newThreats: 0, resolved: 0 },
      { date: '2030-06-12', violations: 1, newThreats: 1, resolved: 0 },
      { date: '2030-06-13', violations: 0, newThreats: 0, resolved: 1 },
      { date: '2030-06-14', violations: 1, newThreats: 1, resolved: 0 },
      { date: '2030-06-15', violations: 2, newThreats: 1, resolved: 0 },
    ]);
    // Violations are the dashboard's: unauthorized and open (r2, not reviewed yet, is an exposure, not a violation).
    expect(computeTrends(fixture(), '24h', NOW)).toEqual([{ date: '2030-06-15', violations: 2, newThreats: 1, resolved: 0 }]);
    expect(computeTrends(fixture(), '90d', NOW)).toHaveLength(90);
  });
});

describe('computeContentAnalysis on fixed data', () => {
  it('rates each content type with its open exposure and the most urgent advice', () => {
    const rows = contentRiskListSchema.parse(computeContentAnalysis(fixture(), NOW));
    // images: exposures r1, r2 (r4 is safe), both open: 0.7 * 0.13 + 0.3 * 1 = 0.391 -> 39
    // videos: exposures r3 (down), r5 (open, notice sent): 0.7 * 0.1 + 0.3 * 0.5 = 0.22 -> 22
    expect(rows).toEqual([
      {
        contentType: 'images',
        riskLevel: 39,
        exposureCount: 2,
        platforms: ['forum'],
        recommendation: 'Send takedown notices for 1 unauthorized image copies; forum hosts the most.',
      },
      {
        contentType: 'videos',
        riskLevel: 22,
        exposureCount: 1,
        platforms: ['social'],
        recommendation: '1 video copies have notices sent: watch for removal and escalate any still online after 7 days.',
      },
    ]);
  });
});

describe('geography', () => {
  it('names the most common hosting country, both on a tie, Unknown when none is known', () => {
    const geo = (d: string) => ({ 'a.de': 'Netherlands', 'b.de': 'Netherlands', 'c.com': 'United States' })[d];
    expect(dominantGeography(['a.de', 'b.de', 'c.com', 'x.example'], geo)).toBe('Netherlands');
    expect(dominantGeography(['a.de', 'c.com'], geo)).toBe('Netherlands, United States');
    expect(dominantGeography(['x.example'], geo)).toBe('Unknown');
    expect(dominantGeography([], geo)).toBe('Unknown');
  });

  it('looks each host up once a day, the most frequent first, at most MAX_LOOKUPS a request', async () => {
    clearGeographyCache();
    const asked: string[] = [];
    const lookup = async (h: string) => {
      asked.push(h);
      return h === 'leaks.de' ? 'NL' : undefined;
    };
    const hosts = ['leaks.de', 'leaks.de', ...Array.from({ length: 30 }, (_, k) => `s${k}.example`)];
    const geo = await hostingGeography(hosts, NOW, lookup);
    expect(asked).toHaveLength(MAX_LOOKUPS);
    expect(asked[0]).toBe('leaks.de');
    expect(geo('leaks.de')).toBe('Netherlands');
    expect(geo('s0.example')).toBeUndefined();
    await hostingGeography(['leaks.de'], NOW + 3600_000, lookup);
    expect(asked).toHaveLength(MAX_LOOKUPS);
    clearGeographyCache();
  });
});

describe('violations agree with the dashboard (issue 26)', () => {
  it('counts results marked unauthorized, open and not allowlisted; an allowlisted site is no exposure either', () => {
    const d = fixture();
    d.results.push(
      result({ platform: 'forum', domain: 'partner.example', createdAt: NOW - H, allowlisted: true }),
      result({ platform: 'forum', domain: 'partner.example', review: null, createdAt: NOW - H, allowlisted: true }),
    );
    expect(computeRiskMetrics(d, '7d', NOW).vulnerabilityCount).toBe(2);
    expect(computeHotspots(d, NOW).find((h) => h.platform === 'forum')?.violations).toBe(1);
    expect(computeRiskMetrics(d, '7d', NOW).recentThreats).toBe(computeRiskMetrics(fixture(), '7d', NOW).recentThreats);
  });
});

describe('detection speed (issue 26)', () => {
  it("is measured from the copy's first known date to Vigil's first sight, over copies whose date is known", () => {
    const d: RiskData = { results: [result({ createdAt: NOW - H, seenAt: NOW - 5 * H }), result({ createdAt: NOW - H, seenAt: NOW - H, seenKnown: false })], cases: [], hasSearches: true };
    expect(computeRiskMetrics(d, '7d', NOW).timeToDetection).toBe(4);
  });
});
