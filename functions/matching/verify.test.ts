import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { oneEdgeGraphicPair } from './fixtures/graphics';
import { MIN_INLIERS, verifyCopy } from './verify';

const fixture = (name: string) => readFileSync(path.join(__dirname, 'fixtures', `${name}.jpg`));

describe('geometric verification', () => {
  it('refuses an unrelated graphic whose one diagonal edge the fingerprint finds close', async () => {
    // The pair of matching.test.ts ("the decision rule"): 28 bits apart, sent here because neither is confident.
    const { reference, other } = await oneEdgeGraphicPair();
    const v = await verifyCopy(other, reference);
    expect(v.verified).toBe(false);
    expect(v.inliers).toBeLessThan(MIN_INLIERS);
  }, 30_000);

  it('finds a cropped, recompressed copy and locates it', async () => {
    const ref = fixture('astronaut');
    const { width, height } = await sharp(ref).metadata();
    const copy = await sharp(ref)
      .extract({ left: Math.round(width! * 0.15), top: 0, width: Math.round(width! * 0.8), height: Math.round(height! * 0.85) })
      .jpeg({ quality: 40 })
      .toBuffer();
    const v = await verifyCopy(copy, ref);
    expect(v.verified).toBe(true);
    expect(v.mirrored).toBe(false);
    expect(v.inliers).toBeGreaterThanOrEqual(MIN_INLIERS);
    expect(v.transform).toHaveLength(9);
    // The crop kept the reference's middle: its corners project outside the copy, so the region is the whole copy.
    expect(v.region).toEqual({ x: 0, y: 0, w: 1, h: 1 });
  }, 30_000);

  it('finds a mirrored copy inside a screenshot-like frame and says where it is', async () => {
    const ref = fixture('chelsea');
    const small = await sharp(ref).flop().resize({ width: 400 }).toBuffer();
    const { height } = await sharp(small).metadata();
    const framed = await sharp({ create: { width: 800, height: height! + 300, channels: 3, background: '#111111' } })
      .composite([{ input: small, left: 200, top: 150 }])
      .jpeg()
      .toBuffer();
    const v = await verifyCopy(framed, ref);
    expect(v.verified).toBe(true);
    expect(v.mirrored).toBe(true);
    expect(v.region!.x).toBeCloseTo(0.25, 1);
    expect(v.region!.w).toBeCloseTo(0.5, 1);
  }, 30_000);

  it('rejects a different photograph', async () => {
    const v = await verifyCopy(fixture('rocket'), fixture('coffee'));
    expect(v.verified).toBe(false);
  }, 30_000);

  it('verifies many candidates at once against more references than it keeps, without freeing features in use', async () => {
    const ref = fixture('astronaut');
    const copy = await sharp(ref).resize({ width: 300 }).jpeg({ quality: 60 }).toBuffer();
    // 20 references under distinct keys (the cache keeps 16): the first ones are pushed out while in use.
    const all = await Promise.all(Array.from({ length: 20 }, (_, i) => verifyCopy(copy, ref, `concurrent-${i}`)));
    expect(all.map((v) => v.verified)).toEqual(Array(20).fill(true));
  }, 60_000);
  it('does not decode a candidate against a reference too plain to have the keypoints a copy needs', async () => {
    // A soft gradient: ORB finds fewer corners than MIN_INLIERS, straight or mirrored, so no candidate could be
    // verified against it, and the candidate (here not even an image) is never read.
    const width = 640;
    const height = 480;
    const pixels = Buffer.alloc(width * height * 3);
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) pixels.fill(Math.round((x / width) * 200), (y * width + x) * 3, (y * width + x) * 3 + 3);
    const gradient = await sharp(pixels, { raw: { width, height, channels: 3 } }).png().toBuffer();
    const v = await verifyCopy(Buffer.from('not an image'), gradient);
    expect(v).toMatchObject({ verified: false, inliers: 0 });
    // A detailed reference does read the candidate, and refuses bytes that are not a picture.
    await expect(verifyCopy(Buffer.from('not an image'), fixture('astronaut'))).rejects.toThrow();
  }, 30_000);
});
