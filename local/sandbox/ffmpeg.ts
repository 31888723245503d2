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

/**
 * The nine edits of `bench:video` (bench/video.ts), as the sandbox applies them to an uploaded reference video:
 * a low-bitrate re-encode, 360p, a 10% crop, a mirror, a letterbox, 1.25x speed, a 10 s excerpt, a text
 * watermark, and the clip at half size over another clip (picture-in-picture). Written with ffmpeg's own
 * expressions, so they fit any input size.
 */
export const VIDEO_EDITS = ['reencode-low', 'scale-360p', 'crop-10', 'mirror', 'letterbox', 'speed-1.25', 'excerpt-10s', 'watermark', 'pip-half'] as const;
export type VideoEdit = (typeof VIDEO_EDITS)[number];

const EVEN = 'trunc(iw/2)*2:trunc(ih/2)*2';
const X264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '23', '-pix_fmt', 'yuv420p', '-an', '-threads', '1', '-movflags', '+faststart'];

/** One edit of a video; `background` is an unrelated clip (picture-in-picture), `watermark` a PNG. */
export async function editVideo(ffmpeg: string, video: Buffer, edit: VideoEdit, extras: { background: Buffer; watermark: Buffer }): Promise<Buffer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'vigil-sandbox-edit-'));
  try {
    const input = path.join(dir, 'in.bin');
    const out = path.join(dir, 'out.mp4');
    await writeFile(input, video);
    const bg = path.join(dir, 'bg.mp4');
    const mark = path.join(dir, 'mark.png');
    const args: Record<VideoEdit, () => Promise<string[]>> = {
      'reencode-low': async () => ['-i', input, '-vf', `scale=${EVEN}`, '-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '150k', '-pix_fmt', 'yuv420p', '-an', '-threads', '1', '-movflags', '+faststart'],
      'scale-360p': async () => ['-i', input, '-vf', 'scale=-2:360', ...X264],
      'crop-10': async () => ['-i', input, '-vf', `crop=iw*0.9:ih*0.9:iw*0.03:ih*0.07,scale=${EVEN}`, ...X264],
      mirror: async () => ['-i', input, '-vf', `hflip,scale=${EVEN}`, ...X264],
      letterbox: async () => ['-i', input, '-vf', 'scale=trunc(iw*3/8)*2:trunc(ih*3/8)*2,pad=iw:trunc(iw*3/8)*2:0:(oh-ih)/2:black,setsar=1', ...X264],
      'speed-1.25': async () => ['-i', input, '-vf', `setpts=PTS/1.25,scale=${EVEN}`, ...X264],
      'excerpt-10s': async () => ['-ss', '3', '-i', input, '-t', '10', '-vf', `scale=${EVEN}`, ...X264],
      watermark: async () => {
        await writeFile(mark, extras.watermark);
        return ['-i', input, '-i', mark, '-filter_complex', `[1:v][0:v]scale2ref=w=iw/2:h=ow/mdar[m][v];[v][m]overlay=main_w*0.03:main_h-overlay_h-main_h*0.05,scale=${EVEN}`, ...X264];
      },
      'pip-half': async () => {
        await writeFile(bg, extras.background);
        return ['-i', input, '-stream_loop', '-1', '-i', bg, '-filter_complex', `[1:v][0:v]scale2ref=w=iw:h=ih[b][v];[v]scale=trunc(iw/4)*2:trunc(ih/4)*2[f];[b][f]overlay=main_w*0.4:main_h*0.1:shortest=1,scale=${EVEN}`, ...X264];
      },
    };
    const a = await args[edit]();
    await new Promise<void>((resolve, reject) =>
      execFile(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', ...a, out], { timeout: 120_000 }, (err, _o, stderr) => (err ? reject(new Error(`ffmpeg ${edit} failed: ${stderr || err.message}`)) : resolve())),
    );
    return await readFile(out);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
