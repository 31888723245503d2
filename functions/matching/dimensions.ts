/**
 * Width and height from the first bytes of a JPEG or PNG, without decoding: the working size is chosen from
 * them, and asking sharp for metadata first would cost a second trip through libvips (~7% of hashing a
 * thumbnail). Returns undefined for other formats or damaged headers; the caller then asks sharp.
 */
export function sniffDimensions(b: Uint8Array): { width: number; height: number } | undefined {
  // PNG: signature, then the IHDR chunk with width and height as big-endian 32-bit integers.
  if (b.length >= 24 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) {
    const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
    return { width: view.getUint32(16), height: view.getUint32(20) };
  }
  // JPEG: walk the marker segments to the first start-of-frame (SOF0..SOF15 except DHT, JPG and DAC).
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8) {
    let i = 2;
    while (i + 9 < b.length) {
      if (b[i] !== 0xff) return undefined;
      const marker = b[i + 1];
      if (marker === 0xff) {
        i++;
        continue;
      }
      const length = (b[i + 2] << 8) | b[i + 3];
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { height: (b[i + 5] << 8) | b[i + 6], width: (b[i + 7] << 8) | b[i + 8] };
      }
      i += 2 + length;
    }
  }
  return undefined;
}
