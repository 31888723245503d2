import { monitorAllowanceText, PLAN_ORDER, PLANS, PLATFORM_LABELS, PRICING_PAGE_ALLOWANCES, type PlanId } from '@shared/plans';

export interface PlanCardData {
  id: PlanId;
  name: string;
  priceUsd: number;
  blurb: string;
  features: string[];
  cta: string;
  highlighted: boolean;
}

const BLURBS: Record<PlanId, string> = {
  trial: 'See what Vigil finds before you pay anything.',
  basic: 'For creators starting to protect their work.',
  pro: 'For full-time creators with a growing catalogue.',
  enterprise: 'Unlimited takedowns for studios and agencies.',
};

const count = (n: number | null, unit: string) => (n === null ? `Unlimited ${unit}` : `${n} ${unit}`);

function platformList(id: PlanId): string {
  const names = PLANS[id].platforms.map((p) => PLATFORM_LABELS[p]);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0];
}

function featuresOf(id: PlanId): string[] {
  const plan = PLANS[id];
  const allowance = PRICING_PAGE_ALLOWANCES[id];
  const features = [count(allowance.searchesPerMonth, 'searches per month')];
  features.push(plan.automatedSubmission ? count(allowance.takedownsPerMonth, 'automated takedowns per month') : 'Manual DMCA notice forms');
  features.push(`Monitoring: ${monitorAllowanceText(id)}`);
  features.push(`Takedown requests to ${platformList(id)}`);
  features.push(plan.bulkLimit === null ? 'Unlimited bulk submissions' : `Bulk submissions of up to ${plan.bulkLimit} violations`);
  features.push(id === 'trial' ? 'PDF notices ready to file' : id === 'basic' ? 'E-mail support' : 'Priority support');
  return features;
}

/** The four plan cards of the Pricing page, from the shared plan rules (SPEC sections 2 and 9). */
export const PLAN_CARDS: PlanCardData[] = PLAN_ORDER.map((id) => ({
  id,
  name: PLANS[id].name,
  priceUsd: PLANS[id].priceUsd,
  blurb: BLURBS[id],
  features: featuresOf(id),
  cta: id === 'trial' ? 'Start free trial' : `Choose ${PLANS[id].name}`,
  highlighted: id === 'pro',
}));
