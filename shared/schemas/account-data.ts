import * as z from 'zod';

/**
 * The creator's data export, a job (issue 27): `POST /api/user/{id}/export` queues it (202), `GET` answers the
 * newest one; once `ready` it carries a presigned link (an hour) to the ZIP archive, kept 7 days.
 */
export const accountExportSchema = z.object({
  id: z.string(),
  status: z.enum(['queued', 'building', 'ready', 'failed']),
  requestedAt: z.string(),
  finishedAt: z.string().optional(),
  items: z.number().int().min(0).optional(),
  files: z.number().int().min(0).optional(),
  bytes: z.number().int().min(0).optional(),
  error: z.string().optional(),
  url: z.string().url().optional(),
  urlExpiresAt: z.string().optional(),
});
export type AccountExport = z.infer<typeof accountExportSchema>;
/** `GET /api/user/{id}/export`: the newest export job, or null. */
export const latestExportSchema = z.object({ export: accountExportSchema.nullable() });
export type LatestExport = z.infer<typeof latestExportSchema>;

/** The deletion request (POST /api/user/{id}/deletion): where the confirmation link went. */
export const deletionRequestSchema = z.object({ sentTo: z.string() });
export type DeletionRequest = z.infer<typeof deletionRequestSchema>;

/** The confirmation link's token (GET and POST /api/account/deletion). */
export const deletionQuerySchema = z.object({ token: z.string().min(1, 'token is required').max(4000) });
