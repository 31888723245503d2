import { delistingItemSchema, type DelistingItemDto } from '@shared/schemas/agent';
import { api } from '@/lib/api-client';
import { contract } from '@shared/contract';

/** "Filed": records the engine's reference number (`POST /api/agent/delisting/{id}/filed`). */
export async function markFiled(id: string, reference: string): Promise<DelistingItemDto> {
  return delistingItemSchema.parse(await api(contract.agentDelistingFiled, { params: { id }, body: { reference } }));
}

/** The engine refused (`POST /api/agent/delisting/{id}/refused`). */
export async function markRefused(id: string, note?: string): Promise<DelistingItemDto> {
  return delistingItemSchema.parse(await api(contract.agentDelistingRefused, { params: { id }, body: note ? { note } : {} }));
}

/** Looks the URL up in the engine again (`POST /api/agent/delisting/{id}/check`). */
export async function checkNow(id: string): Promise<DelistingItemDto> {
  return delistingItemSchema.parse(await api(contract.agentDelistingCheck, { params: { id } }));
}
