import { z } from 'zod';
import { planIdSchema } from './user';

/** A count of a month's usage, zero when nothing was counted. */
const figure = z.number().int().nonnegative();
/** An allowance; `null` is unlimited. */
const allowance = z.number().int().nonnegative().nullable();

/**
 * `GET /api/user/{id}/usage`: the user's usage in the current UTC month, counted as it happens, with the plan in
 * force and its allowances as the Account page states them (shared/plans.ts `ACCOUNT_PAGE_ALLOWANCES`).
 */
export const usageSchema = z.object({
  /** `yyyy-mm` (UTC) the figures are for. */
  period: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/),
  /** Searches (scans) started this month. */
  searches: figure,
  /** DMCA cases created this month. */
  cases: figure,
  /** Violations found this month: results stored for the user's scans. */
  violations: figure,
  /** The stored plan the allowances are for. */
  plan: planIdSchema,
  allowances: z.object({
    /** Searches a month. */
    searches: allowance,
    /** Automated takedown submissions a month. */
    automatedSubmissions: allowance,
    /** The most violations one bulk submission may hold. */
    bulkSubmissions: allowance,
  }),
});
export type Usage = z.infer<typeof usageSchema>;
