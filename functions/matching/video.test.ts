import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ReferenceSet, bestMatch, decide, hashCandidate, hashVideoReference } from './index';
import { persistentInset } from './inset';
import { decodeLuma } from './luma';
import { sampleFrames } from './video';
import { hashVideoCandidate, matchVideoCopy, VIDEO_RULE } from './video-copy';

const fixture = (name: string) => path.join(__dirname, 'fixtures', name);
const ffmpeg = (...args: string[]) => execFileSync('ffmpeg', ['-v', 'error', '-y', ...args]);
const X264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-an'];

describe('video references', () => {
  let dir: string;
  let clip: string;

  beforeAll(() => {
    // A 4-second generated clip (ffmpeg's test pattern with its moving gradient and counter).
    dir = mkdtempSync(path.join(tmpdir(), 'vigil-video-test-'));
    clip = path.join(dir, 'clip.mp4');
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=duration=4:size=320x240:rate=10', '-pix_fmt', 'yuv420p', clip]);
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('hashes one frame a second and matches a still taken from the clip', async () => {
    // Arrange
    const still = path.join(dir, 'still.jpg');
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-ss', '2.2', '-i', clip, '-frames:v', '1', '-vf', 'scale=200:-2', still]);

    // Act
    const video = await hashVideoReference(clip);
    const set = ReferenceSet.from([{ id: 'clip', hashes: video.hashes }]);
    const match = bestMatch(await hashCandidate(readFileSync(still)), set);

    // Assert
    expect(video.frames).toBeGreaterThanOrEqual(3);
    expect(video.durationSeconds).toBeCloseTo(4, 0);
    expect(match).toMatchObject({ referenceId: 'clip', isMatch: true });
  }, 90_000);

  it('accepts the bytes of the clip and does not match an unrelated photo', async () => {
    const video = await hashVideoReference(readFileSync(clip));
    const set = ReferenceSet.from([{ id: 'clip', hashes: video.hashes }]);
    const photo = readFileSync(path.join(__dirname, 'fixtures', 'coffee.jpg'));
    expect(bestMatch(await hashCandidate(photo), set)?.isMatch).toBe(false);
  }, 90_000);

  it('samples a video longer than the frame cap evenly over its whole length', async () => {
    // Five minutes of a tiny test pattern at one frame a second (quick to encode).
    const long = path.join(dir, 'long.mp4');
    // Its second half is painted white, so a frame shows which half it was taken from.
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=duration=300:size=64x48:rate=1', '-vf', "drawbox=x=0:y=0:w=iw:h=ih:color=white:t=fill:enable='gte(t,150)'", '-pix_fmt', 'yuv420p', long]);
    const { pngs, durationSeconds, rate } = await sampleFrames(long, { fps: 1, maxFrames: 10 });
    expect(durationSeconds).toBeCloseTo(300, 0);
    // One frame every 30 s, not the first 10 seconds: half of them from the white second half.
    expect(rate).toBeCloseTo(10 / 300, 5);
    expect(pngs.length).toBe(10);
    const white = await Promise.all(pngs.map(async (p) => (await decodeLuma(p)).data.every((v) => v > 240)));
    expect(white).toEqual([false, false, false, false, false, true, true, true, true, true]);
  }, 30_000);

  it('rejects bytes that are not a video', async () => {
    await expect(hashVideoReference(Buffer.from('not a video'))).rejects.toThrow(/ff(mpeg|probe) failed/);
  });
});

describe('video copies', () => {
  let dir: string;
  /** A slideshow of two fixture photos (3 s each, 320x180): the reference. */
  let reference: string;
  /** A slow pan across a third photo: what a reposter lays the copy over. */
  let background: string;
  /** The reference at half size in the top-right corner of the background (10 px in). */
  let pip: string;
  let set: ReferenceSet;

  const slideshow = (out: string, a: string, b: string) =>
    ffmpeg('-loop', '1', '-t', '3', '-i', fixture(a), '-loop', '1', '-t', '3', '-i', fixture(b), '-filter_complex', '[0:v]scale=320:180,setsar=1,fps=10[a];[1:v]scale=320:180,setsar=1,fps=10[b];[a][b]concat=n=2:v=1:a=0[v]', '-map', '[v]', ...X264, out);
  const inset = (out: string, front: string) =>
    ffmpeg('-i', front, '-i', background, '-filter_complex', '[0:v]scale=iw/2:ih/2[fg];[1:v][fg]overlay=W-w-10:10:shortest=1', ...X264, out);

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'vigil-video-copy-'));
    reference = path.join(dir, 'reference.mp4');
    background = path.join(dir, 'background.mp4');
    pip = path.join(dir, 'pip.mp4');
    slideshow(reference, 'astronaut.jpg', 'rocket.jpg');
    ffmpeg('-loop', '1', '-t', '6', '-i', fixture('coffee.jpg'), '-vf', "scale=640:426,crop=320:180:x='320*t/6':y='246*t/6',fps=10,setsar=1", ...X264, background);
    inset(pip, reference);
    set = ReferenceSet.from([{ id: 'reference', hashes: (await hashVideoReference(reference)).hashes }]);
  }, 60_000);

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('finds a picture-in-picture inset from the persistence of its edges, and none in a plain clip', async () => {
    const frames = async (file: string) => Promise.all((await sampleFrames(file)).pngs.map((p) => decodeLuma(p, { minSide: 144, largeSide: 256, largeFrom: 1000 })));
    const pipFrames = await frames(pip);
    const box = persistentInset(pipFrames);
    // The inset is the right half of the top half, 10 px of 320 (8 of 256) in from the frame's edges.
    const { width, height } = pipFrames[0];
    expect(box).toBeDefined();
    expect(Math.abs(box!.x / width - (160 - 10) / 320)).toBeLessThan(0.015);
    expect(Math.abs(box!.y / height - 10 / 180)).toBeLessThan(0.02);
    expect(Math.abs(box!.w / width - 0.5)).toBeLessThan(0.02);
    expect(Math.abs(box!.h / height - 0.5)).toBeLessThan(0.03);
    expect(persistentInset(await frames(reference))).toBeUndefined();
    expect(persistentInset(await frames(background))).toBeUndefined();
  }, 60_000);

  it('matches a picture-in-picture copy through its inset, which its whole frames alone do not', async () => {
    const copy = await hashVideoCandidate(pip);
    const match = matchVideoCopy(copy, set);
    expect(copy.inset).toBeDefined();
    expect(match).toMatchObject({ referenceId: 'reference', isMatch: true });
    expect(match!.strictFrames).toBeGreaterThanOrEqual(4);

    // The same frames hashed as plain thumbnails (no inset) are not a copy.
    const plain = await Promise.all((await sampleFrames(pip)).pngs.map((p) => hashCandidate(p)));
    expect(matchVideoCopy(plain, set)?.isMatch ?? false).toBe(false);
  }, 60_000);

  it('does not match an unrelated clip shown as an inset over the same background', async () => {
    const other = path.join(dir, 'other.mp4');
    const otherPip = path.join(dir, 'other-pip.mp4');
    slideshow(other, 'chelsea.jpg', 'coffee.jpg');
    inset(otherPip, other);
    const copy = await hashVideoCandidate(otherPip);
    expect(copy.inset).toBeDefined();
    expect(matchVideoCopy(copy, set)?.isMatch ?? false).toBe(false);
  }, 60_000);

  it('needs several frames to agree: one matching frame in a clip of unrelated frames is not a copy', async () => {
    const frames = await Promise.all((await sampleFrames(reference)).pngs.map((p) => hashCandidate(p)));
    const unrelated = await hashCandidate(readFileSync(fixture('chelsea.jpg')));
    expect(matchVideoCopy(frames, set)).toMatchObject({ isMatch: true, informativeFrames: frames.length });
    // One frame of the reference among five unrelated ones: below the share, though it matches on its own.
    const mostlyOther = [frames[0], unrelated, unrelated, unrelated, unrelated, unrelated];
    expect(bestMatch(frames[0], set)?.isMatch).toBe(true);
    expect(matchVideoCopy(mostlyOther, set)?.isMatch ?? false).toBe(false);
    // Frames too flat to hash do not count either way.
    const flat = { hashes: new Uint32Array(0), quality: 0 };
    expect(matchVideoCopy([frames[0], frames[1], flat, flat, flat], set)).toMatchObject({ isMatch: true, informativeFrames: 2 });
  }, 60_000);

  it('is a copy when two frames match by fingerprint alone, however many other frames there are', async () => {
    const frames = await Promise.all((await sampleFrames(reference)).pngs.map((p) => hashCandidate(p)));
    const unrelated = await hashCandidate(readFileSync(fixture('chelsea.jpg')));
    // Two frames of the reference among six others (a slideshow whose other slides the creator never uploaded):
    // a quarter of the clip, under the share, but each frame is a match on its own as a thumbnail would be.
    expect(frames.slice(0, 2).map((f) => decide(bestMatch(f, set)!.distance, f.quality))).toEqual(['fingerprint', 'fingerprint']);
    const slideshow = [frames[0], frames[1], ...Array(6).fill(unrelated)];
    expect(matchVideoCopy(slideshow, set)).toMatchObject({ referenceId: 'reference', isMatch: true, decisiveFrames: 2, informativeFrames: 8 });
    // Without that rule the same clip is not a copy (the share rule alone).
    expect(matchVideoCopy(slideshow, set, { ...VIDEO_RULE, minDecisiveFrames: Infinity })?.isMatch).toBe(false);
  }, 60_000);
});
