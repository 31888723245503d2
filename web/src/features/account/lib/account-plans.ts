import { ACCOUNT_PAGE_ALLOWANCES, monitorAllowanceText, PLANS, PLAN_ORDER, PLATFORM_LABELS, type PlanId } from '@shared/plans';

/*
 * The plans as the Account page presents them (SPEC section 9: "Account page: Trial 3 searches/month, Basic 5
 * searches, Pro 50 searches with automated submissions, Enterprise unlimited"). Prices, platforms and bulk limits
 * come from the shared plan rules.
 */

/** The plan assumed on the Account page when none is known (SPEC section 2). */
export const ACCOUNT_DEFAULT_PLAN: PlanId = 'basic';

/** Searches per month by plan on the Account page (the shared figures the usage route answers with); `null` is unlimited. */
export const ACCOUNT_SEARCH_ALLOWANCE: Readonly<Record<PlanId, number | null>> = {
  trial: ACCOUNT_PAGE_ALLOWANCES.trial.searchesPerMonth,
  basic: ACCOUNT_PAGE_ALLOWANCES.basic.searchesPerMonth,
  pro: ACCOUNT_PAGE_ALLOWANCES.pro.searchesPerMonth,
  enterprise: ACCOUNT_PAGE_ALLOWANCES.enterprise.searchesPerMonth,
};

/** Plan names as the Account page's cards and buttons show them ("Upgrade to Pro"). */
export const ACCOUNT_PLAN_NAMES: Readonly<Record<PlanId, string>> = { trial: 'Trial', basic: 'Basic', pro: 'Pro', enterprise: 'Enterprise' };

export interface AccountPlanCard {
  id: PlanId;
  name: string;
  priceUsd: number;
  features: string[];
  popular: boolean;
}

function joinNames(names: string[]): string {
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '');
}

function featuresOf(id: PlanId): string[] {
  const rule = PLANS[id];
  const searches = ACCOUNT_SEARCH_ALLOWANCE[id];
  const features = [searches === null ? 'Unlimited searches' : `${searches} searches per month`];
  if (id === 'pro') features.push('Automated submissions');
  if (id === 'enterprise') features.push('Unlimited takedowns', 'Automated submissions');
  features.push(`Monitoring: ${monitorAllowanceText(id)}`);
  features.push(`Takedown requests to ${joinNames(rule.platforms.map((p) => PLATFORM_LABELS[p]))}`);
  features.push(rule.bulkLimit === null ? 'Unlimited bulk submissions' : `Bulk submissions of up to ${rule.bulkLimit} violations`);
  features.push(id === 'trial' ? 'PDF notices ready to file' : id === 'basic' ? 'E-mail support' : 'Priority support');
  return features;
}

/** The four plan cards, cheapest first. */
export const ACCOUNT_PLAN_CARDS: readonly AccountPlanCard[] = PLAN_ORDER.map((id) => ({
  id,
  name: ACCOUNT_PLAN_NAMES[id],
  priceUsd: PLANS[id].priceUsd,
  features: featuresOf(id),
  popular: id === 'pro',
}));

/** What a plan card's button says and does (SPEC section 2): the current plan is disabled, others upgrade. */
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

/** A monthly automated-submission allowance in words (`null` is unlimited; 0 means the plan has none). */
export function automatedSubmissionsText(limit: number | null): string {
  if (limit === null) return 'Unlimited';
  return limit === 0 ? 'Not included (upgrade to submit automatically)' : `${limit} per month`;
}

/** The bulk submission limit in words (`null` is unlimited). */
export function bulkSubmissionsText(limit: number | null): string {
  return limit === null ? 'Unlimited violations per submission' : `Up to ${limit} violations per submission`;
}
