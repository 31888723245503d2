import useSWR, { mutate } from 'swr';
import { contract } from '@shared/contract';
import { auditListSchema, type AuditEntry } from '@shared/schemas/platform';
import { api, apiPath } from '@/lib/api-client';

/** `GET /api/admin/audit`: the newest administrator changes. */
export const AUDIT_LOG_KEY = apiPath(contract.auditLog);

export function useAuditLog(enabled: boolean) {
  return useSWR<AuditEntry[]>(enabled ? AUDIT_LOG_KEY : null, async () => auditListSchema.parse(await api(contract.auditLog)));
}

/** Reads the log again (after a change this page made). */
export function refreshAuditLog(): Promise<unknown> {
  return mutate(AUDIT_LOG_KEY);
}
