import * as z from 'zod';
import { CASE_OUTCOMES, CASE_STATUSES, caseListSchema } from './cases';

/*
 * The cases list (issue 26): status tabs, filters (host, dates, outcome), search by URL or case number, and
 * server-side pagination by cursor (`GET /api/user/{id}/cases`).
 */

export const CASE_LIST_TABS = ['all', ...CASE_STATUSES] as const;
export type CaseListTab = (typeof CASE_LIST_TABS)[number];
/** An outcome filter: one of the named outcomes, or `open` (no outcome yet). */
export const CASE_LIST_OUTCOMES = ['open', ...CASE_OUTCOMES] as const;
export type CaseListOutcome = (typeof CASE_LIST_OUTCOMES)[number];

export const MAX_CASE_PAGE = 100;
export const DEFAULT_CASE_PAGE = 25;
export const MAX_CASE_SEARCH_LENGTH = 500;
/** A case number as the search box takes it: `VGL-2026-000123` (any case). */
export const CASE_NUMBER_PATTERN = /^VGL-\d{4}-\d{1,12}$/i;

const day = (what: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: `${what} must be a date (YYYY-MM-DD).`, abort: true })
    .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), `${what} must be a real date.`)
    .optional();

const blankIsAbsent = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

export const caseListQuerySchema = z
  .object({
    status: z.enum(CASE_LIST_TABS, { error: `status must be one of ${CASE_LIST_TABS.join(', ')}.` }).default('all'),
    host: z.preprocess(blankIsAbsent, z.string().trim().toLowerCase().max(253, 'The host may be at most 253 characters.').optional()),
    outcome: z.preprocess(blankIsAbsent, z.enum(CASE_LIST_OUTCOMES, { error: `outcome must be one of ${CASE_LIST_OUTCOMES.join(', ')}.` }).optional()),
    from: z.preprocess(blankIsAbsent, day('from')),
    to: z.preprocess(blankIsAbsent, day('to')),
    q: z.preprocess(blankIsAbsent, z.string().trim().max(MAX_CASE_SEARCH_LENGTH, `The search may be at most ${MAX_CASE_SEARCH_LENGTH} characters.`).optional()),
    cursor: z.preprocess(blankIsAbsent, z.string().max(200, 'The cursor is not valid.').regex(/^[A-Za-z0-9_-]+$/, 'The cursor is not valid.').optional()),
    limit: z.coerce.number({ error: 'limit must be a number.' }).int('limit must be a whole number.').min(1, 'limit must be at least 1.').max(MAX_CASE_PAGE, `limit may be at most ${MAX_CASE_PAGE}.`).default(DEFAULT_CASE_PAGE),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'from must be on or before to.', path: ['from'] });
export type CaseListQuery = z.infer<typeof caseListQuerySchema>;

/** The most cases the tab counts read; past it a count is a lower bound (`capped`). */
export const MAX_COUNTED_CASES = 5000;
const count = z.number().int().nonnegative();
/** How many cases each tab holds under the page's other filters (host, outcome, dates, search). */
export const caseTabCountsSchema = z.object({ all: count, pending: count, sent: count, resolved: count, reappeared: count, capped: z.boolean() });
export type CaseTabCounts = z.infer<typeof caseTabCountsSchema>;

/**
 * One page of cases, newest first; `next` is the cursor of the following page, null on the last. The first page
 * (no cursor) also carries the per-tab counts.
 */
export const casePageSchema = z.object({ cases: caseListSchema, next: z.string().nullable(), counts: caseTabCountsSchema.optional() });
export type CasePage = z.infer<typeof casePageSchema>;
