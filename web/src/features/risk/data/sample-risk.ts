import type { ContentRiskItem, RiskHotspot, RiskPeriod, RiskTrendPoint } from '@shared/schemas/risk';
import { RISK_PERIOD_DAYS } from '@shared/schemas/risk';

/*
 * Built-in sample data (PRODUCT.md section 7: "if a call returns nothing, built-in sample data is shown"). Used only
 * while the creator has no data of their own, and always labelled as sample on screen.
 */

const DAY = 24 * 60 * 60 * 1000;
const isoDaysAgo = (days: number, now: number) => new Date(now - days * DAY).toISOString();

export function sampleHotspots(now: number = Date.now()): RiskHotspot[] {
  return [
    { platform: 'Reddit', riskScore: 82, violations: 5, trend: 'increasing', lastDetected: isoDaysAgo(0.1, now), geography: 'Global' },
    { platform: 'Telegram', riskScore: 74, violations: 3, trend: 'increasing', lastDetected: isoDaysAgo(0.6, now), geography: 'Europe' },
    { platform: 'Leak forums', riskScore: 63, violations: 2, trend: 'stable', lastDetected: isoDaysAgo(1.5, now), geography: 'Global' },
    { platform: 'File hosts', riskScore: 48, violations: 1, trend: 'decreasing', lastDetected: isoDaysAgo(3, now), geography: 'North America' },
    { platform: 'X (Twitter)', riskScore: 35, violations: 1, trend: 'stable', lastDetected: isoDaysAgo(5, now), geography: 'Global' },
  ];
}

export function sampleTrends(period: RiskPeriod, now: number = Date.now()): RiskTrendPoint[] {
  const days = Math.max(RISK_PERIOD_DAYS[period], 2);
  const points: RiskTrendPoint[] = [];
  let open = 9;
  for (let i = days - 1; i >= 0; i--) {
    const step = days - 1 - i;
    const newThreats = [2, 1, 3, 0, 2, 1, 1][step % 7]!;
    const resolved = [1, 2, 1, 1, 0, 2, 1][step % 7]!;
    open = Math.max(0, open + newThreats - resolved);
    points.push({ date: new Date(now - i * DAY).toISOString().slice(0, 10), violations: open, newThreats, resolved });
  }
  return points;
}

export const SAMPLE_CONTENT_RISK: readonly ContentRiskItem[] = [
  {
    contentType: 'videos',
    riskLevel: 78,
    exposureCount: 9,
    platforms: ['Tube sites', 'Telegram', 'File hosts'],
    recommendation: 'Upload your newest videos as reference files so re-uploads are matched by fingerprint, and send bulk takedowns for the tube sites.',
  },
  {
    contentType: 'images',
    riskLevel: 61,
    exposureCount: 11,
    platforms: ['Reddit', 'Image boards', 'Leak forums'],
    recommendation: 'Review the image matches above 80% confidence first; they are the most likely copies of your sets.',
  },
  {
    contentType: 'web',
    riskLevel: 34,
    exposureCount: 3,
    platforms: ['Blogs', 'Aggregators'],
    recommendation: 'Add your own sites and partners to the allowlist so only real leaks remain in your results.',
  },
];
