import { CADENCES, CADENCE_LABELS, CADENCE_SECONDS, type Cadence } from '@shared/cadence';
import { planRule } from '@shared/plans';

/** The cadences a plan allows (its fastest and every slower one), fastest first. */
export function allowedCadences(plan: string): Cadence[] {
  const fastest = CADENCE_SECONDS[planRule(plan).monitors.fastest];
  return CADENCES.filter((c) => CADENCE_SECONDS[c] >= fastest);
}

/** "Weekly", "Every 6 hours"... */
export const cadenceLabel = (c: Cadence) => CADENCE_LABELS[c];

/**
 * The last run's real start, and how late it started after its schedule's due time when that was a scheduled
 * run (issue 27): "28/11/2026, 10:00:04 (4 s after it was due)". A run now has no due time.
 */
export function lastStart(m: { lastRunAt: string | null; lastDueAt?: string | null }): string {
  if (!m.lastRunAt) return '—';
  const lag = m.lastDueAt ? Math.round((Date.parse(m.lastRunAt) - Date.parse(m.lastDueAt)) / 1000) : undefined;
  if (lag === undefined || lag < 0) return when(m.lastRunAt);
  const late = lag < 120 ? `${lag} s` : lag < 7200 ? `${Math.round(lag / 60)} min` : `${Math.round(lag / 3600)} h`;
  return `${when(m.lastRunAt)} (${late} after it was due)`;
}

/** A time as the monitoring screens show it; `—` when there is none. */
export function when(iso: string | null | undefined): string {
  return iso ? new Date(iso).toLocaleString() : '—';
}
