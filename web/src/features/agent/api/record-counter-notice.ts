import { caseSchema, type DmcaCase } from '@shared/schemas/cases';
import { api } from '@/lib/api-client';
import { contract } from '@shared/contract';

/** Records a counter-notice against a case (`POST /api/agent/cases/{id}/counter-notice`). */
export async function recordCounterNotice(caseId: string, body: { by: string; receivedAt: string; statement: string }): Promise<DmcaCase> {
  return caseSchema.parse(await api(contract.agentCounterNotice, { params: { id: caseId }, body }));
}
