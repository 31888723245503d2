import { contract } from '../../../shared/contract';
import { areaHandler, json, userEndpoint } from '../chain';
import { riskContentAnalysis, riskHotspots, riskMetrics, riskRecommendations, riskTrends } from '../../services/risk';

/*
 * The risk dashboard's calls (PRODUCT.md section 7), always about the signed-in caller: no route takes a user id,
 * so nobody can ask for someone else's picture. `period` is 24h, 7d (default), 30d or 90d; anything else 400.
 */

const metrics = userEndpoint(contract.riskMetrics, async ({ query, caller }) =>
  json(await riskMetrics(caller.userId, query.period)),
);
const hotspots = userEndpoint(contract.hotspots, async ({ caller }) => json(await riskHotspots(caller.userId)));
const trends = userEndpoint(contract.trends, async ({ query, caller }) =>
  json(await riskTrends(caller.userId, query.period)),
);
const contentAnalysis = userEndpoint(contract.contentAnalysis, async ({ caller }) => json(await riskContentAnalysis(caller.userId)));

const recommendations = userEndpoint(contract.riskRecommendations, async ({ caller }) => json(await riskRecommendations(caller.userId)));

export const handler = areaHandler('risk', [metrics, hotspots, trends, contentAnalysis, recommendations]);
