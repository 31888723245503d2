import type { ZodType } from 'zod';
import { currentUserSchema } from './schemas/user';

/**
 * The API contract by route key: request and response schemas that the handlers parse with and that
 * /api/openapi.json is generated from. Handlers import the same schemas, so the document cannot drift.
 */
export const API_SCHEMAS: Record<string, { body?: ZodType; query?: ZodType; response?: ZodType }> = {
  'GET /api/auth/user': { response: currentUserSchema },
};
