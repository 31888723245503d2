import { accountExportSchema, deletionRequestSchema, type AccountExport, type DeletionRequest } from '@shared/schemas/account-data';
import { api } from '@/lib/api-client';
import { contract } from '@shared/contract';

/** `POST /api/user/me/export`: queues an export of all the caller's data (or answers the one under way). */
export async function exportMyData(): Promise<AccountExport> {
  return accountExportSchema.parse(await api(contract.exportAccount, { params: { id: 'me' } }));
}

/** `POST /api/user/me/deletion`: mails the confirmation link; nothing is deleted until it is followed. */
export async function requestAccountDeletion(): Promise<DeletionRequest> {
  return deletionRequestSchema.parse(await api(contract.requestDeletion, { params: { id: 'me' } }));
}
