import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HASH_WORDS } from './dct';
import { hammingAt } from './hamming';
import { referenceHashesFromLuma, type ImageHashes } from './hash-image';
import { decodeLuma } from './luma';
import { live } from '../lib/config';

/** Debian's ffmpeg and ffprobe; overridable for Lambda layers or other machines. */
const FFMPEG = live.ffmpegPath();
const FFPROBE = live.ffprobePath();

export interface VideoOptions {
  /** Frames per second to sample (default 1, as vPDQ). Long videos are sampled more sparsely to stay under `maxFrames`. */
  fps?: number;
  maxFrames?: number;
  /** Consecutive frames whose main hashes are this close are one frame (static shots). */
  sameFrameDistance?: number;
  /** Wall-clock cap for ffmpeg, in ms. */
  timeoutMs?: number;
}

export interface VideoHashes extends ImageHashes {
  /** Frames kept after dropping repeats. */
  frames: number;
  durationSeconds: number;
}

const PNG_END = Buffer.from([0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);

function run(cmd: string, args: string[], timeoutMs: number, onData?: (chunk: Buffer) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.stdout.on('data', (c: Buffer) => (onData ? onData(c) : out.push(c)));
    child.stderr.on('data', (c: Buffer) => err.push(c));
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(Buffer.concat(out));
      else reject(new Error(`${path.basename(cmd)} failed (${signal ?? code}): ${Buffer.concat(err).toString().trim().slice(-300)}`));
    });
  });
}

/** Duration in seconds from ffprobe; 0 when the container does not say (then the frame rate alone applies). */
async function durationOf(file: string, timeoutMs: number): Promise<number> {
  const out = await run(FFPROBE, ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file], timeoutMs);
  const seconds = Number.parseFloat(out.toString().trim());
  return Number.isFinite(seconds) ? seconds : 0;
}

/**
 * Frames of a video file as PNGs (long side at most `side` px): `fps` a second, but never more than
 * `maxFrames`: a video longer than `maxFrames / fps` seconds is sampled evenly over its whole length at
 * `maxFrames / duration` a second, not cut after its first minutes.
 */
export async function sampleFrames(file: string, options: { fps?: number; maxFrames?: number; side?: number; timeoutMs?: number } = {}): Promise<{ pngs: Buffer[]; durationSeconds: number; rate: number }> {
  const { fps = 1, maxFrames = 120, side = 512, timeoutMs = 120_000 } = options;
  const durationSeconds = await durationOf(file, timeoutMs);
  const rate = durationSeconds > 0 ? Math.min(fps, maxFrames / durationSeconds) : fps;
  const pngs: Buffer[] = [];
  let pending = Buffer.alloc(0);
  await run(
    FFMPEG,
    ['-v', 'error', '-nostdin', '-i', file, '-vf', `fps=${rate},scale='min(${side},iw)':-2`, '-frames:v', String(maxFrames), '-f', 'image2pipe', '-c:v', 'png', 'pipe:1'],
    timeoutMs,
    (chunk) => {
      // Split the PNG stream at each IEND chunk (its CRC is fixed, so the 8 bytes are unambiguous).
      pending = Buffer.concat([pending, chunk]);
      let end: number;
      while ((end = pending.indexOf(PNG_END)) >= 0) {
        pngs.push(pending.subarray(0, end + PNG_END.length));
        pending = pending.subarray(end + PNG_END.length);
      }
    },
  );
  return { pngs, durationSeconds, rate };
}

/**
 * Runs `use` on a file path: the path itself, or the bytes written to a temporary file (MP4 and MOV often
 * keep their index at the end, which a pipe cannot seek to), removed afterwards.
 */
export async function withVideoFile<T>(input: string | Buffer, use: (file: string) => Promise<T>): Promise<T> {
  if (typeof input === 'string') return use(input);
  const dir = await mkdtemp(path.join(tmpdir(), 'vigil-video-'));
  try {
    const file = path.join(dir, 'input');
    await writeFile(file, input);
    return await use(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Reference hashes of a video: frames sampled at one a second by ffmpeg (`sampleFrames`: evenly over the
 * whole video when it is longer than `maxFrames` seconds; scaled down to 512 px, sent as PNG through a pipe), repeats of a static shot dropped, each remaining frame hashed like a
 * reference image. A thumbnail or still of the video matches when it matches any frame, so all hashes go
 * into one set. Accepts a file path, or the bytes (written to a temporary file: MP4 and MOV often keep their
 * index at the end, which a pipe cannot seek to).
 */
export async function hashVideoReference(input: string | Buffer, options: VideoOptions = {}): Promise<VideoHashes> {
  const { fps = 1, maxFrames = 120, sameFrameDistance = 10, timeoutMs = 120_000 } = options;
  return withVideoFile(input, async (file) => {
    const { pngs, durationSeconds } = await sampleFrames(file, { fps, maxFrames, timeoutMs });
    const parts: Uint32Array[] = [];
    let previous: Uint32Array | undefined;
    let quality = 0;
    for (const png of pngs) {
      const frame = referenceHashesFromLuma(await decodeLuma(png));
      // A flat frame (a fade, a title card) keeps no view: nothing to store or compare.
      if (frame.hashes.length === 0) continue;
      if (previous && hammingAt(previous, 0, frame.hashes, 0) <= sameFrameDistance) continue;
      previous = frame.hashes.subarray(0, HASH_WORDS);
      quality = Math.max(quality, frame.quality);
      parts.push(frame.hashes);
    }
    const hashes = new Uint32Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) {
      hashes.set(p, at);
      at += p.length;
    }
    return { hashes, quality, frames: parts.length, durationSeconds };
  });
}
