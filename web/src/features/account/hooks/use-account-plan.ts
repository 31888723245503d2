import type { PlanId } from '@shared/plans';
import { useCurrentUser } from '@/lib/auth';
import { useSubscription } from '@/lib/billing/get-subscription';
import { ACCOUNT_DEFAULT_PLAN } from '../lib/account-plans';

export interface AccountPlan {
  plan: PlanId;
  status: string | undefined;
  discount: number | undefined;
  monthlyPriceUsd: number | undefined;
  pendingPlan: PlanId | undefined;
  currentPeriodEnd: string | undefined;
  /** Paid through Stripe: "Manage billing" opens the customer portal. */
  manageable: boolean;
}

/**
 * The plan and status the Account page shows: the subscription call's, else the signed-in user's plan (the same
 * stored plan, known at once), else basic, the Account page's plan when none is known.
 */
export function useAccountPlan(): AccountPlan {
  const user = useCurrentUser();
  const { data } = useSubscription();
  return {
    plan: data?.plan ?? user.subscriptionPlan ?? ACCOUNT_DEFAULT_PLAN,
    status: data?.status ?? user.subscriptionStatus,
    discount: data?.discount,
    monthlyPriceUsd: data?.monthlyPriceUsd,
    pendingPlan: data?.pendingPlan,
    currentPeriodEnd: data?.currentPeriodEnd,
    manageable: data?.manageable ?? false,
  };
}
