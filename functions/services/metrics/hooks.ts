import type { FinalSearchStatus } from '../../../shared/schemas/search';
import type { PlanId } from '../../../shared/schemas/user';
import { logger } from '../../lib/logger';
import { mrrChangeCents } from '../../../shared/plans';
import { readStoredPlan } from '../profile-store';
import { PLANS } from '../../../shared/plans';
import { recordPlatformEvent } from '../platform/activity';
import * as counters from '../../store/entities/counter';
import { AMOUNT_ATTRIBUTE, COUNTER_ATTRIBUTE, planAttribute } from '../../store/entities/counter';
import { COUNTERS, type MilestoneStage } from './counters';
import { monthOf, toIso } from './periods';
import * as usage from '../../store/entities/usage';
import * as userCounters from '../../store/entities/user-counters';

/**
 * The calls producers make so the admin dashboard can read counters instead of counting. Each hook is
 * best-effort: it logs and swallows its own failure, because a lost count must never fail the sign-up, scan
 * or notice that triggered it (the drift this allows is listed in docs/ARCHITECTURE.md). Who calls what:
 *
 * | producer (always a service; http handlers and workflow tasks call the service) | hook |
 * |---|---|
 * | search/start-search.ts, after the search is written and its workflow started | recordSearchStarted |
 * | search/scan-steps.ts closeSearch, when finishSearch finished it | recordSearchFinished |
 * | search/scan-steps.ts saveTriagedResults, when a batch was newly counted | recordResultsPersisted |
 * | search/review.ts reviewResult and search/bulk-review.ts reviewResults, after a review | recordMilestone(userId, 'reviewed') |
 * | cases/create-case.ts (form and bulk), when the case was written | recordCaseCreated |
 * | cases/case-transitions.ts markCaseSent, pending -> sent made by this call | recordCaseSent |
 * | cases/case-transitions.ts resolveCase, -> resolved made by this call | recordCaseResolved |
 * | plan change (ImmediateBilling.upgrade, the Stripe webhook, a cancellation) | recordPlanChange |
 * | assistant/chat.ts, after a reply | recordChatMessage |
 * | any other e-mail sent through the mail port | recordEmailSent |
 * | auth/sign-in.ts beginSignIn (sign-in started) | recordVisit |
 */

async function quietly(what: string, work: () => Promise<unknown>): Promise<void> {
  try {
    await work();
  } catch (error) {
    logger.error('metrics hook failed', { hook: what, error: error as Error });
  }
}

/** Kinds of provider search one engine runs per name, as the search workflow plans them (query-engine.ts). */
export function searchKindsOf(contentType: string): number {
  return 1 + (/images/.test(contentType) ? 1 : 0) + (/videos/.test(contentType) ? 1 : 0);
}

/**
 * Provider calls a scan makes: per engine, one search per (name, kind) plus one reverse image search per
 * reference image (functions/workflows/search/query-engine.ts `plannedRequests`).
 */
export function estimateProviderCalls(input: { engines: number; contentType: string; names: number; referenceImages?: number }): number {
  return input.engines * (Math.max(1, input.names) * searchKindsOf(input.contentType) + (input.referenceImages ?? 0));
}

/**
 * Counts the first time a user reaches a funnel stage (scanned, reviewed, caseFiled, paid): a conditional flag
 * on the user's counters item, then `funnel-<stage>` +1. Calling it again for the same user changes nothing.
 */
export function recordMilestone(userId: string, stage: MilestoneStage, at?: Date | string): Promise<void> {
  return quietly('recordMilestone', async () => {
    if (await userCounters.markReached(userId, stage, toIso(at))) await counters.bump(COUNTERS.funnel(stage));
  });
}

/**
 * The plan counted "by plan": the one subscribed to, as the subscriber counters count it, not the trial's rules a
 * lapsed payment puts in force (so per-subscriber figures divide like by like).
 */
async function subscribedPlan(userId: string): Promise<PlanId> {
  return (await readStoredPlan(userId))?.plan ?? 'trial';
}

/**
 * Counts the user as active this month (once a month): `active-users` for the month +1, by plan. Called by
 * page-view events and scan starts.
 */
export function recordActivity(userId: string, at?: Date | string, plan?: PlanId): Promise<void> {
  return quietly('recordActivity', async () => {
    const month = monthOf(toIso(at));
    const p = plan ?? (await subscribedPlan(userId));
    if (await userCounters.markActive(userId, month, p)) {
      await counters.add(COUNTERS.activeUsers, { [COUNTER_ATTRIBUTE]: 1, [planAttribute(p)]: 1 }, { total: false, monthly: true, at });
      return;
    }
    // Active this month already: under the plan held now, so a trial user who upgraded and scanned counts as an
    // active subscriber (the dashboard's one definition of active: used Vigil this month, by current plan).
    const counted = (await userCounters.read(userId))?.activePlan;
    if (counted === p || (counted !== undefined && !(await userCounters.moveActivePlan(userId, month, counted, p)))) return;
    if (counted === undefined && !(await userCounters.moveActivePlan(userId, month, undefined, p))) return;
    const moved: Record<string, number> = { [planAttribute(p)]: 1 };
    if (counted !== undefined) moved[planAttribute(counted as PlanId)] = -1;
    await counters.add(COUNTERS.activeUsers, moved, { total: false, monthly: true, at });
  });
}

/** A sign-in was started (`GET /api/login`): the funnel's first stage. */
export function recordVisit(): Promise<void> {
  return quietly('recordVisit', () => counters.bump(COUNTERS.visits));
}

export interface SearchStarted {
  userId: string;
  /** The caller's plan when known (saves a read). */
  plan?: PlanId;
  engines: readonly string[];
  contentType: string;
  /** How many creator names the query holds. */
  names: number;
  /** Reference images (each costs one reverse image search per engine). */
  referenceImages?: number;
  at?: Date | string;
}

/**
 * A scan was started: `searches` (count, provider calls, by plan), the user's `searches` (all-time and this
 * month's usage), funnel and activity.
 */
export function recordSearchStarted(s: SearchStarted): Promise<void> {
  return quietly('recordSearchStarted', async () => {
    const plan = s.plan ?? (await subscribedPlan(s.userId));
    const providerCalls = estimateProviderCalls({
      engines: s.engines.length,
      contentType: s.contentType,
      names: s.names,
      referenceImages: s.referenceImages,
    });
    await Promise.all([
      counters.add(COUNTERS.searches, { [COUNTER_ATTRIBUTE]: 1, providerCalls, [planAttribute(plan)]: 1 }, { monthly: true, at: s.at }),
      userCounters.add(s.userId, { searches: 1 }),
      usage.add(s.userId, { searches: 1 }, s.at),
      recordMilestone(s.userId, 'scanned', s.at),
      recordActivity(s.userId, s.at, plan),
    ]);
  });
}

/**
 * A scan reached its final status (completed and partial count as succeeded). `durationMs`, start to finish, is
 * summed in `durationMs` with `timed` scans beside it (the scan form states the recent average).
 */
export function recordSearchFinished(status: FinalSearchStatus, at?: Date | string, durationMs?: number): Promise<void> {
  const timed = durationMs !== undefined && Number.isFinite(durationMs) && durationMs >= 0;
  return quietly('recordSearchFinished', () =>
    Promise.all([
      counters.add(
        COUNTERS.searchesFinished,
        {
          [COUNTER_ATTRIBUTE]: 1,
          [status === 'failed' ? 'failed' : 'succeeded']: 1,
          ...(timed ? { durationMs: Math.round(durationMs), timed: 1 } : {}),
        },
        { monthly: true, at },
      ),
      recordPlatformEvent('scan-finished', `A scan finished: ${status}`, toIso(at)),
    ]),
  );
}

/**
 * Results were stored for a scan (call it only for a batch counted for the first time, so a retried task
 * counts nothing twice). With `userId`, the scan owner's monthly usage counts them as violations found too.
 */
export function recordResultsPersisted(count: number, at?: Date | string, userId?: string): Promise<void> {
  return quietly('recordResultsPersisted', () =>
    Promise.all([
      counters.bump(COUNTERS.violations, count, { monthly: true, at }),
      userId ? usage.add(userId, { violations: count }, at) : undefined,
    ]),
  );
}

/** A DMCA case was created for `userId` (counted in the user's totals and this month's usage). */
export function recordCaseCreated(userId: string, at?: Date | string): Promise<void> {
  return quietly('recordCaseCreated', () =>
    Promise.all([
      counters.bump(COUNTERS.casesCreated, 1, { monthly: true, at }),
      userCounters.add(userId, { dmcaCases: 1 }),
      usage.add(userId, { cases: 1 }, at),
      recordMilestone(userId, 'caseFiled', at),
    ]),
  );
}

/** A case's notice went out (pending -> sent); `byEmail` when it was e-mailed to a host. */
export function recordCaseSent(opts: { at?: Date | string; byEmail?: boolean } = {}): Promise<void> {
  return quietly('recordCaseSent', () =>
    Promise.all([
      counters.bump(COUNTERS.dmcaSubmissions, 1, { monthly: true, at: opts.at }),
      opts.byEmail ? counters.bump(COUNTERS.emails, 1, { total: false, monthly: true, at: opts.at }) : undefined,
      recordPlatformEvent('notice-sent', opts.byEmail ? 'A takedown notice was e-mailed to a host' : 'A takedown notice was sent', toIso(opts.at)),
    ]),
  );
}

/** A case was resolved (the copy is gone). */
export function recordCaseResolved(at?: Date | string): Promise<void> {
  return quietly('recordCaseResolved', () =>
    Promise.all([
      counters.bump(COUNTERS.casesResolved, 1, { monthly: true, at }),
      recordPlatformEvent('case-resolved', 'A DMCA case was resolved: the copy is gone', toIso(at)),
    ]),
  );
}

/** An e-mail was sent through the mail port (contact form, support). Notices use recordCaseSent's `byEmail`. */
export function recordEmailSent(at?: Date | string): Promise<void> {
  return quietly('recordEmailSent', () => counters.bump(COUNTERS.emails, 1, { total: false, monthly: true, at }));
}

/** The assistant answered a message; `bedrock` when a Bedrock model answered (the offline assistant is free). */
export function recordChatMessage(opts: { bedrock: boolean; at?: Date | string }): Promise<void> {
  return quietly('recordChatMessage', () =>
    counters.add(COUNTERS.chatMessages, { [COUNTER_ATTRIBUTE]: 1, bedrock: opts.bedrock ? 1 : 0 }, { total: false, monthly: true, at: opts.at }),
  );
}

export interface PlanChange {
  userId: string;
  from: PlanId;
  to: PlanId;
  /** Discount percent before and after the change (usually the same). */
  fromDiscount: number;
  toDiscount: number;
  /** What this change charged, in cents (0 for a cancellation). */
  amountCents: number;
  /**
   * For a subscription billed by Stripe, the monthly amounts invoiced before and after (see `invoicedMrrCents`,
   * billing/invoiced-mrr.ts); without it, MRR counts the discounted list prices (demo billing).
   */
  invoiced?: { fromCents: number; toCents: number };
  at?: Date | string;
}

/** The activity feed's line for a plan change (no identity: the plans and the amount). */
function planChangeEvent(c: PlanChange): ['subscription-started' | 'subscription-cancelled' | 'plan-changed', string] {
  const amount = c.amountCents > 0 ? ` ($${(c.amountCents / 100).toFixed(2)} charged)` : '';
  if (c.from === 'trial') return ['subscription-started', `New ${PLANS[c.to].name} subscription${amount}`];
  if (c.to === 'trial') return ['subscription-cancelled', `A ${PLANS[c.from].name} subscription was cancelled`];
  return ['plan-changed', `A subscriber moved from ${PLANS[c.from].name} to ${PLANS[c.to].name}${amount}`];
}

/**
 * A plan changed. Moves `mrr` by `mrrChangeCents` (shared/plans.ts), adds the charge to the user's
 * `totalSpentCents`, counts a trial -> paid change in `subscriptions-started` (and the `paid` funnel stage) and
 * a paid -> trial change in `cancellations`. Charges, revenue, upgrades and the `subscribers-<plan>` counts stay
 * with billing (countCharge; the cancellation path takes the subscriber off itself), which runs next to this.
 */
export function recordPlanChange(c: PlanChange): Promise<void> {
  return quietly('recordPlanChange', async () => {
    const mrrDelta = mrrChangeCents(
      { plan: c.from, discountPercent: c.fromDiscount, invoicedCents: c.invoiced?.fromCents },
      { plan: c.to, discountPercent: c.toDiscount, invoicedCents: c.invoiced?.toCents },
    );
    const writes: Promise<unknown>[] = [
      counters.add(COUNTERS.mrr, { [AMOUNT_ATTRIBUTE]: mrrDelta }),
      userCounters.add(c.userId, { totalSpentCents: c.amountCents }),
    ];
    if (c.from === 'trial' && c.to !== 'trial') {
      writes.push(counters.bump(COUNTERS.subscriptionsStarted, 1, { total: false, monthly: true, at: c.at }));
      writes.push(recordMilestone(c.userId, 'paid', c.at));
    }
    if (c.from !== 'trial' && c.to === 'trial') {
      writes.push(counters.bump(COUNTERS.cancellations, 1, { total: false, monthly: true, at: c.at }));
    }
    writes.push(recordPlatformEvent(...planChangeEvent(c), toIso(c.at)));
    await Promise.all(writes);
  });
}

/**
 * An administrator changed a user's discount: moves `mrr` by the change of the discounted price. A subscription
 * billed by Stripe (`invoicedCents` set) does not move here: its next paid invoice charges the discount and moves it.
 */
export function recordDiscountChange(c: { userId: string; plan: PlanId; fromDiscount: number; toDiscount: number; invoicedCents?: number }): Promise<void> {
  return quietly('recordDiscountChange', async () => {
    const mrrDelta = mrrChangeCents(
      { plan: c.plan, discountPercent: c.fromDiscount, invoicedCents: c.invoicedCents },
      { plan: c.plan, discountPercent: c.toDiscount, invoicedCents: c.invoicedCents },
    );
    if (mrrDelta !== 0) await counters.add(COUNTERS.mrr, { [AMOUNT_ATTRIBUTE]: mrrDelta });
  });
}
