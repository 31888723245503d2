import { PayloadTooLargeError, ValidationError } from '../../lib/errors';

/**
 * Export of a set of cases for Google's Trusted Copyright Removal Program (TCRP) bulk upload.
 *
 * Format (the "TXT upload format" Google showed for TCRP, which replaces the form's three fields "identify and
 * describe the copyrighted work", "where can we see an authorized example" and "location of infringing
 * material"; source: Google's "DMCA notice-and-takedown tools" presentation, USPTO multistakeholder meeting,
 * May 2014):
 *
 *     # Description of copyrighted work item 1
 *     # More description of copyrighted work item 1
 *     # URL of copyrighted work item 1
 *     INFRINGING_URL_1_FOR_ITEM_1
 *     INFRINGING_URL_2_FOR_ITEM_1
 *
 *     # Description of copyrighted work item 2
 *     # URL of copyrighted work item 2
 *     INFRINGING_URL_1_FOR_ITEM_2
 *
 * That is: per work, one or more `# ` lines of description, then one `# ` line with the authorized example URL,
 * then the infringing URLs one per line; a blank line between works. UTF-8, LF line endings, at most 1 MB a
 * file (1,000,000 bytes here: the decimal reading is the safe one). URLs are written in their WHATWG-serialised
 * ASCII form (punycode host, percent-encoded path), so no URL can contain a space or a line break and each
 * stays on one line whatever its script; descriptions keep their Unicode, collapsed to single spaces.
 * Cases for the same work (same description and authorized URL) are merged; duplicate URLs are dropped.
 *
 * The DMCA statements, contact details and signature are given once in the TCRP web form, not in the file.
 */

export const GOOGLE_BULK_MAX_BYTES = 1_000_000;

export interface BulkCase {
  description: string;
  originalUrl: string;
  /** One or more infringing URLs (a case's newline-joined `infringingUrl` split by the caller). */
  infringingUrls: string[];
}

export interface GoogleBulkFile {
  /** `google-tcrp-<n>.txt`, numbered from 1. */
  filename: string;
  content: string;
  bytes: number;
  works: number;
  urls: number;
}

interface Work {
  description: string;
  originalUrl: string;
  urls: string[];
}

function asciiUrl(raw: string, field: string): string {
  try {
    const u = new URL(raw.trim());
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('scheme');
    return u.href;
  } catch {
    throw new ValidationError('A case has an invalid URL.', [{ path: field, message: 'Valid URL is required' }]);
  }
}

function collectWorks(cases: BulkCase[]): Work[] {
  const works = new Map<string, Work>();
  cases.forEach((c, i) => {
    const description = c.description.replace(/\s+/g, ' ').trim();
    if (!description) throw new ValidationError('A case has no description.', [{ path: `${i}.description`, message: 'Description is required' }]);
    const originalUrl = asciiUrl(c.originalUrl, `${i}.originalUrl`);
    const key = `${description}\n${originalUrl}`;
    const work = works.get(key) ?? { description, originalUrl, urls: [] };
    works.set(key, work);
    c.infringingUrls.forEach((u, j) => work.urls.push(asciiUrl(u, `${i}.infringingUrls.${j}`)));
  });
  const all = [...works.values()].map((w) => ({ ...w, urls: [...new Set(w.urls)] })).filter((w) => w.urls.length > 0);
  if (all.length === 0) throw new ValidationError('No infringing URLs to export.', [{ path: 'cases', message: 'At least one URL is required' }]);
  return all;
}

/** Description lines of at most ~500 characters (one very long line is harder for a reviewer to read). */
function descriptionLines(description: string): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of description.split(' ')) {
    if (line && line.length + 1 + word.length > 500) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.map((l) => `# ${l}\n`);
}

const bytes = (s: string) => Buffer.byteLength(s, 'utf8');

/**
 * Serialises cases into TCRP bulk-upload files of at most `maxBytes` each (default 1,000,000). A set that
 * fits gives one file; a larger one is split at work boundaries, and a work with more URLs than fit in one
 * file is continued in the next under a repeat of its header. Throws ValidationError for a bad URL or an
 * empty set, PayloadTooLargeError when even one work header and one URL cannot fit in `maxBytes`.
 */
export function buildGoogleBulkFiles(cases: BulkCase[], options: { maxBytes?: number } = {}): GoogleBulkFile[] {
  const maxBytes = options.maxBytes ?? GOOGLE_BULK_MAX_BYTES;
  const files: GoogleBulkFile[] = [];
  let parts: string[] = [];
  let size = 0;
  let works = 0;
  let urls = 0;

  const flush = () => {
    if (parts.length === 0) return;
    const content = parts.join('');
    files.push({ filename: `google-tcrp-${files.length + 1}.txt`, content, bytes: bytes(content), works, urls });
    parts = [];
    size = 0;
    works = 0;
    urls = 0;
  };

  for (const work of collectWorks(cases)) {
    const header = [...descriptionLines(work.description), `# ${work.originalUrl}\n`].join('');
    let pending = work.urls.map((u) => `${u}\n`);
    while (pending.length > 0) {
      const separator = parts.length > 0 ? '\n' : '';
      const smallest = bytes(separator) + bytes(header) + bytes(pending[0]);
      if (size + smallest > maxBytes) {
        if (parts.length === 0) {
          throw new PayloadTooLargeError(`One work and one URL need ${smallest} bytes, more than the ${maxBytes}-byte limit of a bulk file.`);
        }
        flush();
        continue;
      }
      let block = separator + header;
      let taken = 0;
      let blockSize = bytes(block);
      for (const line of pending) {
        const b = bytes(line);
        if (size + blockSize + b > maxBytes) break;
        block += line;
        blockSize += b;
        taken++;
      }
      parts.push(block);
      size += blockSize;
      works++;
      urls += taken;
      pending = pending.slice(taken);
      if (pending.length > 0) flush();
    }
  }
  flush();
  return files;
}

/**
 * Serialises cases into one TCRP bulk-upload file, refusing (PayloadTooLargeError) when it would exceed
 * `maxBytes`; for sets that may be larger use `buildGoogleBulkFiles`, which splits.
 */
export function buildGoogleBulkFile(cases: BulkCase[], options: { maxBytes?: number } = {}): GoogleBulkFile {
  const maxBytes = options.maxBytes ?? GOOGLE_BULK_MAX_BYTES;
  const files = buildGoogleBulkFiles(cases, { maxBytes: Number.MAX_SAFE_INTEGER });
  const file = files[0]!;
  if (file.bytes > maxBytes) {
    throw new PayloadTooLargeError(`The export is ${file.bytes} bytes; a Google bulk file may be at most ${maxBytes} bytes. Export fewer cases.`);
  }
  return file;
}
