import useSWR from 'swr';
import { contract } from '@shared/contract';
import { riskRecommendationListSchema, type RiskRecommendation } from '@shared/schemas/risk';
import { apiPath, apiRequest } from '@/lib/api-client';

/** The SWR key of `GET /api/risk/recommendations`: advice computed from the signed-in creator's account. */
export const RISK_RECOMMENDATIONS_KEY = apiPath(contract.riskRecommendations);

export function useRiskRecommendations() {
  return useSWR<RiskRecommendation[]>(RISK_RECOMMENDATIONS_KEY, async (path: string) => riskRecommendationListSchema.parse(await apiRequest<unknown>('GET', path)));
}
