import { CADENCE_LABELS, CADENCE_SECONDS, type Cadence } from './cadence';
import type { PlanId } from './schemas/user';

/**
 * Plan rules shared by the web and the API (SPEC sections 1, 6 and 9). Pure data and functions: no React, Node
 * or AWS imports, and only a type import from the zod schemas so the web bundle does not pull zod in for them.
 */

export type { PlanId } from './schemas/user';

/** Where automated takedown requests can be filed (SPEC section 6). */
export const SUBMISSION_PLATFORMS = ['google', 'bing', 'duckduckgo'] as const;
export type SubmissionPlatform = (typeof SUBMISSION_PLATFORMS)[number];

export const PLATFORM_LABELS: Readonly<Record<SubmissionPlatform, string>> = {
  google: 'Google',
  bing: 'Bing',
  duckduckgo: 'DuckDuckGo',
};

export interface PlanRule {
  id: PlanId;
  name: string;
  /** US dollars per month. */
  priceUsd: number;
  /** How many violations one bulk submission may hold; `null` is unlimited. */
  bulkLimit: number | null;
  /** Platforms the plan may file bulk takedowns with. */
  platforms: readonly SubmissionPlatform[];
  /** Automated submission is for paid plans; trial users see an upgrade prompt (SPEC section 2). */
  automatedSubmission: boolean;
  /** Monitors (issue 11): how many the plan keeps and the fastest cadence it allows. */
  monitors: { count: number; fastest: Cadence };
}

export const PLANS: Readonly<Record<PlanId, PlanRule>> = {
  trial: { id: 'trial', name: 'Free Trial', priceUsd: 0, bulkLimit: 3, platforms: ['google'], automatedSubmission: false, monitors: { count: 1, fastest: 'weekly' } },
  basic: { id: 'basic', name: 'Basic', priceUsd: 50, bulkLimit: 10, platforms: ['google', 'bing'], automatedSubmission: true, monitors: { count: 3, fastest: 'daily' } },
  pro: { id: 'pro', name: 'Pro', priceUsd: 100, bulkLimit: 100, platforms: ['google', 'bing', 'duckduckgo'], automatedSubmission: true, monitors: { count: 10, fastest: 'every-6-hours' } },
  enterprise: {
    id: 'enterprise',
    name: 'Enterprise',
    priceUsd: 150,
    bulkLimit: null,
    platforms: ['google', 'bing', 'duckduckgo'],
    automatedSubmission: true,
    monitors: { count: 50, fastest: 'hourly' },
  },
};

/** The monitor allowance as Pricing and Account state it: "1 monitor, weekly", "10 monitors, every 6 hours". */
export function monitorAllowanceText(plan: string | null | undefined): string {
  const { count, fastest } = planRule(plan).monitors;
  return `${count} monitor${count === 1 ? '' : 's'}, ${CADENCE_LABELS[fastest].toLowerCase()}`;
}

/** Whether the plan allows a monitor cadence (its own fastest one or any slower). */
export function planAllowsCadence(plan: string | null | undefined, cadence: Cadence): boolean {
  return CADENCE_SECONDS[cadence] >= CADENCE_SECONDS[planRule(plan).monitors.fastest];
}

/** The plans in display order, cheapest first. */
export const PLAN_ORDER: readonly PlanId[] = ['trial', 'basic', 'pro', 'enterprise'];

/** The plan assumed when none is known (SPEC section 3: subscriptionPlan defaults to trial). */
export const DEFAULT_PLAN: PlanId = 'trial';

/** The rule for a plan id, falling back to the default plan for unknown or missing ids. */
export function planRule(plan: string | null | undefined): PlanRule {
  return PLANS[plan as PlanId] ?? PLANS[DEFAULT_PLAN];
}

/** Whether a bulk submission of `count` violations fits the plan's limit. */
export function withinBulkLimit(plan: string | null | undefined, count: number): boolean {
  const { bulkLimit } = planRule(plan);
  return bulkLimit === null || count <= bulkLimit;
}

/** Whether the plan may file takedowns with `platform`. */
export function planAllowsPlatform(plan: string | null | undefined, platform: string): boolean {
  return (planRule(plan).platforms as readonly string[]).includes(platform);
}

/** Bulk eligibility of a result (SPEC section 5): confidenceScore at least 0.7 and priority high. */
export const BULK_ELIGIBILITY = { minConfidenceScore: 0.7, priority: 'high' } as const;
/** Default autoSubmitThreshold of a bulk submission (SPEC section 9). */
export const DEFAULT_AUTO_SUBMIT_THRESHOLD = 0.8;

/**
 * Monthly allowances as the Pricing page states them (SPEC section 9; the spec notes other screens state other
 * figures). `null` is unlimited. The trial figure is the Account page's, the only one the spec gives for it.
 */
export const PRICING_PAGE_ALLOWANCES: Readonly<Record<PlanId, { searchesPerMonth: number | null; takedownsPerMonth: number | null }>> = {
  trial: { searchesPerMonth: 3, takedownsPerMonth: 0 },
  basic: { searchesPerMonth: 10, takedownsPerMonth: 10 },
  pro: { searchesPerMonth: 50, takedownsPerMonth: 100 },
  enterprise: { searchesPerMonth: null, takedownsPerMonth: null },
};

/** A plan's allowances as the Account page's Usage tab states them; `null` is unlimited. */
export interface AccountPageAllowance {
  /** Searches (scans) a month. */
  searchesPerMonth: number | null;
  /** Automated takedown submissions a month. */
  automatedSubmissionsPerMonth: number | null;
  /** The most violations one bulk submission may hold. */
  bulkSubmissionLimit: number | null;
}

/**
 * Allowances as the Account page states them (SPEC section 9: "Account page: Trial 3 searches/month, Basic 5
 * searches, Pro 50 searches with automated submissions, Enterprise unlimited"). The Account page gives no count
 * of automated submissions, so that figure is the Pricing page's monthly takedowns, and 0 on the trial, which
 * may not submit automatically (SPEC section 2). The bulk figure is the enforced bulk limit of PLANS.
 */
export const ACCOUNT_PAGE_ALLOWANCES: Readonly<Record<PlanId, AccountPageAllowance>> = {
  trial: { searchesPerMonth: 3, automatedSubmissionsPerMonth: 0, bulkSubmissionLimit: PLANS.trial.bulkLimit },
  basic: { searchesPerMonth: 5, automatedSubmissionsPerMonth: PRICING_PAGE_ALLOWANCES.basic.takedownsPerMonth, bulkSubmissionLimit: PLANS.basic.bulkLimit },
  pro: { searchesPerMonth: 50, automatedSubmissionsPerMonth: PRICING_PAGE_ALLOWANCES.pro.takedownsPerMonth, bulkSubmissionLimit: PLANS.pro.bulkLimit },
  enterprise: { searchesPerMonth: null, automatedSubmissionsPerMonth: null, bulkSubmissionLimit: PLANS.enterprise.bulkLimit },
};

/** A discount percentage as stored (any value): a number clamped to 0..100, else 0. */
export function clampPercent(v: unknown): number {
  const n = Number(v ?? 0);
  return Number.isFinite(n) ? Math.min(100, Math.max(0, n)) : 0;
}

/** US cents of a plan's monthly price after a discount (rounded to the cent). */
export function discountedCents(plan: PlanId, discountPercent: number): number {
  return Math.round(PLANS[plan].priceUsd * 100 * (1 - clampPercent(discountPercent) / 100));
}

/**
 * The one MRR rule: how much monthly recurring revenue moves, in cents, when a user's plan or discount changes
 * (a plan change, a cancellation, or an administrator's discount).
 */
export function mrrChangeCents(from: { plan: PlanId; discountPercent: number }, to: { plan: PlanId; discountPercent: number }): number {
  return discountedCents(to.plan, to.discountPercent) - discountedCents(from.plan, from.discountPercent);
}
