import {
  RISK_SAMPLE_METRICS,
  type ContentRiskItem,
  type RiskHotspot,
  type RiskMetrics,
  type RiskPeriod,
  type RiskTrendPoint,
} from '../../../shared/schemas/risk';
import { loadRiskData } from './data';
import { hostingGeography } from './geography';
import { computeContentAnalysis, computeHotspots, computeRiskMetrics, computeTrends, hasNoData } from './formula';

/**
 * The signed-in creator's risk picture, from their own results and cases only (the caller's user id is the
 * only input that selects data). A caller with no scans, results or cases gets the sample metrics of PRODUCT.md section 9
 * marked `sample: true`, and empty lists (the screen shows its own samples for those).
 */

export async function riskMetrics(userId: string, period: RiskPeriod, now = new Date()): Promise<RiskMetrics> {
  const data = await loadRiskData(userId);
  if (hasNoData(data)) return { ...RISK_SAMPLE_METRICS };
  return computeRiskMetrics(data, period, now.getTime());
}

export async function riskHotspots(userId: string, now = new Date()): Promise<RiskHotspot[]> {
  const data = await loadRiskData(userId);
  const geography = await hostingGeography(data.results.filter((r) => !r.allowlisted && r.review !== 'safe').map((r) => r.domain));
  return computeHotspots(data, now.getTime(), geography);
}

export async function riskTrends(userId: string, period: RiskPeriod, now = new Date()): Promise<RiskTrendPoint[]> {
  const data = await loadRiskData(userId);
  return hasNoData(data) ? [] : computeTrends(data, period, now.getTime());
}

export async function riskContentAnalysis(userId: string, now = new Date()): Promise<ContentRiskItem[]> {
  return computeContentAnalysis(await loadRiskData(userId), now.getTime());
}

export { riskRecommendations } from './recommendations';
