import { brotliCompressSync, constants } from 'node:zlib';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import decompress from './brotli-decompress';

// The module the alias replaces in the bundles (fontkit's dependency, untyped): both must decode alike.
const brotliDecompress = createRequire(__filename)('brotli/decompress.js') as (buffer: Uint8Array, size: number) => Uint8Array;

describe('the brotli decompress stand-in', () => {
  it.each([
    ['text', Buffer.from('The quick brown fox jumps over the lazy dog. '.repeat(500))],
    ['random bytes', randomBytes(64 * 1024)],
    ['an empty input', Buffer.alloc(0)],
  ])('decodes %s as the brotli package does', (_name, data) => {
    const compressed = brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
    const ours = decompress(compressed);
    expect(ours).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(ours).equals(data)).toBe(true);
    expect(Buffer.from(brotliDecompress(compressed, data.length)).equals(data)).toBe(true);
  });
});
