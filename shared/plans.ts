import { CADENCE_LABELS, CADENCE_SECONDS, type Cadence } from './cadence';
import type { PlanId } from './schemas/user';

/**
 * Plan rules shared by the web and the API (PRODUCT.md sections 1, 6 and 9). Pure data and functions: no React, Node
 * or AWS imports, and only a type import from the zod schemas so the web bundle does not pull zod in for them.
 */

export type { PlanId } from './schemas/user';

/** Where automated takedown requests can be filed (PRODUCT.md section 6). */
export const SUBMISSION_PLATFORMS = ['google', 'bing', 'duckduckgo'] as const;
export type SubmissionPlatform = (typeof SUBMISSION_PLATFORMS)[number];

export const PLATFORM_LABELS: Readonly<Record<SubmissionPlatform, string>> = {
  google: 'Google',
  bing: 'Bing',
  duckduckgo: 'DuckDuckGo',
};

/**
 * A plan's allowances, per calendar month in UTC unless named otherwise; `null` is unlimited. The server enforces
 * exactly these figures (functions/services/allowances) and every screen states them (Pricing, Account's Usage
 * tab, Help FAQ, the assistant), so this object is the only place they are written down. Issue 11 adds the
 * monitor allowance here.
 */
export interface PlanAllowances {
  /**
   * Scans a month: the creator's monthly provider-search budget, in scans of up to PROVIDER_SEARCHES_PER_SCAN
   * provider searches each (a larger scan counts as several: `scanUnits`). Every run counts, whoever started it:
   * a scan, a monitor's "Run now" and a monitor's scheduled run (issue 27). `null` (unlimited) is no longer used
   * by any plan: an unlimited budget cannot be solvent.
   */
  scansPerMonth: number | null;
  /** Violations submitted a month: each automated notice sent, one-case or bulk. */
  submissionsPerMonth: number | null;
  /** Burst guard on automated notices a day (UTC), protecting the sender's reputation; `null` is none. */
  submissionsPerDay: number | null;
}

export interface PlanRule {
  id: PlanId;
  name: string;
  /** US dollars per month. */
  priceUsd: number;
  /** How many violations one bulk submission may hold; `null` is unlimited. */
  bulkLimit: number | null;
  /** Platforms the plan may file bulk takedowns with. */
  platforms: readonly SubmissionPlatform[];
  /**
   * One-case automated submission (a notice e-mailed to the host). Paid plans only; the trial submits in bulk,
   * to Google only, within its monthly allowance.
   */
  automatedSubmission: boolean;
  allowances: PlanAllowances;
  /** Monitors (issue 11): how many the plan keeps and the fastest cadence it allows. */
  monitors: { count: number; fastest: Cadence };
}

/**
 * Provider searches one scan unit of the allowance covers: the largest scan of the default form (two engines,
 * images and videos, one name, five reference images: 2 x (3 + 5) = 16). A run making more counts as
 * `scanUnits` of them, so a plan's provider spend is bounded by its allowance (functions/services/metrics/cost-model.ts).
 */
export const PROVIDER_SEARCHES_PER_SCAN = 16;

/** Scan units a run of `providerSearches` provider searches takes from the allowance (at least one). */
export function scanUnits(providerSearches: number): number {
  return Math.max(1, Math.ceil(providerSearches / PROVIDER_SEARCHES_PER_SCAN));
}

/*
 * Budgets and cadences (issue 27): every paid plan's monitors at their fastest cadence fit in its scan budget
 * (31 runs a month per daily monitor), and the budget priced at its worst case keeps the plan's margin positive
 * (the table in docs/OPERATIONS.md, computed by cost-model.ts `planMargins`).
 */
export const PLANS: Readonly<Record<PlanId, PlanRule>> = {
  trial: {
    id: 'trial',
    name: 'Free Trial',
    priceUsd: 0,
    bulkLimit: 3,
    platforms: ['google'],
    automatedSubmission: false,
    allowances: { scansPerMonth: 3, submissionsPerMonth: 3, submissionsPerDay: 3 },
    monitors: { count: 1, fastest: 'weekly' },
  },
  basic: {
    id: 'basic',
    name: 'Basic',
    priceUsd: 50,
    bulkLimit: 10,
    platforms: ['google', 'bing'],
    automatedSubmission: true,
    allowances: { scansPerMonth: 120, submissionsPerMonth: 10, submissionsPerDay: 5 },
    monitors: { count: 3, fastest: 'daily' },
  },
  pro: {
    id: 'pro',
    name: 'Pro',
    priceUsd: 100,
    bulkLimit: 100,
    platforms: ['google', 'bing', 'duckduckgo'],
    automatedSubmission: true,
    allowances: { scansPerMonth: 340, submissionsPerMonth: 100, submissionsPerDay: 25 },
    monitors: { count: 10, fastest: 'daily' },
  },
  enterprise: {
    id: 'enterprise',
    name: 'Enterprise',
    priceUsd: 150,
    bulkLimit: null,
    platforms: ['google', 'bing', 'duckduckgo'],
    automatedSubmission: true,
    allowances: { scansPerMonth: 520, submissionsPerMonth: null, submissionsPerDay: 200 },
    monitors: { count: 15, fastest: 'daily' },
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

/** The plan assumed when none is known (PRODUCT.md section 3: subscriptionPlan defaults to trial). */
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

/**
 * The bulk limit rule in one place for site and server (PRODUCT.md section 6): the sentence refusing a bulk
 * selection of `count` violations over the plan's limit, or undefined when it fits. The trial wording is the
 * original one; the other limited plans get the same sentence with their name and limit.
 */
export function bulkLimitExceeded(plan: string | null | undefined, count: number): string | undefined {
  if (withinBulkLimit(plan, count)) return undefined;
  const rule = planRule(plan);
  const who = rule.id === 'trial' ? 'Trial' : rule.name;
  return `${who} accounts are limited to ${rule.bulkLimit} bulk submissions. Please upgrade to process more violations.`;
}

/** Whether the plan may file takedowns with `platform`. */
export function planAllowsPlatform(plan: string | null | undefined, platform: string): boolean {
  return (planRule(plan).platforms as readonly string[]).includes(platform);
}

/**
 * Bulk eligibility (PRODUCT.md sections 5 and 9, made one rule): a result qualifies when the creator reviewed it as
 * unauthorized, its priority is high and its confidence score is at least `minConfidenceScore`, which is also
 * the auto-submit threshold the site sends and the server applies. The site lists the reasons
 * (`bulkIneligibility`) and the server refuses with the same sentences.
 */
export const BULK_ELIGIBILITY = { minConfidenceScore: 0.7, priority: 'high' } as const;
/** Default autoSubmitThreshold of a bulk submission: the eligibility minimum, so what the site offers is sent. */
export const DEFAULT_AUTO_SUBMIT_THRESHOLD = BULK_ELIGIBILITY.minConfidenceScore;

/** The fields of a result bulk eligibility reads. */
export interface BulkCandidateFields {
  confidenceScore: number;
  priority: string;
  userReviewStatus?: string | null;
  /** How the copy was matched (issue 13); `name` means no fingerprint match, so the creator must confirm it. */
  matchMethod?: string | null;
  /** Set when the creator confirmed "I have checked this page shows my content". */
  contentConfirmedAt?: string | null;
}

/** Why a result may not go into a bulk submission, or undefined when it may; one sentence for site and server. */
export function bulkIneligibility(result: BulkCandidateFields, threshold: number = DEFAULT_AUTO_SUBMIT_THRESHOLD): string | undefined {
  if (result.userReviewStatus !== 'unauthorized') return 'Mark this violation as unauthorized before submitting it.';
  // The creator's own check comes first: until it is done no score lets the result through, so it is the reason
  // that tells her what to do (a likeness match scores 0.55 to 0.85, often below high priority).
  if (result.matchMethod === 'name' && !result.contentConfirmedAt) {
    return 'Found by name only: confirm that you have checked this page shows your content first.';
  }
  if (result.matchMethod === 'likeness' && !result.contentConfirmedAt) return LIKENESS_NOT_REVIEWED;
  if (result.priority !== BULK_ELIGIBILITY.priority) return 'Only high-priority violations can be submitted in bulk.';
  const min = Math.max(threshold, BULK_ELIGIBILITY.minConfidenceScore);
  if (result.confidenceScore < min) {
    return `Confidence score ${result.confidenceScore.toFixed(2)} is below the bulk threshold of ${min.toFixed(2)}.`;
  }
  return undefined;
}

/** Why a likeness match is refused by bulk and automated submission until the creator reviewed it (issue 24). */
export const LIKENESS_NOT_REVIEWED =
  'Found by likeness (your face, not a copy of a file you uploaded): review the likeness match and confirm that this page shows you and your content first.';

/**
 * How a result was found when it needs the creator's own check before any notice: `name` (only the creator's
 * name in the page) or `likeness` (their face found by likeness matching, issue 24); undefined for a copy
 * matched by fingerprint. Such a result is never submitted automatically and goes into a bulk submission or an
 * automated notice only once the creator confirmed it (`contentConfirmedAt`).
 */
export function creatorCheckNeeded(evidence: object | null | undefined): 'name' | 'likeness' | undefined {
  const method = (evidence as { matchMethod?: unknown } | null | undefined)?.matchMethod;
  return method === 'name' || method === 'likeness' ? method : undefined;
}

/** An allowance in words: `3 scans per month`, `Unlimited scans`. */
export function allowanceText(n: number | null, unit: string, per = 'per month'): string {
  return n === null ? `Unlimited ${unit}` : `${n} ${unit} ${per}`;
}

/**
 * The plan's features as every plan card states them (Pricing page and Account page): the enforced allowances
 * first, then platforms, bulk size and support.
 */
/**
 * Likeness matching (issue 24) on every plan, opt-in: at most this many found pictures of a scan (or of a monitor's
 * run) are searched for the creator's face (Triage's cap, functions/workflows/search/triage.ts).
 */
export const LIKENESS_PICTURES_PER_SCAN = 120;

export function planFeatures(id: PlanId): string[] {
  const plan = PLANS[id];
  const { scansPerMonth, submissionsPerMonth } = plan.allowances;
  const names = plan.platforms.map((p) => PLATFORM_LABELS[p]);
  const platforms = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0];
  return [
    allowanceText(scansPerMonth, 'scans'),
    id === 'trial'
      ? `${submissionsPerMonth} violations submitted per month (bulk, ${platforms} only)`
      : allowanceText(submissionsPerMonth, 'automated takedowns'),
    `Monitoring: ${monitorAllowanceText(id)}`,
    `Takedown requests to ${platforms}`,
    plan.bulkLimit === null ? 'Unlimited bulk submissions' : `Bulk submissions of up to ${plan.bulkLimit} violations`,
    `Face recognition, opt-in: your face looked for in up to ${LIKENESS_PICTURES_PER_SCAN} found pictures per scan`,
    id === 'trial' ? 'PDF notices ready to file' : id === 'basic' ? 'E-mail support' : 'Priority support',
  ];
}

/** The first instant of the UTC month after `now`: when monthly allowances start again. */
export function allowanceResetsAt(now: Date = new Date()): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString();
}

/** A discount percentage as stored (any value): a number clamped to 0..100, else 0. */
export function clampPercent(v: unknown): number {
  const n = Number(v ?? 0);
  return Number.isFinite(n) ? Math.min(100, Math.max(0, n)) : 0;
}

/** US cents of a plan's monthly price after a discount (rounded to the cent). */
export function discountedCents(plan: PlanId, discountPercent: number, priceUsd: number = PLANS[plan].priceUsd): number {
  return Math.round(priceUsd * 100 * (1 - clampPercent(discountPercent) / 100));
}

/**
 * A user's subscription as MRR counts it. `invoicedCents` is set for a subscription billed by Stripe: Stripe
 * decides what is charged, so it adds what its last paid invoice charged each month (0 before the first);
 * otherwise (demo billing) it adds the plan's discounted list price.
 */
export interface MrrSubscription {
  plan: PlanId;
  discountPercent: number;
  invoicedCents?: number;
}

/** What a subscription adds to MRR each month, in cents. */
const monthlyRecurringCents = (s: MrrSubscription) => s.invoicedCents ?? discountedCents(s.plan, s.discountPercent);

/**
 * The one MRR rule: how much monthly recurring revenue moves, in cents, when a user's subscription changes
 * (a plan change, a cancellation, an administrator's discount, or a paid Stripe invoice).
 */
export function mrrChangeCents(from: MrrSubscription, to: MrrSubscription): number {
  return monthlyRecurringCents(to) - monthlyRecurringCents(from);
}
