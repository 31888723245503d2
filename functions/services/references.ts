import { fileTypeFromBuffer } from 'file-type';
import { crc32 } from 'node:zlib';
import { ulid } from 'ulid';
import { MAX_REFERENCE_TOTAL_BYTES, REFERENCE_TYPES } from '../../shared/references';
import { MAX_REFERENCE_TITLE_LENGTH } from '../../shared/schemas/library';
import { putObject } from '../adapters/s3';
import { config } from '../lib/config';
import { PayloadTooLargeError, UnsupportedMediaTypeError } from '../lib/errors';
import type { UploadedFile } from '../lib/multipart';
import * as library from '../store/entities/library-reference';
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
    const problem = type.kind === 'image' ? await imageHeaderProblem(f.content, type.mime) : videoHeaderProblem(f.content);
    if (problem) {
      throw new UnsupportedMediaTypeError(`"${f.filename}" starts like a ${type.extensions[0].toUpperCase()} file but is not one: ${problem}.`);
    }
    checked.push({ filename: f.filename, mime: type.mime, kind: type.kind, extension, content: f.content });
  }
  return checked;
}

/**
 * Decodes an image's header (no pixels): a PNG's IHDR chunk (its length, type, a picture size and a matching
 * CRC-32), or a JPEG's marker segments from SOI up to a frame header (SOFn) that declares a size. A file that
 * only starts with the magic bytes (`\xff\xd8\xff<html>...` named .jpg) has no decodable header and is refused.
 * Plain byte parsing, so the API functions that take uploads need no image library (and no media layer).
 */
async function imageHeaderProblem(content: Buffer, mime: string): Promise<string | undefined> {
  return mime === 'image/png' ? pngHeaderProblem(content) : jpegHeaderProblem(content);
}

function pngHeaderProblem(b: Buffer): string | undefined {
  if (b.length < 33) return 'it ends before its header';
  if (b.readUInt32BE(8) !== 13 || b.toString('latin1', 12, 16) !== 'IHDR') return 'its first chunk is not a PNG header (IHDR)';
  if (b.readUInt32BE(16) === 0 || b.readUInt32BE(20) === 0) return 'its header declares no picture size';
  if (crc32(b.subarray(12, 29)) !== b.readUInt32BE(29)) return 'its header checksum does not match';
  return undefined;
}

/** SOF markers (frame headers): C0-CF except DHT (C4), JPG (C8) and DAC (CC). */
const isFrameHeader = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

function jpegHeaderProblem(b: Buffer): string | undefined {
  let i = 2; // after SOI (FF D8)
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) return `byte ${i} is not a JPEG marker`;
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i++; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0xd9 || marker === 0xda || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7) || marker < 0xc0) {
      return `it reaches marker 0x${marker.toString(16)} before a frame header`;
    }
    const length = b.readUInt16BE(i + 2);
    if (length < 2 || i + 2 + length > b.length) return 'a marker segment runs past the end of the file';
    if (isFrameHeader(marker)) {
      if (length < 8) return 'its frame header is too short';
      const height = b.readUInt16BE(i + 5);
      const width = b.readUInt16BE(i + 7);
      return width > 0 && height > 0 ? undefined : 'its frame header declares no picture size';
    }
    i += 2 + length;
  }
  return 'it has no frame header';
}

/**
 * Walks an MP4/MOV file's top-level ISO BMFF boxes in the uploaded bytes: each box's size must be plausible and
 * the boxes must tile the file (fewer than 8 padding bytes may follow, as old QuickTime writers leave), starting with `ftyp`
 * and carrying a `moov` or `mdat`. Bytes after a valid `ftyp` that are not boxes (an HTML page) are refused.
 */
function videoHeaderProblem(content: Buffer): string | undefined {
  let offset = 0;
  const seen = new Set<string>();
  while (offset + 8 <= content.length) {
    let size = content.readUInt32BE(offset);
    const type = content.toString('latin1', offset + 4, offset + 8);
    if (!/^[a-zA-Z0-9 ©_-]{4}$/.test(type)) return `a box at byte ${offset} has no valid type`;
    let header = 8;
    if (size === 1) {
      if (offset + 16 > content.length) break;
      const big = content.readBigUInt64BE(offset + 8);
      if (big > BigInt(Number.MAX_SAFE_INTEGER)) return `the box "${type}" declares an impossible size`;
      size = Number(big);
      header = 16;
    } else if (size === 0) {
      size = content.length - offset;
    }
    if (size < header) return `the box "${type}" declares an impossible size`;
    if (seen.size === 0 && type !== 'ftyp') return 'it does not start with an ftyp box';
    seen.add(type);
    offset += size;
  }
  if (offset > content.length) return 'its last box runs past the end of the file';
  if (!seen.has('moov') && !seen.has('mdat')) return 'it has neither a movie header (moov) nor media data (mdat)';
  return undefined;
}

/** The object key of a library file: under the user's folder, so an account erasure deletes it with the rest. */
export const libraryObjectKey = (userId: string, id: string, extension: string) => `references/${userId}/library/${id}.${extension}`;

/**
 * The title a file gets when the creator gives none: its file name as uploaded (at most 200 characters), which
 * is what notices named the work by before the library existed. The creator can retitle it in the library.
 */
export function titleFromFilename(filename: string): string {
  return (filename.trim() || 'Untitled').slice(0, MAX_REFERENCE_TITLE_LENGTH);
}

/**
 * Stores checked reference files once, in the creator's reference library (issue 26): each object under
 * `references/{userId}/library/{id}.{ext}` (the original file name in its metadata), then its library record
 * (title from the file name unless given, the work's publication date when given). Scans and monitors use the
 * returned references (id and key of the library file). Called only once the scan or monitor is admitted (or by
 * the library's own upload), so a refused request stores nothing.
 */
export async function storeReferences(
  userId: string,
  references: CheckedReference[],
  facts: { title?: string; publishedOn?: string | null } = {},
): Promise<StoredReference[]> {
  const stored: StoredReference[] = [];
  for (const ref of references) {
    const id = ulid();
    const key = libraryObjectKey(userId, id, ref.extension);
    await putObject(config().uploadsBucket, key, ref.content, ref.mime, { filename: encodeURIComponent(ref.filename) });
    await library.create({
      id,
      userId,
      key,
      filename: ref.filename,
      mediaType: ref.mime,
      kind: ref.kind,
      size: ref.content.length,
      title: facts.title ?? titleFromFilename(ref.filename),
      publishedOn: facts.publishedOn ?? null,
      createdAt: new Date().toISOString(),
    });
    stored.push({ id, key, filename: ref.filename, mediaType: ref.mime, kind: ref.kind });
  }
  return stored;
}
