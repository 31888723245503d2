import {
  bulkIneligibility,
  bulkLimitExceeded,
  creatorCheckNeeded,
  PLAN_ORDER,
  PLANS,
  PLATFORM_LABELS,
  SUBMISSION_PLATFORMS,
  planAllowsPlatform,
  planRule,
  type SubmissionPlatform,
} from '@shared/plans';
import type { CreatorUser } from '@shared/schemas/creator';
import type { SearchResult } from '@shared/schemas/search';

/*
 * Takedown rules the protect step, the cases page, the DMCA page and the creator settings share (PRODUCT.md sections 4,
 * 5, 6 and 9). Pure functions and the texts of PRODUCT.md sections 5 and 8, so they are tested without a browser. Relative imports keep
 * them loadable by jest, which has no path aliases.
 */

/** A toast's text. */
export interface ToastText {
  title: string;
  description: string;
}

export const NO_VIOLATIONS_SELECTED: ToastText = {
  title: 'No Violations Selected',
  description: 'Please select violations to submit automated DMCA requests.',
};

export const BULK_SUCCESS_TITLE = 'Bulk Submission Successful';
export const BULK_FAILED_TITLE = 'Bulk Submission Failed';
/** When the server answered but reported no success and no error text. */
export const BULK_FAILED_FALLBACK = 'Failed to process bulk DMCA submissions.';
/** When the call itself failed and the server sent no message. */
export const BULK_REQUEST_FAILED = 'Bulk submission failed';

/** The fields of a result that bulk eligibility reads (the evidence tells a name-only match). */
export type BulkCandidate = Pick<SearchResult, 'confidenceScore' | 'priority' | 'userReviewStatus'> & {
  evidence?: { matchMethod?: string };
  contentConfirmedAt?: string | null;
};

/** The result as the shared rule reads it, exactly as the server builds it (services/submissions/bulk-submit.ts). */
const ruleFields = (r: BulkCandidate) => ({
  ...r,
  matchMethod: creatorCheckNeeded(r.evidence),
  contentConfirmedAt: r.contentConfirmedAt,
});

/**
 * Whether a result may go into a bulk submission (PRODUCT.md section 5): confidenceScore at least 0.7, priority high,
 * and reviewed as unauthorized by the creator (the server applies the same rule).
 */
export function isBulkEligible(result: BulkCandidate): boolean {
  return bulkIneligibility(ruleFields(result)) === undefined;
}

/** Why a result is not offered for bulk submission (the sentence the server answers with), or undefined. */
export function bulkReason(result: BulkCandidate): string | undefined {
  return bulkIneligibility(ruleFields(result));
}

/** The results offered for bulk submission, in the given order. */
export function bulkEligible<T extends BulkCandidate>(results: readonly T[]): T[] {
  return results.filter(isBulkEligible);
}

/**
 * The toast for a bulk selection the plan does not allow, or null when it fits (PRODUCT.md section 6): the
 * sentence the server refuses with (`bulkLimitExceeded`, shared/plans.ts). Enterprise is unlimited.
 */
export function planLimitExceeded(plan: string | null | undefined, selectedCount: number): ToastText | null {
  const description = bulkLimitExceeded(plan, selectedCount);
  return description ? { title: 'Plan Limit Exceeded', description } : null;
}

/** The check a bulk submit click runs before anything is sent: the first failing rule's toast, or null. */
export function bulkSelectionProblem(plan: string | null | undefined, selectedCount: number): ToastText | null {
  if (selectedCount === 0) return NO_VIOLATIONS_SELECTED;
  return planLimitExceeded(plan, selectedCount);
}

/** A platform checkbox of the bulk card. */
export interface PlatformOption {
  platform: SubmissionPlatform;
  label: string;
  available: boolean;
  /** Why it is disabled and which plan enables it; undefined when available. */
  hint?: string;
}

/** The bulk card's platform checkboxes: every platform, those outside the plan disabled with a hint (PRODUCT.md section 6). */
export function platformOptions(plan: string | null | undefined): PlatformOption[] {
  return SUBMISSION_PLATFORMS.map((platform) => {
    const available = planAllowsPlatform(plan, platform);
    if (available) return { platform, label: PLATFORM_LABELS[platform], available };
    const cheapest = PLAN_ORDER.find((id) => planAllowsPlatform(id, platform));
    const hint = cheapest ? `Available on the ${PLANS[cheapest].name} plan and above` : 'Not available on your plan';
    return { platform, label: PLATFORM_LABELS[platform], available, hint };
  });
}

/** The platforms ticked at first: google (PRODUCT.md section 9), when the plan has it. */
export function defaultPlatforms(plan: string | null | undefined): SubmissionPlatform[] {
  return planAllowsPlatform(plan, 'google') ? ['google'] : [];
}

/** Keeps only the platforms the plan allows (after a plan change, a ticked platform may no longer be allowed). */
export function allowedPlatforms(plan: string | null | undefined, selected: readonly string[]): SubmissionPlatform[] {
  return SUBMISSION_PLATFORMS.filter((p) => selected.includes(p) && planAllowsPlatform(plan, p));
}

/** The success toast's description, with the processed and successful counts. */
export function bulkSuccessDescription(processedViolations: number, successfulSubmissions: number): string {
  const noun = processedViolations === 1 ? 'violation' : 'violations';
  // Issue 26: what failed is counted too, never left for the creator to work out.
  const failed = Math.max(0, processedViolations - successfulSubmissions);
  const failures = failed > 0 ? `, ${failed} not submitted` : ', none failed';
  return `Processed ${processedViolations} ${noun}: ${successfulSubmissions} successful ${successfulSubmissions === 1 ? 'submission' : 'submissions'}${failures}.`;
}

/** The bulk limit of a plan as words: "up to 3 violations at once" or "unlimited". */
export function bulkLimitText(plan: string | null | undefined): string {
  const { bulkLimit } = planRule(plan);
  return bulkLimit === null ? 'unlimited violations at once' : `up to ${bulkLimit} violations at once`;
}

/** The creator details a form starts from. */
export interface CreatorDetails {
  name: string;
  email: string;
  phone: string;
  address: string;
}

/**
 * The creator's details with the fallbacks of PRODUCT.md section 3: the saved content-creator fields first, then
 * fullName, email, phone and address of the account. Empty strings where neither is known.
 */
export function creatorDetails(user: Partial<CreatorUser> | null | undefined): CreatorDetails {
  const pick = (...values: (string | null | undefined)[]) => values.find((v) => v && v.trim())?.trim() ?? '';
  return {
    name: pick(user?.contentCreatorName, user?.fullName),
    email: pick(user?.contentCreatorEmail, user?.email),
    phone: pick(user?.contentCreatorPhone, user?.phone),
    address: pick(user?.contentCreatorAddress, user?.address),
  };
}

const DMCA_ENGINE_LABELS: Readonly<Record<string, string>> = { google: 'Google', bing: 'Bing', duckduckgo: 'DuckDuckGo', other: 'Other' };

/** A DMCA search engine's display name (`duckduckgo` -> `DuckDuckGo`); unknown values are shown as sent. */
export function dmcaEngineLabel(engine: string): string {
  return DMCA_ENGINE_LABELS[engine] ?? engine;
}

/** The example shown in an empty original-URL field (the DMCA form's default is this placeholder). */
export const ORIGINAL_URL_PLACEHOLDER = 'https://your-website.com/original-content';
