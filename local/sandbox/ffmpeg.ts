import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** Debian's ffmpeg, when installed; the sandbox serves pages without video files when it is not. */
export function findFfmpeg(): string | null {
  for (const p of [process.env.FFMPEG_PATH, '/usr/bin/ffmpeg', '/usr/local/bin/ffmpeg']) if (p && existsSync(p)) return p;
  return null;
}

async function run(ffmpeg: string, input: Buffer, inputName: string, args: (inPath: string, outPath: string) => string[], outName: string): Promise<Buffer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'vigil-sandbox-'));
  try {
    const inPath = path.join(dir, inputName);
    const outPath = path.join(dir, outName);
    await writeFile(inPath, input);
    await new Promise<void>((resolve, reject) =>
      execFile(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', ...args(inPath, outPath)], { timeout: 60_000 }, (err, _out, stderr) =>
        err ? reject(new Error(`ffmpeg failed: ${stderr || err.message}`)) : resolve(),
      ),
    );
    return await readFile(outPath);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const H264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '32', '-pix_fmt', 'yuv420p', '-movflags', '+faststart'];

/** A short clip from a still picture with a slow zoom, so frames differ a little as in a real video. */
export function stillToVideo(ffmpeg: string, jpeg: Buffer, seconds = 3): Promise<Buffer> {
  return run(
    ffmpeg,
    jpeg,
    'in.jpg',
    (i, o) => ['-loop', '1', '-i', i, '-t', String(seconds), '-r', '12', '-vf', "scale=480:-2,zoompan=z='min(zoom+0.002,1.1)':d=1:s=480x600:fps=12,scale=480:-2", ...H264, o],
    'out.mp4',
  );
}

/** A reposted copy of an uploaded video: 10% cropped away, scaled to 480 px wide, re-encoded, at most 20 s. */
export function transcodeCopy(ffmpeg: string, video: Buffer): Promise<Buffer> {
  return run(ffmpeg, video, 'in.bin', (i, o) => ['-i', i, '-t', '20', '-an', '-vf', 'crop=iw*0.9:ih*0.9,scale=480:-2', ...H264, o], 'out.mp4');
}

/** One frame of a video as JPEG (a second in, or the first frame of a shorter clip). */
export async function extractFrame(ffmpeg: string, video: Buffer): Promise<Buffer> {
  const frameAt = (seek: string) => run(ffmpeg, video, 'in.bin', (i, o) => ['-ss', seek, '-i', i, '-frames:v', '1', '-q:v', '3', o], 'frame.jpg');
  try {
    return await frameAt('1');
  } catch {
    return frameAt('0');
  }
}
