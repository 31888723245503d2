import type { PlanId } from '../../../shared/schemas/user';
import { USER_COUNTERS } from '../../store/entities/counter';

/**
 * The one list of counter names the admin dashboard reads, with who keeps each (docs/ARCHITECTURE.md, "Admin
 * figures, risk formula and cost model"). The items are the counter entity's (store/entities/counter.ts:
 * `COUNTER#<name>` with sort key `TOTAL`, `MONTH#yyyy-mm` or `DAY#yyyy-mm-dd`, changed only by atomic ADD);
 * which producer counts what is ./hooks.ts. `count` is the usual attribute; money is `amountCents`.
 */

/** Counters kept by billing (services/billing/billing-events.ts). */
export const BILLING_COUNTERS = {
  /** Charges: `count` and `amountCents`, in total and per month. */
  revenue: 'revenue',
  /** Plan changes to a pricier plan, per month (`count`). */
  upgrades: 'upgrades',
  /** Current subscribers of a paid plan (`count`; +1 on joining, -1 on leaving). */
  subscribers: (plan: PlanId) => `subscribers-${plan}`,
} as const;

export const COUNTERS = {
  // Kept by others; read here.
  /** TOTAL `count`: users ever created (services/users.ts, on first sign-in). */
  users: USER_COUNTERS.total,
  /** MONTH `count`: sign-ups (services/users.ts). */
  signups: USER_COUNTERS.monthlySignups,
  /** TOTAL and MONTH `count`, `amountCents`: charges (services/billing countCharge). */
  revenue: BILLING_COUNTERS.revenue,
  /** MONTH `count`: plan changes to a pricier plan (services/billing countCharge). */
  upgrades: BILLING_COUNTERS.upgrades,
  /** TOTAL `count`: current subscribers of a paid plan (services/billing countCharge; -1 by the cancellation path). */
  subscribers: (plan: Exclude<PlanId, 'trial'>) => BILLING_COUNTERS.subscribers(plan),

  // Kept through the hooks in ./hooks.ts.
  /** MONTH `count`: trial -> paid plan changes (recordPlanChange). */
  subscriptionsStarted: 'subscriptions-started',
  /** MONTH `count`: paid -> trial (cancelled) plan changes (recordPlanChange). */
  cancellations: 'cancellations',
  /** TOTAL `amountCents`: monthly recurring revenue, sum of price x (1 - discount) over paid subscribers. */
  mrr: 'mrr',
  /** TOTAL and MONTH `count`, `providerCalls`, `plan:<plan>`: scans started (recordSearchStarted). */
  searches: 'searches',
  /**
   * TOTAL and MONTH `count`, `succeeded` (completed or partial), `failed`: scans finished; `durationMs` and `timed`:
   * start-to-finish time summed over the scans timed (recordSearchFinished).
   */
  searchesFinished: 'searches-finished',
  /** TOTAL and MONTH `count`: results stored, the "violations found" (recordResultsPersisted). */
  violations: 'results',
  /** TOTAL and MONTH `count`: DMCA cases created (recordCaseCreated). */
  casesCreated: 'cases-created',
  /** TOTAL and MONTH `count`: notices sent, cases reaching `sent` (recordCaseSent). */
  dmcaSubmissions: 'dmca-submissions',
  /** TOTAL and MONTH `count`: cases resolved (recordCaseResolved). */
  casesResolved: 'cases-resolved',
  /** MONTH `count`: e-mails sent through the mail port (recordEmailSent, recordCaseSent). */
  emails: 'emails',
  /** MONTH `count`, `bedrock`: assistant messages answered (recordChatMessage). */
  chatMessages: 'chat-messages',
  /** MONTH `count`, `plan:<plan>`: distinct users active in the month (recordActivity). */
  activeUsers: 'active-users',
  /** TOTAL `count`: sign-in starts, the funnel's first stage (recordVisit from GET /api/login). */
  visits: 'visits',
  /** TOTAL `count`: distinct users who reached a funnel stage (recordMilestone). */
  funnel: (stage: MilestoneStage) => `funnel-${stage}`,
  /**
   * Never written: the item the health check reads (a GetItem proving the table answers). Request and health
   * figures are metrics (./requests.ts); items `COUNTER#api...` and `COUNTER#health / DAY#...` that earlier
   * versions wrote are no longer read.
   */
  health: 'health',
  /** DAY engagement rollup of page-view events (services/events); see ENGAGEMENT_ATTRIBUTES. */
  engagement: 'engagement',
} as const;

/** Funnel stages reached once per user (a flag on the user's counters item guards each). */
export const MILESTONE_STAGES = ['scanned', 'reviewed', 'caseFiled', 'paid'] as const;
export type MilestoneStage = (typeof MILESTONE_STAGES)[number];

export const PAID_PLANS = ['basic', 'pro', 'enterprise'] as const satisfies readonly PlanId[];
