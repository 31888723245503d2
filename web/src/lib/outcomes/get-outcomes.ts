import useSWR from 'swr';
import { outcomeFiguresSchema, type OutcomeFigures } from '@shared/schemas/outcomes';
import { api, apiPath } from '@/lib/api-client';
import { contract } from '@shared/contract';

/** `GET /api/user/me/outcomes`: the creator's takedown outcomes (issue 23). */
export const creatorOutcomesKey = apiPath(contract.caseOutcomes, { params: { id: 'me' } });
/** `GET /api/admin/outcomes`: the platform's (administrators). */
export const adminOutcomesKey = apiPath(contract.adminOutcomes, {});

export function useCreatorOutcomes() {
  return useSWR(creatorOutcomesKey, async (): Promise<OutcomeFigures> => outcomeFiguresSchema.parse(await api(contract.caseOutcomes, { params: { id: 'me' } })));
}

export function useAdminOutcomes() {
  return useSWR(adminOutcomesKey, async (): Promise<OutcomeFigures> => outcomeFiguresSchema.parse(await api(contract.adminOutcomes)));
}
