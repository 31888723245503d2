import useSWR from 'swr';
import { contract } from '@shared/contract';
import { activityListSchema, type ActivityItem } from '@shared/schemas/platform';
import { api, apiPath } from '@/lib/api-client';

/** `GET /api/admin/activity`: the platform's newest business events. */
export const ACTIVITY_KEY = apiPath(contract.adminActivity);

export function useAdminActivity(enabled: boolean) {
  return useSWR<ActivityItem[]>(enabled ? ACTIVITY_KEY : null, async () => activityListSchema.parse(await api(contract.adminActivity)));
}
