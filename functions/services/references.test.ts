import sharp from 'sharp';
import { checkReferenceFiles } from './references';
import type { UploadedFile } from '../lib/multipart';

/*
 * Reference uploads are checked by decoding their header (issue 27), not by their first bytes only: a file that
 * starts with a JPEG or PNG signature, or an MP4 ftyp box, and then carries anything else is refused with 415.
 */

const file = (filename: string, content: Buffer): UploadedFile => ({ field: 'referenceFiles', filename, declaredType: 'application/octet-stream', content });
const box = (type: string, payload: Buffer) => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + payload.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, payload]);
};
const ftyp = box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2mp41', 'latin1'));

describe('checkReferenceFiles', () => {
  it('accepts a real JPEG, PNG and a well-formed MP4 box structure', async () => {
    const jpeg = await sharp({ create: { width: 16, height: 12, channels: 3, background: '#c33' } }).jpeg().toBuffer();
    const png = await sharp({ create: { width: 8, height: 8, channels: 4, background: '#3c3' } }).png().toBuffer();
    const mp4 = Buffer.concat([ftyp, box('moov', Buffer.alloc(32)), box('mdat', Buffer.alloc(64, 7))]);
    const checked = await checkReferenceFiles([file('a.jpg', jpeg), file('b.png', png), file('c.mp4', mp4)]);
    expect(checked.map((c) => c.mime)).toEqual(['image/jpeg', 'image/png', 'video/mp4']);
  });

  it('refuses JPEG magic bytes followed by HTML, with 415 naming the file', async () => {
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.from('<html><script>alert(1)</script></html>')]);
    await expect(checkReferenceFiles([file('me.jpg', fake)])).rejects.toMatchObject({
      statusCode: 415,
      message: expect.stringContaining('"me.jpg" starts like a JPG file but is not one'),
    });
  });

  it('refuses a PNG signature followed by HTML', async () => {
    const fake = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.from('<html>hello</html>')]);
    await expect(checkReferenceFiles([file('me.png', fake)])).rejects.toMatchObject({ statusCode: 415 });
  });

  it('refuses an ftyp box followed by HTML, or boxes that run past the end', async () => {
    const html = Buffer.concat([ftyp, Buffer.from('<html><body>not a movie</body></html>')]);
    await expect(checkReferenceFiles([file('clip.mp4', html)])).rejects.toMatchObject({ statusCode: 415, message: expect.stringContaining('no valid type') });
    const cut = Buffer.concat([ftyp, box('mdat', Buffer.alloc(64)).subarray(0, 40)]);
    await expect(checkReferenceFiles([file('clip.mp4', cut)])).rejects.toMatchObject({ statusCode: 415, message: expect.stringContaining('past the end') });
  });
});
