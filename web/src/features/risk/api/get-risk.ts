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

/** `GET /api/risk/metrics?period=`. */
export function useRiskMetrics(period: RiskPeriod) {
  return useSWR<RiskMetrics | null>(apiPath(contract.riskMetrics, { query: { period } }), (path: string) => getParsed(path, (b) => riskMetricsSchema.parse(b)), {
    keepPreviousData: true,
  });
}

/** `GET /api/risk/hotspots`. */
export function useRiskHotspots() {
  return useSWR<RiskHotspot[] | null>(apiPath(contract.hotspots), (path: string) => getParsed(path, (b) => riskHotspotListSchema.parse(b)));
}

/** `GET /api/risk/trends?period=`. */
export function useRiskTrends(period: RiskPeriod) {
  return useSWR<RiskTrendPoint[] | null>(apiPath(contract.trends, { query: { period } }), (path: string) => getParsed(path, (b) => riskTrendListSchema.parse(b)), {
    keepPreviousData: true,
  });
}

/** `GET /api/risk/content-analysis`. */
export function useContentRisk() {
  return useSWR<ContentRiskItem[] | null>(apiPath(contract.contentAnalysis), (path: string) => getParsed(path, (b) => contentRiskListSchema.parse(b)));
}
