import { CADENCES, CADENCE_LABELS, CADENCE_SECONDS, type Cadence } from '@shared/cadence';
import { planRule } from '@shared/plans';

/** The cadences a plan allows (its fastest and every slower one), fastest first. */
export function allowedCadences(plan: string): Cadence[] {
  const fastest = CADENCE_SECONDS[planRule(plan).monitors.fastest];
  return CADENCES.filter((c) => CADENCE_SECONDS[c] >= fastest);
}

/** "Weekly", "Every 6 hours"... */
export const cadenceLabel = (c: Cadence) => CADENCE_LABELS[c];

/** A time as the monitoring screens show it; `—` when there is none. */
export function when(iso: string | null | undefined): string {
  return iso ? new Date(iso).toLocaleString() : '—';
}
