/**
 * Hash digest: one SHA-256 over every hash the matcher gives a folder's originals, to show that a change to the
 * hashing code (speed work) leaves the hashes bit for bit the same.
 *   npm run bench:hash-digest -- --images DIR [--out FILE]
 * Each original is hashed as a reference and, as a candidate, as a 480 px JPEG thumbnail, a 1600 px JPEG and a
 * 1440x900 screenshot with the picture inside it (the working size, the refined second look and the picture
 * box all take part). The digest covers the hashes and each quality, in folder order. Run it before and after a
 * change: the two digests must be equal. Calibration folder at stop 28: 426 originals, `c2f617ce…`.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { hashCandidateImage, hashReferenceImage, type ImageHashes } from '../../functions/matching/hash-image';
import { OUT_DIR, writeReport } from '../support/output';
import { DiskCache } from './cache';
import { listImages, originalsOf } from './dataset';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { images: { type: 'string' }, out: { type: 'string', default: path.join(OUT_DIR, 'hash-digest.json') } } });
  if (!values.images) throw new Error('usage: npm run bench:hash-digest -- --images DIR [--out FILE]');
  const cache = new DiskCache(DiskCache.defaultDir());
  const digest = createHash('sha256');
  const add = (h: ImageHashes) => digest.update(Buffer.from(h.hashes.buffer, h.hashes.byteOffset, h.hashes.byteLength)).update(`q${h.quality}`);
  let originals = 0;
  const started = Date.now();
  for (const file of await listImages(values.images)) {
    for (const o of await originalsOf(file, cache)) {
      const { png } = await o.load();
      add(await hashReferenceImage(png));
      const thumb = await sharp(png).resize(480, 480, { fit: 'inside' }).jpeg({ quality: 85 }).toBuffer();
      const large = await sharp(png).resize(1600, 1600, { fit: 'inside' }).jpeg({ quality: 85 }).toBuffer();
      const inset = await sharp(png).resize(500, 500, { fit: 'inside' }).png().toBuffer();
      const shot = await sharp({ create: { width: 1440, height: 900, channels: 3, background: '#f0f0f0' } })
        .composite([{ input: inset, left: 200, top: 120 }])
        .jpeg()
        .toBuffer();
      for (const candidate of [thumb, large, shot]) add(await hashCandidateImage(candidate));
      originals++;
    }
  }
  const report = { benchmark: 'hash-digest', at: new Date().toISOString(), images: path.resolve(values.images), originals, sha256: digest.digest('hex'), seconds: (Date.now() - started) / 1000 };
  console.log(`${report.originals} originals, each a reference and three candidates: sha256 ${report.sha256} (${report.seconds.toFixed(0)} s)`);
  console.log(`wrote ${await writeReport(values.out, report)}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
