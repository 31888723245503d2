import useSWR, { mutate } from 'swr';
import { delistingListSchema, type DelistingItemDto } from '@shared/schemas/agent';
import { api, apiPath } from '@/lib/api-client';
import { contract } from '@shared/contract';

export type DelistingEngine = DelistingItemDto['engine'];

/** `GET /api/agent/delisting?engine=`: one engine's delisting queue (agent console, issue 23). */
export const delistingQueueKey = (engine: DelistingEngine) => apiPath(contract.agentDelistingQueue, { query: { engine } });

export async function getDelistingQueue(engine: DelistingEngine): Promise<DelistingItemDto[]> {
  return delistingListSchema.parse(await api(contract.agentDelistingQueue, { query: { engine } }));
}

export function useDelistingQueue(engine: DelistingEngine) {
  return useSWR(delistingQueueKey(engine), () => getDelistingQueue(engine), { revalidateOnMount: true });
}

export const invalidateDelistingQueue = (engine: DelistingEngine) => mutate(delistingQueueKey(engine));
