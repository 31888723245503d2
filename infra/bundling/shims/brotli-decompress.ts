// Stands in for the `brotli` package's `decompress.js` in the Lambda bundles (the `alias` in
// infra/bundling/lambda-bundle.ts). fontkit imports it only to read WOFF2 fonts (the notice fonts are TTF, so
// it is not even called today); that package is a pure-JS port whose dictionary made it 475 KB of the notice
// bundles, while Node's zlib has the same decoder built in. Same contract as brotli.js: compressed bytes in,
// a Uint8Array of the decompressed bytes out (its second argument, the expected size, is not needed).
import { brotliDecompressSync } from 'node:zlib';

export default function decompress(buffer: Uint8Array): Uint8Array {
  const out = brotliDecompressSync(buffer);
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}
