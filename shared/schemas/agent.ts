import * as z from 'zod';

/** The agent console's delisting queue (issue 23). */
export const DELISTING_ENGINES = ['google', 'bing'] as const;
export const delistingQueueQuerySchema = z.object({
  engine: z.enum(DELISTING_ENGINES, { error: 'engine must be google or bing.' }),
});
export const delistingItemSchema = z.object({
  id: z.string(),
  caseId: z.string(),
  caseNumber: z.string(),
  engine: z.enum(DELISTING_ENGINES),
  url: z.string(),
  status: z.enum(['queued', 'filed', 'delisted', 'refused']),
  queuedAt: z.string(),
  filedAt: z.string().optional(),
  reference: z.string().optional(),
  checkedAt: z.string().optional(),
  decidedAt: z.string().optional(),
  note: z.string().optional(),
  formUrl: z.string(),
  fields: z.array(z.object({ key: z.string(), label: z.string(), value: z.string() })),
});
export type DelistingItemDto = z.infer<typeof delistingItemSchema>;
export const delistingListSchema = z.array(delistingItemSchema);

export const delistingIdParamsSchema = z.object({
  id: z.string().regex(/^[0-9A-Za-z]{26}-(google|bing)-\d{1,3}$/, 'Delisting request id is not valid.'),
});
export const delistingFiledBodySchema = z.object({
  reference: z
    .string({ error: "Give the engine's reference number." })
    .trim()
    .min(1, "Give the engine's reference number.")
    .max(100, 'The reference number must be at most 100 characters.'),
});
export const delistingRefusedBodySchema = z.object({ note: z.string().trim().max(500, 'The note must be at most 500 characters.').optional() });

/**
 * The agent console's CDN web-form tasks (issue 23, ladder step 3): a CDN in front of the site takes complaints
 * only through a web form, so the agent files it with the fields given here and records the reference.
 */
export const cdnTaskSchema = z.object({
  id: z.string(),
  caseId: z.string(),
  caseNumber: z.string(),
  url: z.string(),
  /** The CDN or proxy, its form, and how it was recognised. */
  entityName: z.string(),
  formUrl: z.string(),
  evidence: z.string(),
  status: z.enum(['open', 'filed']),
  openedAt: z.string(),
  filedAt: z.string().optional(),
  reference: z.string().optional(),
  /** How the case ended meanwhile (removed, delisted, ...), when it has. */
  caseOutcome: z.string().optional(),
  /** The form's fields in order, filled with the agent's identity and the case's work. */
  fields: z.array(z.object({ key: z.string(), label: z.string(), value: z.string() })),
});
export type CdnTaskDto = z.infer<typeof cdnTaskSchema>;
export const cdnTaskListSchema = z.array(cdnTaskSchema);
export const cdnTaskIdParamsSchema = z.object({
  id: z.string().regex(/^[0-9A-Za-z]{26}-cdn-\d{1,4}$/, 'Agent task id is not valid.'),
});
/** "Filed": the reference number the form answered with (the same rule as a delisting request's). */
export const cdnTaskFiledBodySchema = delistingFiledBodySchema;
