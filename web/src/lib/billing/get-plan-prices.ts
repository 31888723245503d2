import useSWR, { mutate } from 'swr';
import { contract } from '@shared/contract';
import type { PlanId } from '@shared/plans';
import { planPricesSchema, type PlanPriceSettings } from '@shared/schemas/platform';
import { api, apiPath } from '@/lib/api-client';

/*
 * The plans' prices as billing charges them (`GET /api/public/plans`, public; issue 26 Pricing Updates): the
 * pricing page, the Account page's plan cards and the admin's Pricing Updates form read them from the server,
 * never from a constant of the bundle.
 */

export const PLAN_PRICES_KEY = apiPath(contract.publicPlans);

export async function getPlanPrices(): Promise<PlanPriceSettings> {
  return planPricesSchema.parse(await api(contract.publicPlans));
}

export function usePlanPrices() {
  return useSWR(PLAN_PRICES_KEY, getPlanPrices, { revalidateOnFocus: false });
}

/** A plan's monthly price in US dollars, undefined until the prices have loaded. */
export function usePlanPrice(plan: PlanId): number | undefined {
  return usePlanPrices().data?.prices[plan];
}

/** Puts prices an administrator just saved in the cache (every screen shows them at once). */
export function replacePlanPrices(value: PlanPriceSettings): Promise<unknown> {
  return mutate(PLAN_PRICES_KEY, value, { revalidate: false });
}
