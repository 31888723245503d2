import { RISK_LEVEL_MESSAGES, RISK_SAMPLE_METRICS, type RiskMetrics, type RiskPeriod } from '@shared/schemas/risk';

/*
 * The Risk dashboard's rules (PRODUCT.md sections 4 and 9): banner text and colour per level, badge thresholds, the
 * default values shown when the metrics call returns nothing, and the trend sums.
 */

/** The banner text for anything that is not a known level. */
export const ASSESSING_MESSAGE = 'Assessing risk level...';

export interface RiskLevelStyle {
  message: string;
  /** Banner surface, border and text colours. */
  banner: string;
  /** The score ring / accent colour. */
  accent: string;
}

const STYLES: Record<string, Omit<RiskLevelStyle, 'message'>> = {
  LOW: { banner: 'border-emerald-200 bg-emerald-50 text-emerald-950', accent: 'text-emerald-700' },
  MEDIUM: { banner: 'border-amber-200 bg-amber-50 text-amber-950', accent: 'text-amber-700' },
  HIGH: { banner: 'border-orange-200 bg-orange-50 text-orange-950', accent: 'text-orange-600' },
  CRITICAL: { banner: 'border-red-200 bg-red-50 text-red-950', accent: 'text-red-600' },
};
const UNKNOWN_STYLE = { banner: 'border-slate-200 bg-slate-50 text-slate-900', accent: 'text-slate-500' };

/** Text and colours of a risk level; any other value reads 'Assessing risk level...' in grey. */
export function riskLevelStyle(level: string | null | undefined): RiskLevelStyle {
  const known = level && Object.hasOwn(RISK_LEVEL_MESSAGES, level) ? (level as keyof typeof RISK_LEVEL_MESSAGES) : undefined;
  if (!known) return { message: ASSESSING_MESSAGE, ...UNKNOWN_STYLE };
  return { message: RISK_LEVEL_MESSAGES[known], ...STYLES[known]! };
}

export type RiskBadgeVariant = 'destructive' | 'secondary' | 'default';

/** Hotspot and content risk badge (PRODUCT.md section 4): destructive above 70, secondary above 50, else default. */
export function riskBadgeVariant(score: number): RiskBadgeVariant {
  if (score > 70) return 'destructive';
  if (score > 50) return 'secondary';
  return 'default';
}

/**
 * The metrics to show and whether they are sample values: the server's own, flagged sample when it says so, or
 * the sample values of PRODUCT.md section 9 (score 75, MEDIUM, 12, 87%, 5, 2.3h, 18h, 23) when the call returned nothing.
 */
export function metricsToShow(metrics: RiskMetrics | null | undefined): { metrics: RiskMetrics; sample: boolean } {
  if (!metrics) return { metrics: RISK_SAMPLE_METRICS, sample: true };
  return { metrics, sample: metrics.sample === true };
}

/** Sums over a trend series: new threats and resolved add up; open violations are the latest day's figure. */
export function trendTotals(points: readonly { violations: number; newThreats: number; resolved: number }[]) {
  return {
    newThreats: points.reduce((sum, p) => sum + p.newThreats, 0),
    resolved: points.reduce((sum, p) => sum + p.resolved, 0),
    violations: points.reduce((sum, p) => sum + p.violations, 0),
    openAtEnd: points.at(-1)?.violations ?? 0,
  };
}

/** Hours with at most one decimal: `2.3h`, `18h`. */
export function formatHours(hours: number): string {
  return `${Number(hours.toFixed(1))}h`;
}

/** The period selector's options (PRODUCT.md section 9: 24h, 7d default, 30d, 90d). */
export const PERIOD_OPTIONS: readonly { value: RiskPeriod; label: string }[] = [
  { value: '24h', label: 'Last 24 hours' },
  { value: '7d', label: 'Last 7 days' },
  { value: '30d', label: 'Last 30 days' },
  { value: '90d', label: 'Last 90 days' },
];

export type ListView<T> = { state: 'loading' } | { state: 'error'; error: unknown } | { state: 'ready'; items: readonly T[]; sample: boolean };

/**
 * What a list tab shows. Built-in samples stand in when the call returned nothing (an empty body) or when the
 * creator has no data at all (the metrics are samples) and the list is empty; otherwise the creator's own list,
 * even when empty, or the error.
 */
export function listToShow<T>(
  data: readonly T[] | null | undefined,
  error: unknown,
  sampleMode: boolean,
  samples: () => readonly T[],
): ListView<T> {
  if (data === undefined && error === undefined) return { state: 'loading' };
  const nothing = data === null || (data === undefined && error !== undefined);
  if (data === null || (sampleMode && (nothing || data!.length === 0))) return { state: 'ready', items: samples(), sample: true };
  if (error !== undefined || data === undefined) return { state: 'error', error };
  return { state: 'ready', items: data, sample: false };
}
