import * as z from 'zod';
import type { ZodType } from 'zod';
import { MAX_REFERENCE_FILE_BYTES, MAX_REFERENCE_FILES } from '../../shared/references';
import { searchStartFieldsSchema, type SearchStartFields } from '../../shared/schemas/search-start';
import { ValidationError } from '../lib/errors';
import { resolveUserParam, type Caller, type HttpEvent } from './chain';
import { parseOrThrow } from '../lib/validation';
import { parseMultipart } from '../lib/multipart';
import { checkReferenceFiles } from '../services/references';
import { assertLibraryRoom, libraryReferencesOf } from '../services/library';
import { LIBRARY_REFERENCES_FIELD } from '../../shared/schemas/library';
import { jsonTextField } from '../../shared/schemas/json-field';

/** The library files to reuse: a JSON list of ids (absent or empty: none). */
const libraryIdsSchema = jsonTextField('libraryReferences must be a JSON list of reference ids such as ["01J..."].', () => []).pipe(z.array(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'A reference id is not valid.')).transform((ids) => [...new Set(ids)]));

/**
 * The multipart body of a scan request (`POST /api/search`, and `POST /api/monitors` with its extra fields):
 * one parse and one set of checks for both, all before anything is written. `extra` parses the extra fields.
 * Reference files come as uploads (`referenceFiles`, added to the library once admitted) and as library files
 * chosen by id (`libraryReferences`, stored already).
 */
export async function parseScanRequest<E>(event: HttpEvent, caller: Caller, extra?: ZodType<E>) {
  const { fields, files } = await parseMultipart(event, { maxFiles: MAX_REFERENCE_FILES, maxFileBytes: MAX_REFERENCE_FILE_BYTES });
  // One schema for both sets of fields, so one parse reports every field's issue at once.
  const schema: ZodType<SearchStartFields> = extra ? z.intersection(searchStartFieldsSchema, extra) : searchStartFieldsSchema;
  const input = parseOrThrow(schema, fields, 'body');
  const userId = resolveUserParam(caller, input.userId || 'me');
  const references = await checkReferenceFiles(files.filter((f) => f.field === 'referenceFiles'));
  const libraryIds = parseOrThrow(libraryIdsSchema, fields[LIBRARY_REFERENCES_FIELD], `body.${LIBRARY_REFERENCES_FIELD}`);
  const libraryReferences = await libraryReferencesOf(userId, libraryIds, references.length);
  if (input.query.length === 0 && references.length === 0 && libraryReferences.length === 0) {
    throw new ValidationError('Enter a creator name or upload at least one reference file.', [
      { path: 'body.query', message: 'Enter a creator name or upload at least one reference file.' },
    ]);
  }
  // Uploads are added to the library once the scan is admitted; a full library refuses them now.
  await assertLibraryRoom(userId, references.length);
  return { userId, input, references, libraryReferences, extra: input as unknown as E };
}
