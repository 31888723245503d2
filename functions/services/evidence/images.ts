import { createHash } from 'node:crypto';
import { loadSharp } from '../../lib/sharp';
import { putObject } from '../../adapters/s3';
import { config } from '../../lib/config';
import { decodeLimits, withDecodeSlot } from '../../lib/decode-limits';

/**
 * Pictures found on the web, kept as evidence and thumbnails. They are never stored as they came: a remote
 * file may be SVG or HTML that a browser would run, or carry metadata. Each is decoded (within the function's
 * decode limits) and re-encoded as JPEG, PNG or WebP, stored with a fixed Content-Type and an attachment
 * Content-Disposition, so opening one directly downloads it instead of rendering anything.
 */

export type StoredImageType = 'image/jpeg' | 'image/png' | 'image/webp';

/** Raster formats accepted as input. SVG (librsvg would render it) and anything else are refused. */
const ACCEPTED_INPUT = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);
/** Evidence keeps detail up to this long side; a thumbnail is this small. */
const EVIDENCE_LONG_SIDE = 2048;
export const THUMBNAIL_LONG_SIDE = 320;

export class UnacceptableImageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnacceptableImageError';
  }
}

export interface ReencodedImage {
  body: Buffer;
  contentType: StoredImageType;
  extension: 'jpg' | 'png' | 'webp';
  width: number;
  height: number;
}

/**
 * Decodes `input` and encodes it again: JPEG stays JPEG, PNG stays PNG (alpha kept), everything else becomes
 * WebP. Metadata is dropped, orientation applied. Throws UnacceptableImageError for SVG, non-images and images
 * over the pixel limit (a decompression bomb is refused from its header, before decoding).
 */
export function reencodeImage(input: Buffer, longSide = EVIDENCE_LONG_SIDE): Promise<ReencodedImage> {
  return withDecodeSlot(async () => {
    const sharp = await loadSharp();
    const limit = decodeLimits().maxPixels;
    let format: string | undefined;
    let pixels: number;
    try {
      const meta = await sharp(input, { limitInputPixels: false }).metadata();
      format = meta.format;
      pixels = (meta.width ?? 0) * (meta.height ?? 0);
    } catch {
      throw new UnacceptableImageError('not an image');
    }
    if (!format || !ACCEPTED_INPUT.has(format)) throw new UnacceptableImageError(`format ${format ?? 'unknown'} is not accepted`);
    if (pixels > limit) throw new UnacceptableImageError(`${pixels} pixels is over the limit of ${limit}`);

    const image = sharp(input, { limitInputPixels: limit, failOn: 'error', animated: false })
      .rotate()
      .resize({ width: longSide, height: longSide, fit: 'inside', withoutEnlargement: true });
    const encoded =
      format === 'jpeg'
        ? { pipeline: image.jpeg({ quality: 85, mozjpeg: true }), contentType: 'image/jpeg' as const, extension: 'jpg' as const }
        : format === 'png'
          ? { pipeline: image.png({ compressionLevel: 9 }), contentType: 'image/png' as const, extension: 'png' as const }
          : { pipeline: image.webp({ quality: 85 }), contentType: 'image/webp' as const, extension: 'webp' as const };
    try {
      const { data, info } = await encoded.pipeline.toBuffer({ resolveWithObject: true });
      return { body: data, contentType: encoded.contentType, extension: encoded.extension, width: info.width, height: info.height };
    } catch (err) {
      throw new UnacceptableImageError(`could not be decoded: ${(err as Error).message}`);
    }
  });
}

/** Stores a re-encoded image under `prefix/<sha256 of the original>.<ext>`; returns its key. */
async function storeImage(prefix: string, original: Buffer, image: ReencodedImage, metadata: Record<string, string>): Promise<string> {
  const digest = createHash('sha256').update(original).digest('hex').slice(0, 32);
  const key = `${prefix}/${digest}.${image.extension}`;
  await putObject(config().uploadsBucket, key, image.body, image.contentType, metadata, {
    contentDisposition: `attachment; filename="${digest}.${image.extension}"`,
  });
  return key;
}

/** Keeps a matched picture as evidence of a scan (re-encoded; see above). */
export async function storeEvidenceImage(
  input: { userId: string; searchId: string; sourceUrl: string; seenAt: string },
  original: Buffer,
): Promise<string> {
  const image = await reencodeImage(original);
  return storeImage(`evidence/${input.userId}/${input.searchId}`, original, image, {
    source: encodeURIComponent(input.sourceUrl),
    seenat: input.seenAt,
  });
}

/** Keeps a small copy of a result's picture, so the site shows it from Vigil and never asks the copying site. */
export async function storeThumbnail(input: { userId: string; searchId: string; sourceUrl: string }, original: Buffer): Promise<string> {
  const image = await reencodeImage(original, THUMBNAIL_LONG_SIDE);
  return storeImage(`thumbnails/${input.userId}/${input.searchId}`, original, image, { source: encodeURIComponent(input.sourceUrl) });
}

/**
 * A small JPEG of a stored picture for a notice (issue 23: the reference and the copy side by side in the PDF and
 * the e-mail): at most `longSide` pixels, flattened on white, metadata dropped. Refused like any decode above.
 */
export function noticeThumbnail(input: Buffer, longSide = 240): Promise<Buffer> {
  return withDecodeSlot(async () => {
    const sharp = await loadSharp();
    const limit = decodeLimits().maxPixels;
    try {
      const meta = await sharp(input, { limitInputPixels: false }).metadata();
      if (!meta.format || !ACCEPTED_INPUT.has(meta.format) || (meta.width ?? 0) * (meta.height ?? 0) > limit) throw new Error('refused');
      return await sharp(input, { limitInputPixels: limit, animated: false })
        .rotate()
        .resize({ width: longSide, height: longSide, fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 80 })
        .toBuffer();
    } catch (err) {
      throw new UnacceptableImageError(`not a picture for a notice: ${(err as Error).message}`);
    }
  });
}
