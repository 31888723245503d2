import type { ZodType } from 'zod';
import { ValidationError } from './errors';

/**
 * Parses `value` with `schema`, turning zod issues into a {@link ValidationError} whose fields are named
 * `where.path` (`body.domain`), or just `path` without `where`. The one place zod issues become a 400;
 * `message` replaces the default summary (the issues' messages joined).
 */
export function parseOrThrow<T>(schema: ZodType<T>, value: unknown, where?: string, message?: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields = result.error.issues.map((i) => ({
    path: [...(where ? [where] : []), ...i.path.map(String)].join('.'),
    message: i.message,
  }));
  throw new ValidationError(message ?? fields.map((f) => f.message).join('; '), fields);
}
