import { fileTypeFromBuffer } from 'file-type';
import { ulid } from 'ulid';
import { MAX_REFERENCE_TOTAL_BYTES, REFERENCE_TYPES } from '../../shared/references';
import { putObject } from '../adapters/s3';
import { config } from '../lib/config';
import { PayloadTooLargeError, UnsupportedMediaTypeError } from '../lib/errors';
import type { UploadedFile } from '../lib/multipart';
import type { StoredReference } from './search/start-scan';

export interface CheckedReference {
  filename: string;
  mime: (typeof REFERENCE_TYPES)[number]['mime'];
  kind: 'image' | 'video';
  extension: string;
  content: Buffer;
}

/**
 * Checks reference files by their bytes: the detected type must be JPG, PNG, MP4 or MOV, and the file name's
 * extension must say the same thing. The declared content type is ignored (browsers guess it from the name).
 */
export async function checkReferenceFiles(files: UploadedFile[]): Promise<CheckedReference[]> {
  const total = files.reduce((n, f) => n + f.content.length, 0);
  if (total > MAX_REFERENCE_TOTAL_BYTES) {
    throw new PayloadTooLargeError(`Reference files may total at most ${MAX_REFERENCE_TOTAL_BYTES / 1048576} MB per scan.`);
  }
  const checked: CheckedReference[] = [];
  for (const f of files) {
    const detected = await fileTypeFromBuffer(f.content);
    const type = REFERENCE_TYPES.find((t) => t.mime === detected?.mime);
    if (!type) {
      throw new UnsupportedMediaTypeError(`"${f.filename}" is not a JPG, PNG, MP4 or MOV file.`);
    }
    const extension = f.filename.toLowerCase().split('.').pop() ?? '';
    if (!(type.extensions as readonly string[]).includes(extension)) {
      throw new UnsupportedMediaTypeError(`"${f.filename}" is named .${extension} but its contents are ${type.extensions[0].toUpperCase()}.`);
    }
    checked.push({ filename: f.filename, mime: type.mime, kind: type.kind, extension, content: f.content });
  }
  return checked;
}

/**
 * Stores checked reference files in the uploads bucket under `references/{userId}/{folder}/{id}.{ext}` (a scan's
 * id, or `monitors/{monitorId}`), the original file name in the object's metadata. Called only once the scan or
 * monitor is admitted, so a refused request stores nothing.
 */
export async function storeReferences(userId: string, folder: string, references: CheckedReference[]): Promise<StoredReference[]> {
  const stored: StoredReference[] = [];
  for (const ref of references) {
    const id = ulid();
    const key = `references/${userId}/${folder}/${id}.${ref.extension}`;
    await putObject(config().uploadsBucket, key, ref.content, ref.mime, { filename: encodeURIComponent(ref.filename) });
    stored.push({ id, key, filename: ref.filename, mediaType: ref.mime, kind: ref.kind });
  }
  return stored;
}
