import type { ZodType } from 'zod';
import { MAX_REFERENCE_FILE_BYTES, MAX_REFERENCE_FILES } from '../../shared/references';
import { searchStartFieldsSchema, type SearchStartFields } from '../../shared/schemas/search-start';
import { ValidationError } from '../lib/errors';
import { resolveUserParam, type Caller, type HttpEvent } from '../lib/http';
import { parseMultipart } from '../lib/multipart';
import { checkReferenceFiles } from '../services/references';

/**
 * The multipart body of a scan request (`POST /api/search`, and `POST /api/monitors` with its extra fields):
 * one parse and one set of checks for both, all before anything is written. `extra` parses the extra fields.
 */
export async function parseScanRequest<E>(event: HttpEvent, caller: Caller, extra?: ZodType<E>) {
  const { fields, files } = await parseMultipart(event, { maxFiles: MAX_REFERENCE_FILES, maxFileBytes: MAX_REFERENCE_FILE_BYTES });
  const parsed = searchStartFieldsSchema.safeParse(fields);
  const extraParsed = extra?.safeParse(fields);
  const issues = [...(parsed.success ? [] : parsed.error.issues), ...(extraParsed && !extraParsed.success ? extraParsed.error.issues : [])].map((i) => ({
    path: `body.${i.path.join('.')}`,
    message: i.message,
  }));
  if (issues.length > 0) throw new ValidationError(issues.map((i) => i.message).join('; '), issues);
  const input = parsed.data as SearchStartFields;
  const userId = resolveUserParam(caller, input.userId || 'me');
  const references = await checkReferenceFiles(files.filter((f) => f.field === 'referenceFiles'));
  if (input.query.length === 0 && references.length === 0) {
    throw new ValidationError('Enter a creator name or upload at least one reference file.', [
      { path: 'body.query', message: 'Enter a creator name or upload at least one reference file.' },
    ]);
  }
  return { userId, input, references, extra: extraParsed?.data as E };
}
