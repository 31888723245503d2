import * as z from 'zod';
import { ladderStepSchema } from './cases';

/**
 * Takedown outcomes measured from cases (issue 23): `GET /api/user/{id}/outcomes` (a creator's) and
 * `GET /api/admin/outcomes` (the platform's). Rates are fractions of the ended cases, null when none ended.
 */
const removalTime = { removals: z.number().int().nonnegative(), medianHours: z.number().nonnegative() };
export const outcomeFiguresSchema = z.object({
  ended: z.number().int().nonnegative(),
  /** Cases still climbing the ladder. */
  open: z.number().int().nonnegative(),
  removed: z.number().int().nonnegative(),
  delisted: z.number().int().nonnegative(),
  counterNoticed: z.number().int().nonnegative(),
  stopped: z.number().int().nonnegative(),
  removalRate: z.number().nullable(),
  delistedOnlyShare: z.number().nullable(),
  /** Copies found back online after their removal (cases reopened as reappeared); null where not measured. */
  cameBack: z.number().int().nonnegative().nullable(),
  /** From the first notice to removal at the source. */
  medianHoursToRemoval: z.number().nullable(),
  byHost: z.array(z.object({ host: z.string(), ...removalTime })),
  byStep: z.array(z.object({ step: ladderStepSchema, ...removalTime })),
});
export type OutcomeFigures = z.infer<typeof outcomeFiguresSchema>;
