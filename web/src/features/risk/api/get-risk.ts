import useSWR from 'swr';
import {
  contentRiskListSchema,
  riskHotspotListSchema,
  riskMetricsSchema,
  riskTrendListSchema,
  type ContentRiskItem,
  type RiskHotspot,
  type RiskMetrics,
  type RiskPeriod,
  type RiskTrendPoint,
} from '@shared/schemas/risk';
import { apiPath, apiRequest } from '@/lib/api-client';
import { contract } from '@shared/contract';

/*
 * The risk calls of the signed-in creator (PRODUCT.md section 7, ARCHITECTURE.md, "Shape of the code"): the server knows who is asking, so
 * the paths carry no user id. An empty body ("returns nothing") reads as null; the screen then shows defaults.
 */

async function getParsed<T>(path: string, parse: (body: unknown) => T): Promise<T | null> {
  const body = await apiRequest<unknown>('GET', path);
  return body === undefined || body === null ? null : parse(body);
}

/** The SWR keys of the risk calls: each is the call's path, which the fetcher reads. */
export const riskMetricsKey = (period: RiskPeriod) => apiPath(contract.riskMetrics, { query: { period } });
export const RISK_HOTSPOTS_KEY = apiPath(contract.hotspots);
export const riskTrendsKey = (period: RiskPeriod) => apiPath(contract.trends, { query: { period } });
export const CONTENT_RISK_KEY = apiPath(contract.contentAnalysis);

/** `GET /api/risk/metrics?period=`. */
export function useRiskMetrics(period: RiskPeriod) {
  return useSWR<RiskMetrics | null>(riskMetricsKey(period), (path: string) => getParsed(path, (b) => riskMetricsSchema.parse(b)), {
    keepPreviousData: true,
  });
}

/** `GET /api/risk/hotspots`. */
export function useRiskHotspots() {
  return useSWR<RiskHotspot[] | null>(RISK_HOTSPOTS_KEY, (path: string) => getParsed(path, (b) => riskHotspotListSchema.parse(b)));
}

/** `GET /api/risk/trends?period=`. */
export function useRiskTrends(period: RiskPeriod) {
  return useSWR<RiskTrendPoint[] | null>(riskTrendsKey(period), (path: string) => getParsed(path, (b) => riskTrendListSchema.parse(b)), {
    keepPreviousData: true,
  });
}

/** `GET /api/risk/content-analysis`. */
export function useContentRisk() {
  return useSWR<ContentRiskItem[] | null>(CONTENT_RISK_KEY, (path: string) => getParsed(path, (b) => contentRiskListSchema.parse(b)));
}
