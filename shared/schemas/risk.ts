import * as z from 'zod';

/**
 * The signed-in creator's risk picture (PRODUCT.md sections 2 "Risk Dashboard", 3, 4, 7 and 9): computed from the
 * caller's own results and cases. Formula: docs/ARCHITECTURE.md, "Admin figures, risk formula and cost model".
 */

export const RISK_PERIODS = ['24h', '7d', '30d', '90d'] as const;
export type RiskPeriod = (typeof RISK_PERIODS)[number];
export const DEFAULT_RISK_PERIOD: RiskPeriod = '7d';
export const RISK_PERIOD_MESSAGE = 'period must be one of 24h, 7d, 30d, 90d.';
/** Length of each period in days (24h is one day). */
export const RISK_PERIOD_DAYS: Readonly<Record<RiskPeriod, number>> = { '24h': 1, '7d': 7, '30d': 30, '90d': 90 };

export const riskPeriodSchema = z.enum(RISK_PERIODS, { error: RISK_PERIOD_MESSAGE });

/** Query of `/api/risk/metrics` and `/api/risk/trends`: `period`, default 7d. */
export const riskPeriodQuerySchema = z.object({ period: riskPeriodSchema.default(DEFAULT_RISK_PERIOD) });
export type RiskPeriodQuery = z.infer<typeof riskPeriodQuerySchema>;

export const RISK_LEVELS = ['LOW', 'MEDIUM', 'HIGH', 'CRITICAL'] as const;
export const riskLevelSchema = z.enum(RISK_LEVELS);
export type RiskLevel = z.infer<typeof riskLevelSchema>;

/** The banner text of each level (PRODUCT.md section 4); anything else reads 'Assessing risk level...'. */
export const RISK_LEVEL_MESSAGES: Readonly<Record<RiskLevel, string>> = {
  LOW: 'Your content is well protected with minimal exposure',
  MEDIUM: 'Some vulnerabilities detected - consider strengthening protection',
  HIGH: 'Significant risks identified - immediate action recommended',
  CRITICAL: 'Critical threats detected - urgent response required',
};

/** `GET /api/risk/metrics?period=`. */
export const riskMetricsSchema = z.object({
  /** 0-100, higher is riskier. */
  overallRiskScore: z.number().int().min(0).max(100),
  riskLevel: riskLevelSchema,
  /** Open exposures: results not marked safe whose copy is not taken down. */
  vulnerabilityCount: z.number().int().nonnegative(),
  /** Percent (0-100) of results fully handled: marked safe, or unauthorized with a notice sent. */
  protectionCoverage: z.number().min(0).max(100),
  /** Results not marked safe first found within the period. */
  recentThreats: z.number().int().nonnegative(),
  /** Hours, mean of (found - first seen online) over the period's results. */
  timeToDetection: z.number().nonnegative(),
  /** Hours, mean of (notice sent - copy found) over the period's sent notices. */
  averageResponseTime: z.number().nonnegative(),
  /** Distinct sites hosting open exposures. */
  contentExposure: z.number().int().nonnegative(),
  /** Present (true) only when the caller has no data at all and these are the sample values of PRODUCT.md section 9. */
  sample: z.literal(true).optional(),
});
export type RiskMetrics = z.infer<typeof riskMetricsSchema>;

/** The sample risk values of PRODUCT.md section 9, returned with `sample: true` only to a caller without data. */
export const RISK_SAMPLE_METRICS: Readonly<RiskMetrics> = {
  overallRiskScore: 75,
  riskLevel: 'MEDIUM',
  vulnerabilityCount: 12,
  protectionCoverage: 87,
  recentThreats: 5,
  timeToDetection: 2.3,
  averageResponseTime: 18,
  contentExposure: 23,
  sample: true,
};

export const HOTSPOT_TRENDS = ['increasing', 'stable', 'decreasing'] as const;

/** One item of `GET /api/risk/hotspots`. */
export const riskHotspotSchema = z.object({
  platform: z.string(),
  /** 0-100 (badge: destructive above 70, secondary above 50). */
  riskScore: z.number().int().min(0).max(100),
  /** Open exposures on the platform. */
  violations: z.number().int().nonnegative(),
  trend: z.enum(HOTSPOT_TRENDS),
  /** ISO time of the newest result on the platform. */
  lastDetected: z.string(),
  /** From the sites' top-level domains; 'Global' for generic ones. */
  geography: z.string(),
});
export type RiskHotspot = z.infer<typeof riskHotspotSchema>;
export const riskHotspotListSchema = z.array(riskHotspotSchema);

/** One day of `GET /api/risk/trends?period=`. */
export const riskTrendPointSchema = z.object({
  /** `yyyy-mm-dd` (UTC). */
  date: z.string(),
  /** Open exposures at the end of the day. */
  violations: z.number().int().nonnegative(),
  /** Results (not marked safe) found that day. */
  newThreats: z.number().int().nonnegative(),
  /** Copies taken down that day. */
  resolved: z.number().int().nonnegative(),
});
export type RiskTrendPoint = z.infer<typeof riskTrendPointSchema>;
export const riskTrendListSchema = z.array(riskTrendPointSchema);

/** One item of `GET /api/risk/content-analysis`. */
export const contentRiskItemSchema = z.object({
  /** web, images or videos. */
  contentType: z.string(),
  /** Risk percent 0-100 (same badge thresholds as hotspots). */
  riskLevel: z.number().int().min(0).max(100),
  /** Open exposures of this content type. */
  exposureCount: z.number().int().nonnegative(),
  platforms: z.array(z.string()),
  recommendation: z.string(),
});
export type ContentRiskItem = z.infer<typeof contentRiskItemSchema>;
export const contentRiskListSchema = z.array(contentRiskItemSchema);

/** One item of `GET /api/risk/recommendations` (issue 26): advice computed from the caller's account. */
export const riskRecommendationSchema = z.object({
  /** Stable id of the rule that gave it, e.g. `review-results`. */
  id: z.string(),
  priority: z.enum(['high', 'medium', 'low']),
  title: z.string(),
  /** Why, with the caller's own figures. */
  text: z.string(),
  /** Where to act: an in-app path and its label. */
  action: z.object({ label: z.string(), href: z.string() }),
});
export type RiskRecommendation = z.infer<typeof riskRecommendationSchema>;
export const riskRecommendationListSchema = z.array(riskRecommendationSchema);
