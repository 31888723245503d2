import * as z from 'zod';
import { SEARCH_ENGINES } from './search';
import { sourcesFieldSchema } from './sources';
import { jsonTextField } from './json-field';

export const MAX_SEARCH_NAMES = 10;
export const MAX_SEARCH_NAME_LENGTH = 100;
/** The longest creator-names field the server takes (the start form's maxLength). */
export const MAX_SEARCH_QUERY_LENGTH = MAX_SEARCH_NAMES * (MAX_SEARCH_NAME_LENGTH + 2);
export const DEFAULT_SEARCH_ENGINES = ['google', 'bing'] as const;
export const DEFAULT_CONTENT_TYPE = 'images,videos';

/** Splits the comma-separated creator names of a scan (PRODUCT.md section 2) into trimmed, de-duplicated names. */
export function splitNames(query: string): string[] {
  const seen = new Set<string>();
  return query
    .split(',')
    .map((n) => n.trim().replace(/\s+/g, ' '))
    .filter((n) => n && !seen.has(n.toLowerCase()) && seen.add(n.toLowerCase()));
}

/** The text fields of `POST /api/search` (multipart), after parsing. */
export const searchStartFieldsSchema = z.object({
  userId: z.string().optional(),
  query: z
    .string()
    .max(MAX_SEARCH_QUERY_LENGTH, 'The creator names are too long.')
    .default('')
    .transform(splitNames)
    .refine((names) => names.length <= MAX_SEARCH_NAMES, `Enter at most ${MAX_SEARCH_NAMES} names.`)
    .refine((names) => names.every((n) => n.length <= MAX_SEARCH_NAME_LENGTH), `Each name may be at most ${MAX_SEARCH_NAME_LENGTH} characters.`),
  contentType: z.string().max(100).default(DEFAULT_CONTENT_TYPE),
  searchEngines: jsonTextField('searchEngines must be a JSON list such as ["google","bing"].', () => [...DEFAULT_SEARCH_ENGINES]).pipe(
    z
      .array(z.string())
      .min(1, 'Choose at least one search engine.')
      .superRefine((list, ctx) => {
        for (const e of list) {
          if (!(SEARCH_ENGINES as readonly string[]).includes(e)) {
            ctx.addIssue({ code: 'custom', message: `Unknown search engine "${e}". Choose from ${SEARCH_ENGINES.join(', ')}.` });
          }
        }
      })
      .transform((list) => [...new Set(list)]),
  ),
  /** Issue 25: sources read directly (a JSON list of `{kind, target}`), next to the engines. */
  sources: sourcesFieldSchema,
});
export type SearchStartFields = z.infer<typeof searchStartFieldsSchema>;

export const searchStartResponseSchema = z.object({
  id: z.string(),
  query: z.string(),
  searchEngines: z.array(z.string()),
});
