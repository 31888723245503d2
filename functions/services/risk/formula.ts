import {
  RISK_PERIOD_DAYS,
  type ContentRiskItem,
  type RiskHotspot,
  type RiskLevel,
  type RiskMetrics,
  type RiskPeriod,
  type RiskTrendPoint,
} from '../../../shared/schemas/risk';
import { RESULT_CONTENT_TYPES, type Priority, type ResultContentType } from '../../../shared/schemas/search';
import type { RiskData, RiskResult } from './data';
import { isActiveViolation } from '../violations';
import { dominantGeography, type GeographyOf } from './geography';

/**
 * The risk formula (documented in docs/ARCHITECTURE.md, "Admin figures, risk formula and cost model"). Pure:
 * every function takes the caller's data and `now`.
 *
 * An **exposure** is a result not marked safe (unauthorized, or not reviewed yet) on a site not allowlisted. It
 * is **open** at time t when it was found by t and not taken down by t. A **violation** is an exposure marked
 * unauthorized (`services/violations.ts`, the dashboard's rule): the counts shown as violations are violations,
 * the score also weighs unreviewed exposures. Review status and the allowlist are the current ones (a result
 * marked safe today leaves past days too).
 */

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** How much an open exposure weighs: its priority times how sure we are it is a violation. */
export const PRIORITY_WEIGHT: Readonly<Record<Priority, number>> = { high: 1, medium: 0.5, low: 0.25 };
export const REVIEW_WEIGHT = { unauthorized: 1, unreviewed: 0.6 } as const;

/** Overall score = 100 x the weighted sum of four components, each 0-1. */
export const SCORE_WEIGHTS = { exposure: 0.4, recency: 0.25, coverageGap: 0.2, spread: 0.15 } as const;
/** Saturation points of the components: the value at which a component reaches 1. */
export const SATURATION = {
  /** Weighted open exposures. */
  exposure: 20,
  /** New exposures per day over the period. */
  newPerDay: 2,
  /** Distinct sites with open exposures. */
  sites: 10,
} as const;
/** Level cut-offs on the score (LOW below 40, MEDIUM below 80, HIGH below 90, CRITICAL from 90). */
export const LEVEL_CUTOFFS: readonly [number, RiskLevel][] = [
  [90, 'CRITICAL'],
  [80, 'HIGH'],
  [40, 'MEDIUM'],
  [0, 'LOW'],
];

const one = (n: number) => Math.round(n * 10) / 10;
const sat = (v: number, at: number) => Math.min(1, Math.max(0, v / at));
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

export const isExposure = (r: RiskResult) => r.review !== 'safe' && !r.allowlisted;
/** An open violation at `t`, by the dashboard's rule (taken down means taken down by `t`). */
export const isViolationAt = (r: RiskResult, t: number) =>
  r.createdAt <= t && isActiveViolation({ review: r.review, domain: r.domain, takenDown: r.resolvedAt !== undefined && r.resolvedAt <= t }, () => r.allowlisted);
export const isOpenAt = (r: RiskResult, t: number) => isExposure(r) && r.createdAt <= t && !(r.resolvedAt !== undefined && r.resolvedAt <= t);
export const weightOf = (r: RiskResult) => PRIORITY_WEIGHT[r.priority] * (r.review === 'unauthorized' ? REVIEW_WEIGHT.unauthorized : REVIEW_WEIGHT.unreviewed);
/** Fully handled: marked safe, or a notice about it was sent (or it is taken down). */
export const isHandled = (r: RiskResult) => r.review === 'safe' || r.noticeSent || r.resolvedAt !== undefined;

export function levelOf(score: number): RiskLevel {
  return LEVEL_CUTOFFS.find(([from]) => score >= from)![1];
}

/** True when the caller has nothing the formula could use (then the sample values of PRODUCT.md section 9 are shown). */
export const hasNoData = (d: RiskData) => d.results.length === 0 && d.cases.length === 0 && !d.hasSearches;

/** `GET /api/risk/metrics` for a period ending `now`. */
export function computeRiskMetrics(d: RiskData, period: RiskPeriod, now: number): RiskMetrics {
  const days = RISK_PERIOD_DAYS[period];
  const from = now - days * DAY;
  const open = d.results.filter((r) => isOpenAt(r, now));
  const inPeriod = d.results.filter((r) => r.createdAt > from && r.createdAt <= now);
  const recent = inPeriod.filter(isExposure);
  const coverage = d.results.length ? (100 * d.results.filter(isHandled).length) / d.results.length : 100;
  const sites = new Set(open.map((r) => r.domain)).size;

  const resultsById = new Map(d.results.map((r) => [r.id, r]));
  const responses = d.cases
    .filter((c) => c.sentAt !== undefined && c.sentAt > from && c.sentAt <= now)
    .map((c) => Math.max(0, c.sentAt! - (resultsById.get(c.resultId)?.createdAt ?? c.createdAt)) / HOUR);

  const components = {
    exposure: sat(open.reduce((a, r) => a + weightOf(r), 0), SATURATION.exposure),
    recency: sat(recent.length / days, SATURATION.newPerDay),
    coverageGap: 1 - coverage / 100,
    spread: sat(sites, SATURATION.sites),
  };
  const score = Math.round(
    100 *
      (SCORE_WEIGHTS.exposure * components.exposure +
        SCORE_WEIGHTS.recency * components.recency +
        SCORE_WEIGHTS.coverageGap * components.coverageGap +
        SCORE_WEIGHTS.spread * components.spread),
  );
  return {
    overallRiskScore: score,
    riskLevel: levelOf(score),
    vulnerabilityCount: d.results.filter((r) => isViolationAt(r, now)).length,
    protectionCoverage: Math.round(coverage),
    recentThreats: recent.length,
    // Detection speed: from the copy's first known date online to Vigil's first sight, over copies whose date is known.
    timeToDetection: one(mean(inPeriod.filter((r) => r.seenKnown).map((r) => Math.max(0, r.createdAt - r.seenAt) / HOUR))),
    averageResponseTime: one(mean(responses)),
    contentExposure: sites,
  };
}

/** Hotspot trend: exposures found in the last 7 days against the 7 days before. */
export function trendOf(last7: number, previous7: number): RiskHotspot['trend'] {
  return last7 > previous7 ? 'increasing' : last7 < previous7 ? 'decreasing' : 'stable';
}

/** Most hotspots listed. */
export const MAX_HOTSPOTS = 10;

/**
 * `GET /api/risk/hotspots`: one row per platform with exposures. riskScore = 100 x (0.6 x min(1, weighted
 * open / 10) + 0.25 x min(1, found in the last 7 days / 5) + 0.15 x mean confidence of open / 100).
 */
export function computeHotspots(d: RiskData, now: number, geographyOf: GeographyOf = () => undefined): RiskHotspot[] {
  const byPlatform = new Map<string, RiskResult[]>();
  for (const r of d.results.filter(isExposure)) byPlatform.set(r.platform, [...(byPlatform.get(r.platform) ?? []), r]);
  const rows = [...byPlatform].map(([platform, rs]) => {
    const open = rs.filter((r) => isOpenAt(r, now));
    const last7 = rs.filter((r) => r.createdAt > now - 7 * DAY && r.createdAt <= now).length;
    const previous7 = rs.filter((r) => r.createdAt > now - 14 * DAY && r.createdAt <= now - 7 * DAY).length;
    const riskScore = Math.round(
      100 *
        (0.6 * sat(open.reduce((a, r) => a + weightOf(r), 0), 10) +
          0.25 * sat(last7, 5) +
          0.15 * (mean(open.map((r) => r.confidence)) / 100)),
    );
    return {
      platform,
      riskScore: Math.min(100, riskScore),
      violations: rs.filter((r) => isViolationAt(r, now)).length,
      trend: trendOf(last7, previous7),
      lastDetected: new Date(Math.max(...rs.map((r) => r.createdAt))).toISOString(),
      geography: dominantGeography(rs.map((r) => r.domain), geographyOf),
    };
  });
  return rows.sort((a, b) => b.riskScore - a.riskScore || b.violations - a.violations || a.platform.localeCompare(b.platform)).slice(0, MAX_HOTSPOTS);
}

/**
 * `GET /api/risk/trends`: one point per UTC calendar day of the period, ending today (24h is today only):
 * exposures found that day, taken down that day, and open at the end of the day (or now, for today).
 */
export function computeTrends(d: RiskData, period: RiskPeriod, now: number): RiskTrendPoint[] {
  const days = RISK_PERIOD_DAYS[period];
  const today = Math.floor(now / DAY) * DAY;
  const exposures = d.results.filter(isExposure);
  return Array.from({ length: days }, (_, i) => {
    const start = today - (days - 1 - i) * DAY;
    const end = Math.min(start + DAY, now + 1);
    return {
      date: new Date(start).toISOString().slice(0, 10),
      violations: exposures.filter((r) => isViolationAt(r, end - 1)).length,
      newThreats: exposures.filter((r) => r.createdAt >= start && r.createdAt < end).length,
      resolved: exposures.filter((r) => r.resolvedAt !== undefined && r.resolvedAt >= start && r.resolvedAt < end).length,
    };
  });
}

const NOUNS: Record<ResultContentType, string> = { web: 'web pages', images: 'image copies', videos: 'video copies' };

/** The advice for a content type, from what is still to do (most urgent first). */
export function recommendationFor(type: ResultContentType, rs: RiskResult[], now: number): string {
  const open = rs.filter((r) => isOpenAt(r, now));
  const unnoticed = open.filter((r) => r.review === 'unauthorized' && !r.noticeSent);
  const unreviewed = open.filter((r) => r.review === null);
  const awaiting = open.filter((r) => r.noticeSent);
  const topPlatform = (xs: RiskResult[]) => {
    const counts = new Map<string, number>();
    for (const r of xs) counts.set(r.platform, (counts.get(r.platform) ?? 0) + 1);
    return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];
  };
  if (unnoticed.length > 0) {
    return `Send takedown notices for ${unnoticed.length} unauthorized ${NOUNS[type]}; ${topPlatform(unnoticed)} hosts the most.`;
  }
  if (unreviewed.length > 0) return `Review ${unreviewed.length} unreviewed ${NOUNS[type]} to confirm which are unauthorized.`;
  if (awaiting.length > 0) {
    return `${awaiting.length} ${NOUNS[type]} have notices sent: watch for removal and escalate any still online after 7 days.`;
  }
  return `No open exposure of ${NOUNS[type]}: keep scanning regularly to catch new copies early.`;
}

/**
 * `GET /api/risk/content-analysis`: one row per content type with exposures. riskLevel (percent) = 100 x
 * (0.7 x min(1, weighted open / 10) + 0.3 x open / exposures of the type).
 */
export function computeContentAnalysis(d: RiskData, now: number): ContentRiskItem[] {
  const rows: ContentRiskItem[] = [];
  for (const type of RESULT_CONTENT_TYPES) {
    const rs = d.results.filter((r) => r.contentType === type && isExposure(r));
    if (rs.length === 0) continue;
    const open = rs.filter((r) => isOpenAt(r, now));
    const platformCounts = new Map<string, number>();
    for (const r of open) platformCounts.set(r.platform, (platformCounts.get(r.platform) ?? 0) + 1);
    rows.push({
      contentType: type,
      riskLevel: Math.min(100, Math.round(100 * (0.7 * sat(open.reduce((a, r) => a + weightOf(r), 0), 10) + 0.3 * (open.length / rs.length)))),
      exposureCount: open.length,
      platforms: [...platformCounts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 5).map(([p]) => p),
      recommendation: recommendationFor(type, rs, now),
    });
  }
  return rows.sort((a, b) => b.riskLevel - a.riskLevel || a.contentType.localeCompare(b.contentType));
}
