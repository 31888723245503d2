import * as z from 'zod';

/*
 * The reference library (issue 26): a creator's reference files, uploaded once and reused in scans and monitors.
 * Each file has a title and the date the work was first published, which notices use to describe the work.
 */

/** Most files one creator keeps in the library (the picker and the scan's checks read the whole list). */
export const MAX_LIBRARY_FILES = 200;
export const MAX_REFERENCE_TITLE_LENGTH = 200;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export const referenceTitleSchema = z
  .string()
  .trim()
  .min(1, 'Enter a title for the work.')
  .max(MAX_REFERENCE_TITLE_LENGTH, `A title may be at most ${MAX_REFERENCE_TITLE_LENGTH} characters.`);

/** The date the work was first published (YYYY-MM-DD, not in the future), or null when not given. */
export const publishedOnSchema = z
  .string()
  .regex(DATE, { message: 'Enter the date as YYYY-MM-DD.', abort: true })
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), { message: 'Enter a real date.', abort: true })
  .refine((d) => d <= new Date().toISOString().slice(0, 10), 'The date the work was published cannot be in the future.')
  .nullable();

/** `PUT /api/references/{id}`: a new title and/or publication date. */
export const libraryUpdateSchema = z
  .object({ title: referenceTitleSchema.optional(), publishedOn: publishedOnSchema.optional() })
  .strict()
  .refine((b) => b.title !== undefined || b.publishedOn !== undefined, 'Send a title or a publishedOn date to change.');
export type LibraryUpdate = z.infer<typeof libraryUpdateSchema>;

/** The text fields of `POST /api/user/{id}/references` (multipart); title and date apply to one file only. */
export const libraryUploadFieldsSchema = z.object({
  title: referenceTitleSchema.optional(),
  publishedOn: z.preprocess((v) => (v === '' ? undefined : v), publishedOnSchema.unwrap().optional()),
});

/**
 * The multipart field of `POST /api/search` and `POST /api/monitors` that names library files to reuse: a JSON
 * list of library reference ids (`["01J..."]`).
 */
export const LIBRARY_REFERENCES_FIELD = 'libraryReferences';

export const libraryReferenceSchema = z.object({
  id: z.string(),
  title: z.string(),
  publishedOn: z.string().nullable(),
  filename: z.string(),
  mediaType: z.string(),
  kind: z.enum(['image', 'video']),
  size: z.number(),
  createdAt: z.string(),
  /** The monitors that use the file (a file in use by a monitor cannot be deleted). */
  monitors: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type LibraryReference = z.infer<typeof libraryReferenceSchema>;
export const libraryListSchema = z.array(libraryReferenceSchema);
