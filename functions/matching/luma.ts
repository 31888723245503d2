import { loadSharp } from '../lib/sharp';
import { decodeLimits, withDecodeSlot } from '../lib/decode-limits';
import { sniffDimensions } from './dimensions';

/** A single-channel luma image, row-major, values 0..255. */
export interface LumaImage {
  data: Float32Array;
  width: number;
  height: number;
}

/** A rectangle in pixel coordinates of a `LumaImage` (fractional values allowed). */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}


/** Working-size rule: small images keep a short side of `minSide`; large ones a long side of `largeSide`. */
export interface WorkingSize {
  minSide: number;
  largeSide: number;
  /** Inputs whose long side reaches this count as large. */
  largeFrom: number;
}

/**
 * Candidates: a thumbnail is decoded just large enough for the 64x64 grid (so JPEG shrink-on-load can
 * decode it at 1/4 scale, like a plain resize to 64x64 would); a large image, which may be a screenshot with
 * a small photo inside, keeps a long side of 256 px (an 8 MP JPEG still decodes at 1/8 scale).
 */
export const WORKING_SIZE: WorkingSize = { minSide: 64, largeSide: 256, largeFrom: 1000 };

/** References: decoded once, then cropped and tilted many times, so they keep more pixels. */
export const REFERENCE_WORKING_SIZE: WorkingSize = { minSide: 256, largeSide: 512, largeFrom: 1000 };

/**
 * Decodes an image to PDQ luma (Y = 0.299R + 0.587G + 0.114B) at a small working size: EXIF orientation is
 * applied, transparency is flattened on white (how browsers show it), and the image is brought down to the
 * working size (see `WORKING_SIZE`). The resize lets libvips use JPEG/WebP shrink-on-load, so a large
 * photo is decoded at 1/2, 1/4 or 1/8 scale: this is what keeps hashing as fast as decoding a thumbnail.
 */
export function decodeLuma(input: Buffer | Uint8Array, size: WorkingSize = WORKING_SIZE): Promise<LumaImage> {
  return withDecodeSlot(() => decode(input, size));
}

/** The decode itself. Decompression-bomb guard: sharp refuses an input declaring more pixels than the function's limit before decoding it. */
async function decode(input: Buffer | Uint8Array, size: WorkingSize): Promise<LumaImage> {
  const sharp = await loadSharp();
  const image = sharp(input, { limitInputPixels: decodeLimits().maxPixels, failOn: 'none' });
  const dims = sniffDimensions(input) ?? (await image.metadata());
  const long = Math.max(dims.width ?? 0, dims.height ?? 0);
  const resize =
    long >= size.largeFrom
      ? { width: size.largeSide, height: size.largeSide, fit: 'inside' as const }
      : { width: size.minSide, height: size.minSide, fit: 'outside' as const, withoutEnlargement: true };
  const { data, info } = await image
    .rotate()
    .flatten({ background: '#ffffff' })
    .resize(resize)
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  return lumaFromPixels(data, info.width, info.height, info.channels);
}

/** A region of an image as fractions (0..1) of its oriented width and height. */
export interface Region {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * Decodes one region of an image to luma with its long side at most `side` px (never enlarged): a second,
 * finer look at a picture found inside a screenshot, whose box at the working size is only about 100 px
 * wide (see `hashCandidateImage`). The region is cut from the full-size decode, so this is only used on
 * screenshot-sized inputs: larger ones (more than `maxPixels`) give undefined without being decoded.
 */
export function decodeLumaRegion(input: Buffer | Uint8Array, region: Region, side: number, maxPixels: number): Promise<LumaImage | undefined> {
  return withDecodeSlot(async () => {
    const sharp = await loadSharp();
    const image = sharp(input, { limitInputPixels: decodeLimits().maxPixels, failOn: 'none' });
    const m = await image.metadata();
    const width = m.autoOrient?.width ?? m.width ?? 0;
    const height = m.autoOrient?.height ?? m.height ?? 0;
    if (!width || !height || width * height > maxPixels) return undefined;
    const left = Math.max(0, Math.floor(region.x * width));
    const top = Math.max(0, Math.floor(region.y * height));
    const w = Math.max(1, Math.min(width - left, Math.ceil((region.x + region.w) * width) - left));
    const h = Math.max(1, Math.min(height - top, Math.ceil((region.y + region.h) * height) - top));
    // rotate() before extract(): the region is cut from the oriented picture.
    const { data, info } = await image
      .rotate()
      .extract({ left, top, width: w, height: h })
      .flatten({ background: '#ffffff' })
      .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    return lumaFromPixels(data, info.width, info.height, info.channels);
  });
}

/** Luma from interleaved 8-bit pixels with 1 to 4 channels (grey, grey+alpha, RGB, RGBA). */
export function lumaFromPixels(data: Uint8Array, width: number, height: number, channels: number): LumaImage {
  const n = width * height;
  const out = new Float32Array(n);
  if (channels >= 3) {
    for (let i = 0, p = 0; i < n; i++, p += channels) out[i] = 0.299 * data[p] + 0.587 * data[p + 1] + 0.114 * data[p + 2];
  } else {
    for (let i = 0, p = 0; i < n; i++, p += channels) out[i] = data[p];
  }
  return { data: out, width, height };
}
