import { caseSchema, type DmcaCase } from '@shared/schemas/cases';
import { contract } from '@shared/contract';
import { api } from '@/lib/api-client';
import { invalidateCases } from '@/lib/submissions/api/get-cases';

/**
 * Records "I have checked this page shows my content" on an open case (`POST /api/dmca/{id}/confirm-content`):
 * a copy found by name only is submitted automatically only after it.
 * @throws {ApiError} when the server refuses it.
 */
export async function confirmContent(caseId: string): Promise<DmcaCase> {
  const updated = caseSchema.parse(await api(contract.confirmContent, { params: { id: caseId }, body: { confirmed: true } }));
  void invalidateCases();
  return updated;
}
