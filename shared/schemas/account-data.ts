import * as z from 'zod';

/** The creator's data export (POST /api/user/{id}/export): a presigned link to one ZIP archive. */
export const accountExportSchema = z.object({
  url: z.string().url(),
  expiresAt: z.string(),
  items: z.number().int().min(0),
  files: z.number().int().min(0),
  bytes: z.number().int().min(0),
});
export type AccountExport = z.infer<typeof accountExportSchema>;

/** The deletion request (POST /api/user/{id}/deletion): where the confirmation link went. */
export const deletionRequestSchema = z.object({ sentTo: z.string() });
export type DeletionRequest = z.infer<typeof deletionRequestSchema>;

/** The confirmation link's token (GET and POST /api/account/deletion). */
export const deletionQuerySchema = z.object({ token: z.string().min(1, 'token is required').max(4000) });
