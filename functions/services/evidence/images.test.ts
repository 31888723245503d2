import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { decodeLuma } from '../../matching/luma';
import { resetConfig } from '../../lib/config';
import { decodeLimits, decodeLimitsFor } from '../../lib/decode-limits';
import { reencodeImage, UnacceptableImageError } from './images';

/** CRC-32 of PNG chunks (zlib's crc32 needs Node 22). */
function crc32(buf: Buffer): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
/** A real decompression bomb: a grey PNG whose zero rows inflate to width x height bytes from a tiny file. */
function bombPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const raw = Buffer.alloc((width + 1) * height); // filter byte 0 + zero pixels, every row
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const withMemory = (mb: string) => {
  process.env.AWS_LAMBDA_FUNCTION_MEMORY_SIZE = mb;
  resetConfig();
};
afterEach(() => {
  delete process.env.AWS_LAMBDA_FUNCTION_MEMORY_SIZE;
  resetConfig();
});

describe('decode limits', () => {
  it('derive concurrency and pixels from the function memory', () => {
    expect(decodeLimitsFor(512)).toEqual({ concurrency: 1, maxPixels: 16_777_216 });
    expect(decodeLimitsFor(1536)).toEqual({ concurrency: 4, maxPixels: 37_748_736 });
    expect(decodeLimitsFor(3008).concurrency).toBe(8);
    // Every slot at its largest decode fits the memory left after the reserve.
    for (const mb of [512, 1024, 1536, 3008, 10240]) {
      const { concurrency, maxPixels } = decodeLimitsFor(mb);
      expect(concurrency * maxPixels * 8).toBeLessThanOrEqual(Math.max(mb - 384, 128) * 1024 * 1024);
    }
    withMemory('1024');
    expect(decodeLimits()).toEqual(decodeLimitsFor(1024));
  });
});

describe('evidence re-encoding', () => {
  it('re-encodes a JPEG as JPEG without its metadata, and a GIF as WebP', async () => {
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c33' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'remote' } } })
      .toBuffer();
    const out = await reencodeImage(jpeg);
    expect(out).toMatchObject({ contentType: 'image/jpeg', extension: 'jpg', width: 64, height: 48 });
    expect((await sharp(out.body).metadata()).exif).toBeUndefined();

    const gif = await sharp({ create: { width: 10, height: 10, channels: 4, background: '#0f0' } }).gif().toBuffer();
    expect(await reencodeImage(gif)).toMatchObject({ contentType: 'image/webp', extension: 'webp' });
  });

  it('refuses SVG, HTML and other non-images', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>');
    for (const input of [svg, Buffer.from('<!doctype html><script>alert(1)</script>'), Buffer.from('%PDF-1.4')]) {
      await expect(reencodeImage(input)).rejects.toBeInstanceOf(UnacceptableImageError);
    }
  });

  it('refuses a PNG bomb that inflates past the pixel limit, from its header, in both decode paths', async () => {
    withMemory('512'); // 16.7 MP
    const bomb = bombPng(5000, 5000); // 25 MP, 25 MB inflated
    expect(bomb.length).toBeLessThan(64 * 1024);
    await expect(reencodeImage(bomb)).rejects.toThrow(/over the limit/);
    await expect(decodeLuma(bomb)).rejects.toThrow(/pixel limit/i);
    // Under a larger function's limit the same image is an ordinary picture.
    withMemory('3008');
    await expect(reencodeImage(bombPng(3000, 3000))).resolves.toMatchObject({ contentType: 'image/png' });
  });
});
