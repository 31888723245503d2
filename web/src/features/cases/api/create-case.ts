import { caseCreatedSchema, casePreviewSchema, type CaseCreateInput, type CaseCreated, type CasePreview } from '@shared/schemas/cases';
import { api } from '@/lib/api-client';
import { invalidateCases } from '@/lib/submissions/api/get-cases';
import { contract } from '@shared/contract';

/**
 * Opens a case: `POST /api/dmca` with the contract's creation body (shared/contract.ts). The creator's own details are not part of it:
 * notices are filed under Vigil's agent identity.
 * @throws {ApiError} when the server refuses it (its body carries the message to show).
 */
export async function createCase(payload: CaseCreateInput): Promise<CaseCreated> {
  const created = caseCreatedSchema.parse(await api(contract.createCase, { body: payload }));
  void invalidateCases();
  return created;
}

/** `POST /api/dmca` with `preview: true`: every check, and the description the notice would carry; nothing is created. */
export async function previewCase(payload: CaseCreateInput): Promise<CasePreview> {
  return casePreviewSchema.parse(await api(contract.createCase, { body: { ...payload, preview: true } }));
}
