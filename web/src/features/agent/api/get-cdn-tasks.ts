import useSWR, { mutate } from 'swr';
import { cdnTaskListSchema, type CdnTaskDto } from '@shared/schemas/agent';
import { api, apiPath } from '@/lib/api-client';
import { contract } from '@shared/contract';

/** `GET /api/agent/cdn-tasks`: the ladder's CDN web-form tasks (agent console, issue 23). */
export const cdnTasksKey = apiPath(contract.agentCdnTasks);

export async function getCdnTasks(): Promise<CdnTaskDto[]> {
  return cdnTaskListSchema.parse(await api(contract.agentCdnTasks));
}

export function useCdnTasks() {
  return useSWR(cdnTasksKey, getCdnTasks, { revalidateOnMount: true });
}

export const invalidateCdnTasks = () => mutate(cdnTasksKey);
