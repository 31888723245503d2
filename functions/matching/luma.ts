import sharp from 'sharp';

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

/** Decompression-bomb guard: sharp refuses inputs with more pixels than this before decoding them. */
export const MAX_INPUT_PIXELS = 120_000_000;

/** Working-size rule: small images keep a short side of `minSide`; large ones a long side of `largeSide`. */
export interface WorkingSize {
  minSide: number;
  largeSide: number;
  /** Inputs whose long side reaches this count as large. */
  largeFrom: number;
}

export const WORKING_SIZE: WorkingSize = { minSide: 128, largeSide: 384, largeFrom: 1000 };

/**
 * Decodes an image to PDQ luma (Y = 0.299R + 0.587G + 0.114B) at a small working size: EXIF orientation is
 * applied, transparency is flattened on white (how browsers show it), and the image is brought down to a
 * short side of 128 px, or for large inputs a long side of 384 px so that a photo inside a screenshot keeps
 * enough pixels. The resize lets libvips use JPEG/WebP shrink-on-load, so a large photo is decoded at 1/2,
 * 1/4 or 1/8 scale: this is what keeps hashing as fast as decoding a thumbnail.
 */
export async function decodeLuma(input: Buffer | Uint8Array, size: WorkingSize = WORKING_SIZE): Promise<LumaImage> {
  const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'none' });
  const meta = await image.metadata();
  const long = Math.max(meta.width ?? 0, meta.height ?? 0);
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
