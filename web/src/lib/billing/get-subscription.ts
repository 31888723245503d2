import useSWR, { mutate } from 'swr';
import { contract } from '@shared/contract';
import { DEFAULT_PLAN, type PlanId } from '@shared/plans';
import { subscriptionSchema, type Subscription } from '@shared/schemas/subscription';
import { api, apiPath } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth';

/*
 * The creator's plan (`GET /api/user/subscription`): the account page shows and changes it, the bulk card and the
 * case page gate on it, so the resource lives in lib/ (features never import one another).
 */

/** `GET /api/user/subscription`: the stored plan, which every plan gate on the server reads. */
export const SUBSCRIPTION_KEY = apiPath(contract.subscription);

/** Reads the creator's plan. */
export async function getSubscription(): Promise<Subscription> {
  return subscriptionSchema.parse(await api(contract.subscription));
}

/** The subscription call's answer: plan, status, discount, price, pending change. */
export function useSubscription() {
  return useSWR(SUBSCRIPTION_KEY, getSubscription);
}

/**
 * The creator's plan: the subscription call's answer, or the plan of the signed-in user while it loads or when it
 * fails (both come from the same stored plan). `loading` is true until the subscription call answered.
 */
export function usePlan(): { plan: PlanId; loading: boolean } {
  const user = useCurrentUser();
  const { data, isLoading } = useSubscription();
  return { plan: data?.plan ?? user.subscriptionPlan ?? DEFAULT_PLAN, loading: isLoading };
}

/** Reloads the plan wherever it is shown or gates something (after a plan change). */
export function invalidateSubscription(): Promise<unknown> {
  return mutate(SUBSCRIPTION_KEY);
}
