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
