import { config } from './config';

/**
 * How much image decoding a function may do at once, derived from its memory (Lambda's
 * AWS_LAMBDA_FUNCTION_MEMORY_SIZE). A decode of N pixels holds about N x 4 bytes of RGBA in libvips plus a
 * working copy; the rule keeps every concurrent decode at its largest allowed size inside the memory left
 * after the runtime, so a decompression bomb is refused from its header instead of exhausting the function.
 */
export interface DecodeLimits {
  /** Images decoded at the same time. */
  concurrency: number;
  /** sharp's `limitInputPixels`: an image declaring more pixels is refused before decoding. */
  maxPixels: number;
}

const MIB = 1024 * 1024;
/** Node, the SDK, sharp's own code and the scan's working data. */
const RESERVED_MIB = 384;
/** Memory each decode slot gets; more memory gives more slots, up to MAX_CONCURRENCY. */
const SLOT_MIB = 256;
const MAX_CONCURRENCY = 8;
/** RGBA decode plus one working copy (resize, colour conversion). */
const BYTES_PER_PIXEL = 8;

export function decodeLimitsFor(memoryMb: number): DecodeLimits {
  const usableMib = Math.max(memoryMb - RESERVED_MIB, 128);
  const concurrency = Math.min(MAX_CONCURRENCY, Math.max(1, Math.floor(usableMib / SLOT_MIB)));
  const maxPixels = Math.floor((usableMib * MIB) / concurrency / BYTES_PER_PIXEL);
  return { concurrency, maxPixels };
}

export const decodeLimits = (): DecodeLimits => decodeLimitsFor(config().functionMemoryMb);

/**
 * Runs `fn` when one of `decodeLimits().concurrency` slots is free. Hand-written (a dozen lines) because the
 * slot count is read per call from configuration and p-map bounds a whole list, not calls made from many places.
 */
let active = 0;
const waiting: Array<() => void> = [];
export async function withDecodeSlot<T>(fn: () => Promise<T>): Promise<T> {
  while (active >= decodeLimits().concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
  active += 1;
  try {
    return await fn();
  } finally {
    active -= 1;
    waiting.shift()?.();
  }
}
