import * as z from 'zod';

/**
 * A multipart text field that holds JSON (a list of engines, sources or library ids): absent or blank gives
 * `empty()`, text that is not JSON is one issue with `message` (which shows the expected shape), and the parsed
 * value goes on to the schema it is piped into.
 */
export function jsonTextField(message: string, empty: () => unknown) {
  return z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined || raw.trim() === '') return empty();
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
    });
}
