import * as z from 'zod';
import { planIdSchema } from './user';

/** A count of a month's usage, zero when nothing was counted. */
const figure = z.number().int().nonnegative();
/** An allowance; `null` is unlimited. */
const allowance = z.number().int().nonnegative().nullable();

/** Uses of a monthly allowance as the server counted them (the very counters its gate checks). */
const counted = z.object({ used: figure, limit: allowance });

/**
 * `GET /api/user/{id}/usage`: the user's usage in the current UTC month, counted as it happens, with the plan in
 * force and its allowances (shared/plans.ts `PLANS[plan].allowances`, the figures the server enforces).
 */
export const usageSchema = z.object({
  /** `yyyy-mm` (UTC) the figures are for. */
  period: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/),
  /** Searches (scans) started this month, scheduled monitor runs included. */
  searches: figure,
  /** DMCA cases created this month. */
  cases: figure,
  /** Violations found this month: results stored for the user's scans. */
  violations: figure,
  /** The plan whose allowances apply (the stored plan; the trial's once a failed payment outlasts its grace). */
  plan: planIdSchema,
  allowances: z.object({
    /** Scans counted against the monthly allowance (started by hand or by a monitor's "Run now"). */
    scans: counted,
    /** Violations submitted (automated notices sent) this month, with the daily burst cap. */
    submissions: counted.extend({ perDay: allowance }),
    /** The most violations one bulk submission may hold. */
    bulkSubmissions: allowance,
  }),
  /** When the monthly allowances start again: the first instant of next month, UTC. */
  resetsAt: z.string(),
});
export type Usage = z.infer<typeof usageSchema>;
