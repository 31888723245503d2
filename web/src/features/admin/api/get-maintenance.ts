import useSWR, { mutate } from 'swr';
import { contract } from '@shared/contract';
import { maintenanceSchema, type Maintenance } from '@shared/schemas/platform';
import { api, apiPath } from '@/lib/api-client';

/** `GET /api/admin/settings/maintenance`: maintenance mode and its message. */
export const MAINTENANCE_KEY = apiPath(contract.getMaintenance);

export function useMaintenance(enabled: boolean) {
  return useSWR<Maintenance>(enabled ? MAINTENANCE_KEY : null, async () => maintenanceSchema.parse(await api(contract.getMaintenance)));
}

export function replaceMaintenance(value: Maintenance): Promise<unknown> {
  return mutate(MAINTENANCE_KEY, value, { revalidate: false });
}
