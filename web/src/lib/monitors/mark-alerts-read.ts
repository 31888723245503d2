import { contract } from '@shared/contract';
import { api } from '@/lib/api-client';
import { invalidateAlerts } from './get-alerts';

/** `POST /api/user/me/alerts/read`: marks the given alerts read (all of them without ids), then reloads them. */
export async function markAlertsRead(ids?: string[]): Promise<void> {
  await api(contract.readAlerts, { params: { id: 'me' }, body: ids ? { ids } : {} });
  await invalidateAlerts();
}
