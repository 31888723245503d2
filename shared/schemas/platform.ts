import * as z from 'zod';
import { planIdSchema } from './user';

/**
 * The Business Dashboard's platform controls and feeds (issue 26): the admin audit log, the platform's activity
 * feed, maintenance mode, per-plan rate limits, revenue by plan and growth, and the six business reports.
 * docs/ARCHITECTURE.md, "Business Dashboard without sample data (issue 26)".
 */

/** What an administrator changed. */
export const AUDIT_ACTIONS = ['maintenance', 'rate-limits', 'plan-prices', 'discount', 'report-schedule'] as const;
export const auditActionSchema = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof auditActionSchema>;

/** One audit log entry: who (the administrator), what (a sentence and the values), when. */
export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actorId: z.string(),
  actorEmail: z.string(),
  action: auditActionSchema,
  /** The user a change was about (a discount), when there is one. */
  targetId: z.string().optional(),
  summary: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditListSchema = z.array(auditEntrySchema);

/** Business events of the platform's activity feed. */
export const ACTIVITY_KINDS = ['signup', 'subscription-started', 'plan-changed', 'subscription-cancelled', 'scan-finished', 'notice-sent', 'case-resolved'] as const;
export const activityKindSchema = z.enum(ACTIVITY_KINDS);
export type ActivityKind = z.infer<typeof activityKindSchema>;

/** One platform event (no creator identity: the plan and the figures only). */
export const activityItemSchema = z.object({
  id: z.string(),
  at: z.string(),
  kind: activityKindSchema,
  summary: z.string(),
});
export type ActivityItem = z.infer<typeof activityItemSchema>;
export const activityListSchema = z.array(activityItemSchema);

export const MAINTENANCE_MESSAGE_MAX = 300;

/** Maintenance mode: while on, no new account can be created. */
export const maintenanceSchema = z.object({
  enabled: z.boolean(),
  /** Shown on the sign-in pages while on. */
  message: z.string(),
  updatedAt: z.string().optional(),
  updatedBy: z.string().optional(),
});
export type Maintenance = z.infer<typeof maintenanceSchema>;

export const maintenanceBodySchema = z.object(
  {
    enabled: z.boolean({ error: 'enabled must be true or false.' }),
    message: z
      .string({ error: 'message must be text.' })
      .trim()
      .max(MAINTENANCE_MESSAGE_MAX, `message must be at most ${MAINTENANCE_MESSAGE_MAX} characters.`)
      .optional(),
  },
  { error: 'The body must be {"enabled": boolean, "message"?: string}.' },
);

export const DEFAULT_MAINTENANCE_MESSAGE = 'New registrations are paused for maintenance. Existing accounts can sign in as usual.';

/** One plan's limit on costly requests: a token bucket of `burst` tokens refilled at `perMinute`. */
export const RATE_PER_MINUTE_MAX = 10_000;
export const planRateLimitSchema = z.object({
  perMinute: z
    .number({ error: 'perMinute must be a number.' })
    .int('perMinute must be a whole number.')
    .min(1, 'perMinute must be at least 1.')
    .max(RATE_PER_MINUTE_MAX, `perMinute must be at most ${RATE_PER_MINUTE_MAX}.`),
  burst: z
    .number({ error: 'burst must be a number.' })
    .int('burst must be a whole number.')
    .min(1, 'burst must be at least 1.')
    .max(RATE_PER_MINUTE_MAX, `burst must be at most ${RATE_PER_MINUTE_MAX}.`),
});
export type PlanRateLimit = z.infer<typeof planRateLimitSchema>;

export const rateLimitsBodySchema = z.object(
  { trial: planRateLimitSchema, basic: planRateLimitSchema, pro: planRateLimitSchema, enterprise: planRateLimitSchema },
  { error: 'The body must give {perMinute, burst} for trial, basic, pro and enterprise.' },
);
export type RateLimits = z.infer<typeof rateLimitsBodySchema>;

export const rateLimitsSchema = z.object({
  limits: rateLimitsBodySchema,
  /** The routes the limits cover (contract names). */
  routes: z.array(z.string()),
  updatedAt: z.string().optional(),
  updatedBy: z.string().optional(),
});
export type RateLimitSettings = z.infer<typeof rateLimitsSchema>;

/**
 * Pricing Updates (issue 26): the monthly price of each paid plan in whole US dollars, set by an administrator.
 * The free trial stays free. Billing charges these, the pricing pages show them (`GET /api/public/plans`).
 */
export const PLAN_PRICE_MAX_USD = 10_000;
const priceUsdSchema = (plan: string) =>
  z
    .number({ error: `${plan} must be a price in US dollars.` })
    .int(`${plan} must be a whole number of dollars.`)
    .min(1, `${plan} must be at least $1.`)
    .max(PLAN_PRICE_MAX_USD, `${plan} must be at most $${PLAN_PRICE_MAX_USD}.`);
export const planPricesBodySchema = z
  .object({ basic: priceUsdSchema('basic'), pro: priceUsdSchema('pro'), enterprise: priceUsdSchema('enterprise') })
  .strict()
  .refine((p) => p.basic < p.pro && p.pro < p.enterprise, 'Each plan must cost more than the one below it (basic < pro < enterprise).');
export type PlanPrices = z.infer<typeof planPricesBodySchema>;
export const planPricesSchema = z.object({
  prices: z.object({ trial: z.literal(0), basic: z.number(), pro: z.number(), enterprise: z.number() }),
  updatedAt: z.string().optional(),
});
export type PlanPriceSettings = z.infer<typeof planPricesSchema>;

/** `GET /api/admin/revenue`: revenue per plan, growth and projected ARR, from billing events' counters. */
export const revenueSchema = z.object({
  byPlan: z.array(z.object({ plan: planIdSchema, revenue: z.number() })),
  /** Revenue recorded before charges carried their plan. */
  unattributed: z.number(),
  total: z.number(),
  /** Growth as fractions; null while there is no earlier revenue to compare with. */
  growth: z.object({ monthly: z.number().nullable(), quarterly: z.number().nullable(), annual: z.number().nullable() }),
  /** MRR x 12. */
  projectedArr: z.number(),
});
export type Revenue = z.infer<typeof revenueSchema>;

/** The six reports of the Reports tab. */
export const BUSINESS_REPORTS = {
  'monthly-revenue': 'Monthly Revenue Report',
  'quarterly-summary': 'Quarterly Summary',
  'annual-financial': 'Annual Financial Statement',
  'user-analytics': 'User Analytics Report',
  'subscription-analysis': 'Subscription Analysis',
  'churn-analysis': 'Churn Analysis',
} as const;
export type BusinessReportKind = keyof typeof BUSINESS_REPORTS;
export const businessReportParamsSchema = z.object({
  kind: z.enum(Object.keys(BUSINESS_REPORTS) as [BusinessReportKind, ...BusinessReportKind[]], {
    error: `kind must be one of ${Object.keys(BUSINESS_REPORTS).join(', ')}.`,
  }),
});
export const businessReportQuerySchema = z.object({
  format: z.enum(['pdf', 'csv'], { error: 'format must be pdf or csv.' }).default('pdf'),
});

/** `GET /api/public/status`: what the sign-in pages say (maintenance mode). */
export const publicStatusSchema = z.object({
  registrationsOpen: z.boolean(),
  /** Present while registrations are closed. */
  message: z.string().optional(),
});
export type PublicStatus = z.infer<typeof publicStatusSchema>;

/**
 * `GET /api/public/stats`: the platform's own figures for the public pages (issue 26), each computed from the
 * counters at `asOf`; cached for a few minutes. Rates are null while there is nothing to divide.
 */
export const publicStatsSchema = z.object({
  asOf: z.string(),
  /** Scans started, all time. */
  scans: z.number().int().nonnegative(),
  /** Possible copies found by scans, all time. */
  copiesFound: z.number().int().nonnegative(),
  /** Takedown notices sent, all time. */
  noticesSent: z.number().int().nonnegative(),
  /** Cases resolved (the copy is gone), all time. */
  copiesRemoved: z.number().int().nonnegative(),
  /** Cases resolved / notices sent. */
  removalRate: z.number().min(0).max(1).nullable(),
  /** Scans finished this calendar month and last (UTC): how many, the share that completed, the mean time. */
  recentScans: z.object({
    months: z.array(z.string()),
    finished: z.number().int().nonnegative(),
    successRate: z.number().min(0).max(1).nullable(),
    /** Mean start-to-finish time in seconds over the scans timed; null when none was. */
    averageSeconds: z.number().nonnegative().nullable(),
  }),
});
export type PublicStats = z.infer<typeof publicStatsSchema>;
