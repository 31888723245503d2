import { automatedSubmissionResponseSchema, type AutomatedSubmissionResponse } from '@shared/schemas/cases';
import { api } from '@/lib/api-client';
import { invalidateCases } from '@/lib/submissions/api/get-cases';
import { invalidateCase } from './get-case';
import { contract } from '@shared/contract';

/**
 * Starts the automated submission of a case: `POST /api/dmca/{id}/submit-automated` (paid plans; the server
 * checks the stored plan). The answer says whether the submission started and, if not, why.
 * @throws {ApiError} when the server refuses the call.
 */
export async function submitAutomated(caseId: string): Promise<AutomatedSubmissionResponse> {
  try {
    return automatedSubmissionResponseSchema.parse(await api(contract.submitAutomated, { params: { id: caseId } }));
  } finally {
    void invalidateCases();
    void invalidateCase(caseId);
  }
}
