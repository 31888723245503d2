import * as z from 'zod';
import { planIdSchema } from './user';

/**
 * The administrator's Business Dashboard calls (PRODUCT.md sections 2 "Admin", 3 and 7). Field names are exactly
 * the ones the screens read. Fractions are 0-1 (the screen shows them as percentages with one decimal); money is US dollars
 * rounded to the cent. How each figure is computed: docs/ARCHITECTURE.md, "Admin figures, risk formula and
 * cost model".
 */

const money = z.number();
const fraction = z.number().min(0).max(1);
const count = z.number().int().nonnegative();

/** `GET /api/admin/metrics`. */
export const adminMetricsSchema = z.object({
  /** All charges ever recorded. */
  totalRevenue: money,
  /** Sum over active paid subscribers of plan price x (1 - discount). */
  monthlyRecurringRevenue: money,
  totalUsers: count,
  /** Subscribers of a paid plan (basic, pro, enterprise). */
  activeSubscriptions: count,
  /** Paid subscribers / all users. */
  conversionRate: fraction,
  /** Cancelled this month / active paid subscriptions at the start of the month. */
  churnRate: fraction,
  /** MRR / active subscriptions (per paying subscriber). */
  averageRevenuePerUser: money,
  /** ARPU / max(churn, 2%). */
  lifetimeValue: money,
});
export type AdminMetrics = z.infer<typeof adminMetricsSchema>;

/** `GET /api/admin/users`. */
export const adminUsersSchema = z.object({
  /** Users not on a paid plan. */
  trialUsers: count,
  subscriptionBreakdown: z.object({ basic: count, pro: count, enterprise: count }),
  /** Sign-ups this calendar month (UTC), as the Users tab labels it ("signups this month"). */
  totalSignups: count,
  /** Distinct users who used the product (a page view or a scan) this calendar month. */
  activeUsers: count,
  upgradedThisMonth: count,
  cancelledThisMonth: count,
  /** Users who ever reached each recorded step of the journey, in order (FUNNEL_STAGES). */
  funnel: z.array(z.object({ stage: z.string(), users: count })),
});
export type AdminUsers = z.infer<typeof adminUsersSchema>;

/** `GET /api/admin/system`. */
export const adminSystemSchema = z.object({
  /** Finished scans that completed (fully or partly) / all finished scans. */
  successRate: fraction,
  /** Healthy checks / all health checks in the last 30 days. */
  systemUptime: fraction,
  /** Mean API response time over the last 30 days, in milliseconds. */
  averageResponseTime: z.number().nonnegative(),
  totalSearches: count,
  /** Possible copies found by scans (results stored). */
  totalViolations: count,
  /** Takedown notices sent (cases that reached `sent`). */
  totalDmcaSubmissions: count,
});
export type AdminSystem = z.infer<typeof adminSystemSchema>;

/** One row of `GET /api/admin/financial`. */
export const financialRowSchema = z.object({
  /** `yyyy-mm`. */
  period: z.string().regex(/^\d{4}-\d{2}$/),
  revenue: money,
  /** Estimated from the month's usage (cost model). */
  expenses: money,
  profit: money,
  /** Revenue change against the previous month as a fraction (0 when the previous month had no revenue). */
  growth: z.number(),
});
export type FinancialRow = z.infer<typeof financialRowSchema>;
export const financialRowsSchema = z.array(financialRowSchema);

/** `GET /api/admin/financial-stats`: a compact summary of the financial figures. */
export const financialStatsSchema = z.object({
  totalRevenue: money,
  monthlyRecurringRevenue: money,
  annualRunRate: money,
  revenueThisMonth: money,
  expensesThisMonth: money,
  profitThisMonth: money,
  /** Profit / revenue this month (0 without revenue). */
  marginThisMonth: z.number(),
  activeSubscriptions: count,
  averageRevenuePerUser: money,
});
export type FinancialStats = z.infer<typeof financialStatsSchema>;

/** One row of `GET /api/admin/user-management`. */
export const managedUserSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  /** ISO time of sign-up. */
  joinDate: z.string(),
  subscriptionPlan: planIdSchema,
  /** The subscription status (`active`, ...). */
  status: z.string(),
  /** Percent, 0-100. */
  discount: z.number().min(0).max(100),
  /** US dollars charged so far. */
  totalSpent: money,
  searches: count,
  dmcaCases: count,
});
export type ManagedUser = z.infer<typeof managedUserSchema>;
export const managedUserListSchema = z.array(managedUserSchema);

/** Response header of `GET /api/admin/user-management` carrying the cursor of the next page (absent on the last). */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';
export const USER_PAGE_DEFAULT = 50;
export const USER_PAGE_MAX = 100;

/** `GET /api/admin/user-management?cursor=&limit=`. */
export const userManagementQuerySchema = z.object({
  cursor: z.string().max(500, 'cursor is not valid.').optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number.' })
    .int('limit must be a whole number.')
    .min(1, 'limit must be at least 1.')
    .max(USER_PAGE_MAX, `limit must be at most ${USER_PAGE_MAX}.`)
    .default(USER_PAGE_DEFAULT),
});
export type UserManagementQuery = z.infer<typeof userManagementQuerySchema>;

export const DISCOUNT_MESSAGE = 'Discount must be a number from 0 to 100.';

/** `PUT /api/admin/users/{userId}` body (PRODUCT.md section 5: a number from 0 to 100 inclusive). */
export const discountBodySchema = z.object(
  { discount: z.number({ error: DISCOUNT_MESSAGE }).min(0, DISCOUNT_MESSAGE).max(100, DISCOUNT_MESSAGE) },
  { error: DISCOUNT_MESSAGE },
);
export type DiscountBody = z.infer<typeof discountBodySchema>;

/** `GET /api/admin/ai-insights`. The three business lists are findings computed from the figures. */
export const aiInsightsSchema = z.object({
  engagementMetrics: z.object({
    /** Minutes, one decimal. */
    avgSessionDuration: z.number().nonnegative(),
    /** Percent (0-100, one decimal) of sessions with a single page view. */
    bounceRate: z.number().min(0).max(100),
    /** Page views per session, one decimal. */
    pagesPerSession: z.number().nonnegative(),
    /** Stage -> percent (0-100) of the previous stage's users who did not reach it. */
    conversionFunnelDropoff: z.record(z.string(), z.number().min(0).max(100)),
  }),
  userBehaviorPatterns: z.object({
    popularFeatures: z.array(z.string()),
    commonExitPages: z.array(z.string()),
  }),
  businessOptimization: z.object({
    profitabilityInsights: z.array(z.string()),
    churnRiskFactors: z.array(z.string()),
    upsellOpportunities: z.array(z.string()),
  }),
});
export type AiInsights = z.infer<typeof aiInsightsSchema>;

/** The funnel stages of `conversionFunnelDropoff`, in order. */
export const FUNNEL_STAGES = ['visited', 'signedUp', 'scanned', 'reviewed', 'caseFiled', 'paid'] as const;
export type FunnelStage = (typeof FUNNEL_STAGES)[number];
