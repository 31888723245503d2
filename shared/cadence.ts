/**
 * Monitor cadences, from fastest to slowest (issue 11). Pure data, so shared/plans.ts can use them without
 * pulling zod into the web bundle.
 */
export const CADENCES = ['hourly', 'every-6-hours', 'daily', 'weekly'] as const;
export type Cadence = (typeof CADENCES)[number];

export const CADENCE_SECONDS: Readonly<Record<Cadence, number>> = {
  hourly: 3600,
  'every-6-hours': 6 * 3600,
  daily: 86_400,
  weekly: 7 * 86_400,
};

export const CADENCE_LABELS: Readonly<Record<Cadence, string>> = {
  hourly: 'Hourly',
  'every-6-hours': 'Every 6 hours',
  daily: 'Daily',
  weekly: 'Weekly',
};
