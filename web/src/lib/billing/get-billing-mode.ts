import useSWR from 'swr';
import { contract } from '@shared/contract';
import { billingModeSchema, type BillingMode } from '@shared/schemas/subscription';
import { api } from '@/lib/api-client';

/** `GET /api/billing/mode` (public): how plan changes are paid here, demo, stripe or none. */
export const BILLING_MODE_KEY = contract.billingMode.path;

/** Reads the billing mode. */
export async function getBillingMode(): Promise<{ mode: BillingMode }> {
  return billingModeSchema.parse(await api(contract.billingMode));
}

/** How plan changes are paid here; undefined until it has loaded. */
export function useBillingMode(): BillingMode | undefined {
  const { data } = useSWR(BILLING_MODE_KEY, getBillingMode);
  return data?.mode;
}
