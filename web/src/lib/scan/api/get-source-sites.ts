import useSWR from 'swr';
import { contract } from '@shared/contract';
import { siteRuleListSchema, type SiteRuleSummary } from '@shared/schemas/sources';
import { api, apiPath } from '@/lib/api-client';

/** `GET /api/sources/sites`: the leak sites a scan or a monitor can watch (issue 25). */
export const SOURCE_SITES_KEY = apiPath(contract.sourceSites);

export function useSourceSites() {
  return useSWR<SiteRuleSummary[]>(SOURCE_SITES_KEY, async () => siteRuleListSchema.parse(await api(contract.sourceSites)));
}
