import { PLANS, PLAN_ORDER, planFeatures, type PlanId } from '@shared/plans';

/*
 * The plans as the Account page presents them: prices, the enforced allowances and the plan features all come
 * from the one plan table in shared/plans.ts, so this page states what the server enforces (issue 10).
 */

/** The plan assumed on the Account page when none is known (PRODUCT.md section 2). */
export const ACCOUNT_DEFAULT_PLAN: PlanId = 'basic';

/** Scans per month by plan (the enforced figures); `null` is unlimited. */
export const ACCOUNT_SEARCH_ALLOWANCE: Readonly<Record<PlanId, number | null>> = {
  trial: PLANS.trial.allowances.scansPerMonth,
  basic: PLANS.basic.allowances.scansPerMonth,
  pro: PLANS.pro.allowances.scansPerMonth,
  enterprise: PLANS.enterprise.allowances.scansPerMonth,
};

/** Plan names as the Account page's cards and buttons show them ("Upgrade to Pro"). */
export const ACCOUNT_PLAN_NAMES: Readonly<Record<PlanId, string>> = { trial: 'Trial', basic: 'Basic', pro: 'Pro', enterprise: 'Enterprise' };

export interface AccountPlanCard {
  id: PlanId;
  name: string;
  features: string[];
  popular: boolean;
}

/** The four plan cards, cheapest first. */
export const ACCOUNT_PLAN_CARDS: readonly AccountPlanCard[] = PLAN_ORDER.map((id) => ({
  id,
  name: ACCOUNT_PLAN_NAMES[id],
  features: planFeatures(id),
  popular: id === 'pro',
}));

/** What a plan card's button says and does (PRODUCT.md section 2): the current plan is disabled, others upgrade. */
export function planButton(card: PlanId, current: PlanId): { label: string; disabled: boolean } {
  if (card === current) return { label: 'Current Plan', disabled: true };
  // The free trial is where every account starts; the upgrade call accepts only paid plans.
  return { label: `Upgrade to ${ACCOUNT_PLAN_NAMES[card]}`, disabled: card === 'trial' };
}

/** The status badge text: the subscription's status, or 'Active' when there is none. */
export function statusLabel(status: string | null | undefined): string {
  const s = status?.trim();
  if (!s) return 'Active';
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export interface UsageMeter {
  used: number;
  /** `null` is unlimited. */
  limit: number | null;
  /** 0-100, for the bar; 0 when unlimited. */
  percent: number;
  /** `3 of 5 used`, `12 used (unlimited)`. */
  label: string;
  over: boolean;
}

/** Usage against an allowance. */
export function usageMeter(used: number, limit: number | null): UsageMeter {
  if (limit === null) return { used, limit, percent: 0, label: `${used} used (unlimited)`, over: false };
  const percent = limit === 0 ? 100 : Math.min(100, Math.round((used / limit) * 100));
  return { used, limit, percent, label: `${used} of ${limit} used`, over: used >= limit };
}

/** A daily cap on automated notices in words (`null` is none). */
export function dailySendsText(perDay: number | null): string {
  return perDay === null ? 'No daily cap' : `At most ${perDay} a day`;
}

/** The bulk submission limit in words (`null` is unlimited). */
export function bulkSubmissionsText(limit: number | null): string {
  return limit === null ? 'Unlimited violations per submission' : `Up to ${limit} violations per submission`;
}
