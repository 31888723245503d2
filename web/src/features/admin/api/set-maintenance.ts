import { contract } from '@shared/contract';
import { maintenanceSchema, type Maintenance } from '@shared/schemas/platform';
import { api } from '@/lib/api-client';
import { refreshAuditLog } from './get-audit-log';
import { replaceMaintenance } from './get-maintenance';

/**
 * `PUT /api/admin/settings/maintenance`: turns maintenance mode on or off; the answer replaces the cached value
 * and the audit log is read again.
 * @throws {ApiError} when the server refuses the change.
 */
export async function setMaintenance(body: { enabled: boolean; message?: string }): Promise<Maintenance> {
  const saved = maintenanceSchema.parse(await api(contract.setMaintenance, { body }));
  await Promise.all([replaceMaintenance(saved), refreshAuditLog()]);
  return saved;
}
