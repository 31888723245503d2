import { planAllowsCadence, planRule, PLANS, PLAN_ORDER } from '../../../shared/plans';
import { AUTO_SUBMIT_NEEDS_ORIGINAL_URL, CADENCE_LABELS, CADENCE_SECONDS, type Cadence } from '../../../shared/schemas/monitor';
import { config } from '../../lib/config';
import { PaymentRequiredError, PlanLimitError, ValidationError } from '../../lib/errors';

/*
 * The monitors' plan policy and its wording (issue 11, PRODUCT.md section 6), without I/O: which cadence and
 * count a plan allows, when a monitor runs next, and what a refusal says. The verbs (create-monitor.ts,
 * runs.ts, monitors.ts) read the plan and the store and apply these.
 */

const monitorsOf = (count: number) => `${count} monitor${count === 1 ? '' : 's'}`;
/** The first plan with more monitors than `plan`, the one a refusal suggests. */
const roomierPlan = (plan: string) => PLAN_ORDER.find((p) => PLANS[p].monitors.count > planRule(plan).monitors.count);

/** Refuses a cadence faster than the plan's (402 PLAN_LIMIT), naming the first plan that allows it. */
export function assertCadenceAllowed(plan: string, cadence: Cadence, used: number): void {
  if (planAllowsCadence(plan, cadence)) return;
  const rule = planRule(plan);
  const faster = PLAN_ORDER.find((p) => planAllowsCadence(p, cadence));
  throw new PlanLimitError(
    `${rule.name} monitors run at most ${CADENCE_LABELS[rule.monitors.fastest].toLowerCase()}. ` +
      `Choose a slower cadence${faster ? ` or upgrade to ${PLANS[faster].name}` : ''}.`,
    { limit: rule.monitors.count, used, resetsAt: null },
  );
}

/** The cadence a run keeps: the monitor's, or the plan's fastest when the plan no longer allows it (a downgrade). */
export function runCadence(plan: string, cadence: Cadence): Cadence {
  return planAllowsCadence(plan, cadence) ? cadence : planRule(plan).monitors.fastest;
}

/** Seconds between runs: the cadence's, or MONITOR_INTERVAL_OVERRIDE_SECONDS on the local runtime (demos, tests). */
export function intervalSeconds(cadence: Cadence): number {
  return config().monitorIntervalOverrideSeconds ?? CADENCE_SECONDS[cadence];
}

const addSeconds = (iso: string, seconds: number) => new Date(Date.parse(iso) + seconds * 1000).toISOString();

/** When a scheduled run that starts at `runAt` is followed by the next. */
export function nextRunAfter(runAt: string, cadence: Cadence): string {
  return addSeconds(runAt, intervalSeconds(cadence));
}

/** When a resumed (or re-cadenced) monitor runs next: one interval after its last run, and never in the past. */
export function nextRunOnResume(lastRunAt: string | null, cadence: Cadence, now: string): string {
  if (!lastRunAt) return now;
  const next = nextRunAfter(lastRunAt, cadence);
  return next > now ? next : now;
}

/** The refusal of one monitor more than the plan's count (402 PLAN_LIMIT), naming the next plan with more. */
export function monitorCountRefusal(plan: string, used: number): PlanLimitError {
  const rule = planRule(plan);
  const next = roomierPlan(plan);
  return new PlanLimitError(
    `The ${rule.name} plan includes ${monitorsOf(rule.monitors.count)}.` +
      (next ? ` Delete one or upgrade to ${PLANS[next].name} for ${PLANS[next].monitors.count}.` : ' Delete one to add another.'),
    { limit: rule.monitors.count, used, resetsAt: null },
  );
}

/** The user's monitors in creation order (oldest first): the order in which they hold the plan's slots. */
const byAge = (a: { createdAt: string; id: string }, b: { createdAt: string; id: string }) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);

/**
 * Whether `id` is among the plan's oldest monitors of `all` (the user's): after a downgrade the account may keep
 * more monitors than the plan's count; the oldest N, paused or not, hold the slots and keep running.
 */
export function holdsPlanSlot(id: string, all: readonly { createdAt: string; id: string }[], plan: string): boolean {
  return [...all].sort(byAge).slice(0, planRule(plan).monitors.count).some((m) => m.id === id);
}

/** Why a monitor beyond the plan's count is paused (stored on it and shown on the Monitoring page), and the 402 refusing its run or resume. */
export function planExcessRefusal(plan: string, used: number): PlanLimitError {
  const rule = planRule(plan);
  const next = roomierPlan(plan);
  return new PlanLimitError(
    `Paused: the ${rule.name} plan includes ${monitorsOf(rule.monitors.count)}, and your oldest ${rule.monitors.count === 1 ? 'one keeps' : `${rule.monitors.count} keep`} running. ` +
      `Delete a monitor${next ? ` or upgrade to ${PLANS[next].name}` : ''} to resume this one.`,
    { limit: rule.monitors.count, used, resetsAt: null },
  );
}

/**
 * "Submit automatically" is a paid-plan feature (the plan's automated submission). On a plan without it (a
 * downgrade) the setting is kept but does nothing: this says so, or null when it acts (or is off).
 */
export function autoSubmitInactive(m: { autoSubmit: boolean }, plan: string): string | null {
  if (!m.autoSubmit || planRule(plan).automatedSubmission) return null;
  return `Your ${planRule(plan).name} plan does not include automatic submission, so new copies wait for your review. Upgrade to Basic, Pro or Enterprise to turn it back on.`;
}

/** Refuses turning "Submit automatically" on for a plan without automated submission (402 PLAN_REQUIRED). */
export function assertAutoSubmitAllowed(plan: string): void {
  if (!planRule(plan).automatedSubmission) {
    throw new PaymentRequiredError('Submitting automatically is available on paid plans. Upgrade to Basic, Pro or Enterprise to turn it on.');
  }
}

/** Automatic submission needs the original URL its notices cite: refused (400) when it would be on without one. */
export function assertOriginalUrlForAutoSubmit(autoSubmit: boolean, originalUrl: string | null | undefined): void {
  if (autoSubmit && !originalUrl) {
    throw new ValidationError(AUTO_SUBMIT_NEEDS_ORIGINAL_URL, [{ path: 'body.originalUrl', message: AUTO_SUBMIT_NEEDS_ORIGINAL_URL }]);
  }
}
