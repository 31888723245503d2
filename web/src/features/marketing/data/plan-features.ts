import { PLAN_ORDER, PLANS, planFeatures, type PlanId } from '@shared/plans';

export interface PlanCardData {
  id: PlanId;
  name: string;
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

/** The four plan cards of the Pricing page, from the shared plan rules (PRODUCT.md sections 2 and 9). */
export const PLAN_CARDS: PlanCardData[] = PLAN_ORDER.map((id) => ({
  id,
  name: PLANS[id].name,
  blurb: BLURBS[id],
  features: planFeatures(id),
  cta: id === 'trial' ? 'Start free trial' : `Choose ${PLANS[id].name}`,
  highlighted: id === 'pro',
}));
