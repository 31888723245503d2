import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ReferenceSet, bestMatch, hashCandidate, hashVideoReference } from './index';
import { sampleFrames } from './video';

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
  }, 30_000);

  it('accepts the bytes of the clip and does not match an unrelated photo', async () => {
    const video = await hashVideoReference(readFileSync(clip));
    const set = ReferenceSet.from([{ id: 'clip', hashes: video.hashes }]);
    const photo = readFileSync(path.join(__dirname, 'fixtures', 'coffee.jpg'));
    expect(bestMatch(await hashCandidate(photo), set)?.isMatch).toBe(false);
  }, 30_000);

  it('samples a video longer than the frame cap evenly over its whole length', async () => {
    // Five minutes of a tiny test pattern at one frame a second (quick to encode).
    const long = path.join(dir, 'long.mp4');
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=duration=300:size=64x48:rate=1', '-pix_fmt', 'yuv420p', long]);
    const { pngs, durationSeconds, rate } = await sampleFrames(long, { fps: 1, maxFrames: 10 });
    expect(durationSeconds).toBeCloseTo(300, 0);
    // One frame every 30 s, not the first 10 seconds.
    expect(rate).toBeCloseTo(10 / 300, 5);
    expect(pngs.length).toBe(10);
  }, 30_000);

  it('rejects bytes that are not a video', async () => {
    await expect(hashVideoReference(Buffer.from('not a video'))).rejects.toThrow(/ff(mpeg|probe) failed/);
  });
});
