/**
 * Video sampling for Triage (issue 24): from a candidate page (a tube page, a file host, a social post with a
 * player) or a direct media link, a bounded set of frames spread over the whole clip, fetched only through the
 * safe fetcher and decoded by ffmpeg only from the bytes fetched.
 *
 * 1. The page is read once (a `Range` header asks for the head only, in case it is the media itself). HTML
 *    gives the media URL: `<video src>`, `<source src>`, then `og:video` (`:secure_url`, `:url`); files before
 *    HLS playlists (`.m3u8`). An HLS stream is read as playlists (the master's lowest-bandwidth variant), then the
 *    segments nearest `framesPerCandidate` spread times, one frame decoded from each (`fromHls`, `hls.ts`);
 *    encrypted and byte-range playlists are not sampled.
 * 2. The media is read by HTTP range: its head first, which says the size (`Content-Range`). A clip that fits
 *    in what is left of the byte budget is read whole and sampled at one frame a second (at most
 *    `framesPerCandidate`, spread evenly over longer clips). A larger MP4 has its index (`moov`, at either end)
 *    read, and then only the keyframes nearest `framesPerCandidate` evenly spaced times; they are written at
 *    their offsets in a sparse temporary file next to the index, and ffmpeg decodes each one from there.
 * 3. Every request goes through `safeFetch` (address checks on every hop, size cap, content-type check), all
 *    of them under one byte budget (`maxBytesPerCandidate`) and one time budget (`timeoutMs`). ffmpeg never
 *    sees a URL: a file of fetched bytes only.
 *
 * Frames are returned in memory (PNG, long side at most 512 px, with their time in the clip): the caller hashes
 * them, hands them to whatever else looks at frames (`onSampledFrames`), and drops them.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Parser } from 'htmlparser2';
import { safeFetch, SafeFetchError, ResponseTooLargeError, type Resolver, type SafeFetchResponse } from '../../adapters/fetch/safe-fetch';
import { live, perConfig, videoSamplingConfig, type VideoSamplingConfig } from '../../lib/config';
import { sampleFrames } from '../../matching/video';
import { isHlsUrl, parsePlaylist, spreadSegments } from './hls';
import { parseMoov, spreadKeyframes, topLevelBoxes, type Keyframe } from './mp4-index';

export interface SampledFrame {
  /** Time in the clip, in seconds. */
  seconds: number;
  png: Buffer;
}

export interface VideoSample {
  /** The media file's URL (after the page was read and redirects followed). */
  mediaUrl: string;
  frames: SampledFrame[];
  durationSeconds: number;
  /** Every byte fetched for this candidate, the page included. */
  bytesFetched: number;
  requests: number;
  /**
   * `whole`: the clip fitted in the budget; `ranges`: its index and some keyframes were fetched; `hls`: an HLS
   * stream's playlists and the segments nearest spread times were fetched, one frame decoded from each.
   */
  mode: 'whole' | 'ranges' | 'hls';
  elapsedMs: number;
}

export type SampleOutcome = { ok: true; sample: VideoSample } | { ok: false; reason: string; bytesFetched: number; requests: number; elapsedMs: number };

export interface SampleOptions {
  /** Limits (default: `videoSamplingConfig()`, read once per configuration). */
  limits?: VideoSamplingConfig;
  /** For tests: the resolver and sandbox origin the safe fetcher uses. */
  resolve?: Resolver;
  sandboxOrigin?: string | null;
  /**
   * The seam for other frame checks (the likeness search, issue 24): called with the sampled frames before
   * they are returned; the frames are dropped after the caller is done with them.
   */
  onSampledFrames?: (frames: SampledFrame[], media: { mediaUrl: string; durationSeconds: number }) => Promise<void> | void;
}

const limitsNow = perConfig(() => videoSamplingConfig());
/** First request: enough for a page, or for an MP4's head with its index when the index is at the start. */
const HEAD_BYTES = 512 * 1024;
const PAGE_TYPES = ['text/html', 'application/xhtml+xml'];
const MEDIA_TYPES = ['video/*', 'application/mp4', 'application/octet-stream', 'binary/octet-stream'];
/** The largest index read: a two-hour clip's `moov` is a few MB. */
const MAX_INDEX_BYTES = 4 * 1024 * 1024;
const FRAME_SIDE = 512;
const MEDIA_PATH = /\.(mp4|m4v|mov|webm|mkv)(\?|$)/i;
/** What an HLS playlist may be served as (servers differ), and its largest size. */
const PLAYLIST_TYPES = ['application/vnd.apple.mpegurl', 'application/x-mpegurl', 'audio/mpegurl', 'audio/x-mpegurl', 'text/plain', 'application/octet-stream', 'binary/octet-stream'];
const MAX_PLAYLIST_BYTES = 512 * 1024;
/** An HLS segment: MPEG-TS (`video/mp2t`) or fragmented MP4. */
const SEGMENT_TYPES = ['video/*', 'application/mp4', 'application/octet-stream', 'binary/octet-stream'];
const HLS_SOURCE_TYPE = /^(application\/(vnd\.apple\.mpegurl|x-mpegurl)|audio\/(x-)?mpegurl)$/i;

/** Media URLs a page names, in the order worth trying: the player's own sources, then `og:video`. */
export function mediaUrlsInHtml(html: string, base: string): string[] {
  const player: string[] = [];
  const og: string[] = [];
  const parser = new Parser({
    onopentag(name, attrs) {
      if ((name === 'video' || name === 'source') && attrs.src) {
        if (name === 'source' && attrs.type && !/^video\//i.test(attrs.type) && !HLS_SOURCE_TYPE.test(attrs.type)) return;
        player.push(attrs.src);
      }
      if (name === 'meta') {
        const key = (attrs.property ?? attrs.name ?? '').toLowerCase();
        if (['og:video', 'og:video:url', 'og:video:secure_url', 'twitter:player:stream'].includes(key) && attrs.content) og.push(attrs.content);
      }
    },
  });
  parser.write(html);
  parser.end();
  const urls: string[] = [];
  for (const raw of [...player, ...og]) {
    try {
      const u = new URL(raw, base).href;
      if (!urls.includes(u)) urls.push(u);
    } catch {
      // not a URL
    }
  }
  // A file first (one or a few requests), an HLS playlist after (playlists and segments).
  return [...urls.filter((u) => !isHlsUrl(u)), ...urls.filter(isHlsUrl)];
}

/** Whether a URL names a media file by its extension (a direct link found by a search). */
export const looksLikeMedia = (url: string) => MEDIA_PATH.test(url) || isHlsUrl(url);

class Budget {
  bytes = 0;
  requests = 0;
  readonly started = Date.now();
  readonly signal: AbortSignal;
  constructor(
    readonly limits: VideoSamplingConfig,
    private readonly options: SampleOptions,
  ) {
    this.signal = AbortSignal.timeout(limits.timeoutMs);
  }
  get left(): number {
    return this.limits.maxBytesPerCandidate - this.bytes;
  }
  async get(url: string, accept: string[], range?: [number, number], cap = this.left): Promise<SafeFetchResponse> {
    if (cap <= 0) throw new ResponseTooLargeError(url, this.limits.maxBytesPerCandidate);
    const timeLeft = this.limits.timeoutMs - (Date.now() - this.started);
    this.requests++;
    const res = await safeFetch(url, {
      accept,
      maxBytes: Math.min(cap, this.left),
      timeoutMs: Math.max(1, timeLeft),
      signal: this.signal,
      headers: range ? { range: `bytes=${range[0]}-${range[1]}` } : undefined,
      resolve: this.options.resolve,
      sandboxOrigin: this.options.sandboxOrigin,
    });
    this.bytes += res.body.length;
    return res;
  }
}

/** The file's total size from a 206 answer's `Content-Range`, when it says. */
function totalSize(res: SafeFetchResponse): number | undefined {
  const m = /\/(\d+)\s*$/.exec(res.headers['content-range'] ?? '');
  return m ? Number(m[1]) : undefined;
}

const isMedia = (res: SafeFetchResponse) => !!res.contentType && !PAGE_TYPES.some((t) => res.contentType!.toLowerCase().startsWith(t));

/**
 * Samples the clip a candidate shows (see the module comment). Never throws for what a site does: a refused
 * address, a page without a player, a file too large to read without ranges, a clip ffmpeg cannot read all come
 * back as `{ok: false, reason}`.
 */
export async function sampleVideo(url: string, options: SampleOptions = {}): Promise<SampleOutcome> {
  const budget = new Budget(options.limits ?? limitsNow(), options);
  const failed = (reason: string): SampleOutcome => ({ ok: false, reason, bytesFetched: budget.bytes, requests: budget.requests, elapsedMs: Date.now() - budget.started });
  try {
    // A direct link to an HLS playlist (a search result, a source's post).
    if (isHlsUrl(url)) return await finish(await fromHls(url, budget), options, budget);
    const first = await budget.get(url, [...PAGE_TYPES, ...MEDIA_TYPES], [0, HEAD_BYTES - 1], looksLikeMedia(url) ? undefined : 2 * 1024 * 1024);
    if (!first.ok) return failed(`the page answered HTTP ${first.status}`);
    let tried: string[] = [];
    if (isMedia(first)) return await finish(await fromMedia(first.url, first, budget), options, budget);
    tried = mediaUrlsInHtml(first.body.toString('utf8'), first.url).slice(0, 2);
    if (tried.length === 0) return failed('the page has no video player or og:video');
    let last = 'no media';
    for (const media of tried) {
      try {
        if (isHlsUrl(media)) return await finish(await fromHls(media, budget), options, budget);
        const head = await budget.get(media, MEDIA_TYPES, [0, HEAD_BYTES - 1]);
        if (!head.ok) {
          last = `the media answered HTTP ${head.status}`;
          continue;
        }
        return await finish(await fromMedia(head.url, head, budget), options, budget);
      } catch (err) {
        last = reasonOf(err);
      }
    }
    return failed(last);
  } catch (err) {
    return failed(reasonOf(err));
  }
}

function reasonOf(err: unknown): string {
  if (err instanceof ResponseTooLargeError) return 'more bytes than the sampling budget allows (the host does not serve ranges, or the index is too large)';
  if (err instanceof SafeFetchError) return `${err.name}: ${err.message}`;
  return (err as Error).message ?? String(err);
}

async function finish(found: { frames: SampledFrame[]; durationSeconds: number; mode: VideoSample['mode']; mediaUrl: string }, options: SampleOptions, budget: Budget): Promise<SampleOutcome> {
  if (found.frames.length === 0) return { ok: false, reason: 'no frame could be decoded', bytesFetched: budget.bytes, requests: budget.requests, elapsedMs: Date.now() - budget.started };
  await options.onSampledFrames?.(found.frames, { mediaUrl: found.mediaUrl, durationSeconds: found.durationSeconds });
  return { ok: true, sample: { ...found, bytesFetched: budget.bytes, requests: budget.requests, elapsedMs: Date.now() - budget.started } };
}

/** Samples the media whose first answer (the head, or the whole file) is `head`. */
async function fromMedia(mediaUrl: string, head: SafeFetchResponse, budget: Budget) {
  const frames = budget.limits.framesPerCandidate;
  const total = head.status === 206 ? totalSize(head) : head.body.length;
  if (total === undefined) throw new Error('the media answered a range without its total size');
  if (head.status !== 206 || head.body.length >= total) return { mediaUrl, mode: 'whole' as const, ...(await wholeFrames(head.body, frames)) };
  if (total - head.body.length <= budget.left) {
    const rest = await budget.get(mediaUrl, MEDIA_TYPES, [head.body.length, total - 1]);
    if (rest.status !== 206) throw new Error(`the media answered HTTP ${rest.status} to a range request`);
    return { mediaUrl, mode: 'whole' as const, ...(await wholeFrames(Buffer.concat([head.body, rest.body]), frames)) };
  }
  return { mediaUrl, mode: 'ranges' as const, ...(await rangedFrames(mediaUrl, head.body, total, budget)) };
}

/** An HLS playlist's text, parsed. */
async function readPlaylist(url: string, budget: Budget) {
  const res = await budget.get(url, PLAYLIST_TYPES, undefined, MAX_PLAYLIST_BYTES);
  if (!res.ok) throw new Error(`the HLS playlist answered HTTP ${res.status}`);
  return { playlist: parsePlaylist(res.body.toString('utf8'), res.url), url: res.url };
}

/**
 * An HLS stream (issue 24): the master playlist's lowest-bandwidth variant, then the segments nearest
 * `framesPerCandidate` spread times, each fetched whole through the safe fetcher within the budget and one frame
 * decoded from it (from a temporary file, never from a URL). A segment the fetcher refuses fails the sample, as a
 * refused media URL does; the budget running out ends it with the frames so far.
 */
async function fromHls(url: string, budget: Budget): Promise<{ mediaUrl: string; mode: 'hls'; frames: SampledFrame[]; durationSeconds: number }> {
  let { playlist, url: mediaUrl } = await readPlaylist(url, budget);
  if (playlist.kind === 'master') {
    const variant = [...playlist.variants].sort((a, b) => a.bandwidth - b.bandwidth)[0]!;
    ({ playlist, url: mediaUrl } = await readPlaylist(variant.url, budget));
    if (playlist.kind === 'master') throw new Error('the HLS variant playlist is a master playlist again');
  }
  if (playlist.unsupported) throw new Error(`the HLS stream is not sampled: ${playlist.unsupported}`);
  if (playlist.segments.length === 0) throw new Error('the HLS playlist lists no segments');
  const init = playlist.initUrl ? (await budget.get(playlist.initUrl, SEGMENT_TYPES)).body : undefined;
  const frames: SampledFrame[] = [];
  for (const segment of spreadSegments(playlist.segments, budget.limits.framesPerCandidate)) {
    if (budget.left <= 0) break;
    let res: SafeFetchResponse;
    try {
      res = await budget.get(segment.url, SEGMENT_TYPES);
    } catch (err) {
      if (err instanceof ResponseTooLargeError && frames.length > 0) break;
      throw err;
    }
    if (!res.ok) continue;
    const png = await firstFrame(init ? Buffer.concat([init, res.body]) : res.body);
    if (png) frames.push({ png, seconds: segment.start });
  }
  return { mediaUrl, mode: 'hls', frames, durationSeconds: playlist.durationSeconds };
}

/** The first frame of a segment, as a PNG at most FRAME_SIDE wide, or undefined when ffmpeg cannot read it. */
function firstFrame(bytes: Buffer): Promise<Buffer | undefined> {
  return withTempDir(async (dir) => {
    const file = path.join(dir, 'segment');
    await writeFile(file, bytes);
    const out = await sampleFrames(file, { fps: 1, maxFrames: 1, side: FRAME_SIDE, timeoutMs: 30_000 }).catch(() => undefined);
    return out?.pngs[0];
  });
}

/** A clip read whole: one frame a second, at most `n`, spread over longer clips (`sampleFrames`). */
async function wholeFrames(bytes: Buffer, n: number): Promise<{ frames: SampledFrame[]; durationSeconds: number }> {
  return withTempDir(async (dir) => {
    const file = path.join(dir, 'clip');
    await writeFile(file, bytes);
    const { pngs, durationSeconds, rate } = await sampleFrames(file, { fps: 1, maxFrames: n, side: FRAME_SIDE, timeoutMs: 60_000 });
    return { frames: pngs.map((png, i) => ({ png, seconds: i / rate })), durationSeconds };
  });
}

/** A large MP4: its index, then the keyframes nearest evenly spaced times, decoded one by one from a sparse copy. */
async function rangedFrames(mediaUrl: string, head: Buffer, total: number, budget: Budget): Promise<{ frames: SampledFrame[]; durationSeconds: number }> {
  const boxes = topLevelBoxes(head, total);
  const moovRef = boxes.find((b) => b.type === 'moov') ?? (() => {
    const last = boxes[boxes.length - 1];
    return last && last.offset + last.size < total ? { type: 'moov?', offset: last.offset + last.size, size: 0, headerSize: 8 } : undefined;
  })();
  if (!moovRef) throw new Error('not an MP4 whose index can be found (no moov box)');
  const pieces: Array<{ offset: number; data: Buffer }> = [{ offset: 0, data: head }];
  let moov: Buffer;
  if (moovRef.type === 'moov' && moovRef.offset + moovRef.size <= head.length) {
    moov = head.subarray(moovRef.offset, moovRef.offset + moovRef.size);
  } else {
    // After the media data (index at the end), or at the start but longer than the head.
    const start = moovRef.type === 'moov' ? moovRef.offset : moovRef.offset;
    const end = moovRef.type === 'moov' ? moovRef.offset + moovRef.size : Math.min(total, start + MAX_INDEX_BYTES);
    if (moovRef.type === 'moov' && moovRef.size > MAX_INDEX_BYTES) throw new Error('the index is larger than 4 MB');
    const res = await budget.get(mediaUrl, MEDIA_TYPES, [start, end - 1], MAX_INDEX_BYTES);
    if (res.status !== 206) throw new Error(`the media answered HTTP ${res.status} to a range request`);
    const found = topLevelBoxes(res.body, total, start).find((b) => b.type === 'moov');
    if (!found || found.offset - start + found.size > res.body.length) throw new Error('no index (moov) where the file says it is');
    moov = res.body.subarray(found.offset - start, found.offset - start + found.size);
    pieces.push({ offset: found.offset, data: moov });
  }
  const index = parseMoov(moov);
  if (!index || index.keyframes.length === 0) throw new Error('the index has no video track this sampler reads');
  const wanted = spreadKeyframes(index, budget.limits.framesPerCandidate);
  const fetched: Keyframe[] = [];
  for (let i = 0; i < wanted.length; i++) {
    const k = wanted[i];
    // An even share of what is left for each keyframe still to come; a keyframe larger than that is passed over.
    const share = Math.floor(budget.left / (wanted.length - i));
    if (k.size > share || k.offset + k.size > total) continue;
    const res = await budget.get(mediaUrl, MEDIA_TYPES, [k.offset, k.offset + k.size - 1], share);
    if (res.status !== 206 || res.body.length !== k.size) continue;
    pieces.push({ offset: k.offset, data: res.body });
    fetched.push(k);
  }
  return withTempDir(async (dir) => {
    const file = path.join(dir, 'sparse.mp4');
    const fh = await open(file, 'w');
    try {
      await fh.truncate(total);
      for (const p of pieces) await fh.write(p.data, 0, p.data.length, p.offset);
    } finally {
      await fh.close();
    }
    const frames: SampledFrame[] = [];
    for (const k of fetched) {
      const png = await keyframeAt(file, k.seconds).catch(() => undefined);
      if (png && png.length > 0) frames.push({ seconds: k.seconds, png });
    }
    return { frames, durationSeconds: index.durationSeconds };
  });
}

/**
 * The keyframe at `seconds` of a sparse file, as PNG: ffmpeg seeks to it without decoding what precedes it
 * (`-noaccurate_seek`), decodes keyframes only (`-skip_frame nokey`: the zeros between fetched samples are never
 * decoded) and stops after one frame.
 */
function keyframeAt(file: string, seconds: number): Promise<Buffer> {
  const args = ['-v', 'error', '-nostdin', '-skip_frame', 'nokey', '-noaccurate_seek', '-ss', (seconds + 0.001).toFixed(3), '-i', file, '-frames:v', '1', '-max_error_rate', '1', '-vf', `scale='min(${FRAME_SIDE},iw)':-2`, '-f', 'image2pipe', '-c:v', 'png', 'pipe:1'];
  return new Promise((resolve, reject) => {
    const child = spawn(live.ffmpegPath(), args, { stdio: ['ignore', 'pipe', 'ignore'] });
    const out: Buffer[] = [];
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      // The zeros around the fetched keyframe are reported as decoding errors; the frame itself is what counts.
      const png = Buffer.concat(out);
      if (png.subarray(1, 4).toString('latin1') === 'PNG') resolve(png);
      else reject(new Error(`ffmpeg decoded no frame (${code})`));
    });
  });
}

async function withTempDir<T>(use: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), 'vigil-sample-'));
  try {
    return await use(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
