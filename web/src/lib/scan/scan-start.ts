import { z } from 'zod';
import { MAX_REFERENCE_FILE_BYTES, MAX_REFERENCE_FILES, MAX_REFERENCE_TOTAL_BYTES, REFERENCE_TYPES } from '@shared/references';
import { LIBRARY_REFERENCES_FIELD } from '@shared/schemas/library';
import { MAX_SOURCES, SOURCE_KINDS, type SourceSpec } from '@shared/schemas/sources';
import { DEFAULT_CONTENT_TYPE, DEFAULT_SEARCH_ENGINES, MAX_SEARCH_NAME_LENGTH, MAX_SEARCH_NAMES, splitNames } from '@shared/schemas/search-start';

/*
 * The scan start form's rules (PRODUCT.md section 5) and the multipart body of `POST /api/search` (PRODUCT.md section 7).
 * Reference files are checked here against the same caps the server enforces, so a creator learns at once
 * which file is refused and why instead of after an upload.
 */

/** The hint under the disabled start button (PRODUCT.md section 5). */
export const START_HINT = 'Please enter a creator name or upload reference content';

/** What the form needs to know of a file (a browser `File` has these). */
export interface FileLike {
  name: string;
  size: number;
  type: string;
}

/** True when a scan may start: a name that is not only spaces, or at least one reference file. */
export function canStartScan(query: string, fileCount: number): boolean {
  return query.trim().length > 0 || fileCount > 0;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** Whether a file's name (and its type, when the browser knows it) is JPG, PNG, MP4 or MOV. */
export function isAcceptedReference(file: FileLike): boolean {
  const ext = extensionOf(file.name);
  const byExtension = REFERENCE_TYPES.find((t) => (t.extensions as readonly string[]).includes(ext));
  if (!byExtension) return false;
  return file.type === '' || REFERENCE_TYPES.some((t) => t.mime === file.type);
}

/** `4 MB`, `812 KB`: sizes as the file list shows them. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(bytes >= 10 * 1024 * 1024 ? 0 : 1).replace(/\.0$/, '')} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

export interface RefusedFile {
  name: string;
  reason: string;
}

/**
 * Adds chosen files to those already picked, refusing (with a reason a person can act on) files of another type,
 * files over the per-file cap, a second copy of the same file, and whatever would pass the count or total caps.
 */
export function addReferenceFiles<F extends FileLike>(current: readonly F[], incoming: readonly F[]): { files: F[]; refused: RefusedFile[] } {
  const files = [...current];
  const refused: RefusedFile[] = [];
  let total = files.reduce((sum, f) => sum + f.size, 0);
  for (const file of incoming) {
    if (!isAcceptedReference(file)) {
      refused.push({ name: file.name, reason: 'is not a JPG, PNG, MP4 or MOV file' });
    } else if (file.size > MAX_REFERENCE_FILE_BYTES) {
      refused.push({ name: file.name, reason: `is larger than ${formatBytes(MAX_REFERENCE_FILE_BYTES)}` });
    } else if (files.some((f) => f.name === file.name && f.size === file.size)) {
      refused.push({ name: file.name, reason: 'is already added' });
    } else if (files.length >= MAX_REFERENCE_FILES) {
      refused.push({ name: file.name, reason: `would pass the limit of ${MAX_REFERENCE_FILES} files per scan` });
    } else if (total + file.size > MAX_REFERENCE_TOTAL_BYTES) {
      refused.push({ name: file.name, reason: `would pass the limit of ${formatBytes(MAX_REFERENCE_TOTAL_BYTES)} of files per scan` });
    } else {
      files.push(file);
      total += file.size;
    }
  }
  return { files, refused };
}

/** The start form's values and rules; the button stays disabled while the cross-field rule fails. */
export const scanStartFormSchema = z
  .object({
    query: z
      .string()
      .refine((q) => splitNames(q).length <= MAX_SEARCH_NAMES, `Enter at most ${MAX_SEARCH_NAMES} names.`)
      .refine((q) => splitNames(q).every((n) => n.length <= MAX_SEARCH_NAME_LENGTH), `Each name may be at most ${MAX_SEARCH_NAME_LENGTH} characters.`),
    files: z.array(z.custom<File>((v) => typeof v === 'object' && v !== null && 'name' in v && 'size' in v)).max(MAX_REFERENCE_FILES),
    /** Files chosen from the reference library (issue 26), by id. */
    libraryIds: z.array(z.string()),
    /** Issue 25: sources read directly, next to the engines (checked as they are added). */
    sources: z.array(z.object({ kind: z.enum(SOURCE_KINDS), target: z.string() })).max(MAX_SOURCES),
  })
  .refine((v) => v.files.length + v.libraryIds.length <= MAX_REFERENCE_FILES, { message: `A scan takes at most ${MAX_REFERENCE_FILES} reference files in all.`, path: ['libraryIds'] })
  .refine((v) => canStartScan(v.query, v.files.length + v.libraryIds.length), { message: START_HINT, path: ['query'] });
export type ScanStartFormValues = z.infer<typeof scanStartFormSchema>;

/**
 * The multipart body of `POST /api/search`: `userId` is `me` (the server decides who the caller is), names as
 * typed, content type `images,videos`, engines as a JSON list, one `referenceFiles` part per file, and the library
 * files chosen as `libraryReferences` (a JSON list of ids).
 */
export function buildScanFormData(
  values: { query: string; files: readonly Blob[]; libraryIds?: readonly string[]; sources?: readonly SourceSpec[] },
  engines: readonly string[] = DEFAULT_SEARCH_ENGINES,
): FormData {
  const form = new FormData();
  form.append('userId', 'me');
  form.append('query', values.query.trim());
  form.append('contentType', DEFAULT_CONTENT_TYPE);
  form.append('searchEngines', JSON.stringify(engines));
  if (values.sources?.length) form.append('sources', JSON.stringify(values.sources.map(({ kind, target }) => ({ kind, target }))));
  for (const file of values.files) form.append('referenceFiles', file, (file as File).name);
  if (values.libraryIds?.length) form.append(LIBRARY_REFERENCES_FIELD, JSON.stringify(values.libraryIds));
  return form;
}
