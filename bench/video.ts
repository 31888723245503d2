/**
 * The video benchmark (issue 13):
 *   npm run bench:video -- --images DIR [--seed N] [--clips 6] [--seconds 16] [--out FILE] [--cache DIR] [--concurrency 2]
 *                          [--product [--max-bytes N]]
 * Builds clips from the photos with ffmpeg (slideshows and pans, at 15 to 30 frames a second, 640x360, 16 s),
 * applies seeded edits to each (low-bitrate re-encode, 360p, crop 10%, mirror, letterbox, 1.25x speed, a 10 s
 * excerpt, a watermark, picture-in-picture at half size anywhere over another clip) and asks whether each
 * edited clip matches its source among all reference clips; unrelated clips (other photos, edited the same
 * ways) must not match any. Methods:
 *   vigil       the product's matcher: reference clips hashed with `hashVideoReference` (one frame a second,
 *               each with its reference variants), the edited clip with `hashVideoFrames` (each frame as a
 *               candidate, plus its picture-in-picture inset when one persists) and decided by
 *               `matchVideoCopy` (frame agreement, see video-copy.ts).
 *   frame-hash  the vPDQ baseline: one PDQ hash per frame (one a second) on both sides; the clip matches when
 *               at least 80% of its frames have a reference frame within 31 bits.
 * `--product` (issue 24) measures the product path instead (`--max-bytes N` lowers the per-candidate budget so
 * copies larger than it take the ranged keyframe path; recall and bytes are reported per path in `byPath`): the sandbox web plants the nine edits of every
 * reference and unrelated clip on its tube and file-host pages (player markup, og:video, range requests), and
 * each page goes through Triage's video examination (`isVideoCandidate`, `examineVideo`: the safe fetcher, range
 * requests within the byte budget, ffmpeg on fetched bytes, `matchVideoCopy`) against the reference clips
 * hashed as the Fingerprint task hashes them. Report: `mode: "product"`, `methods.vigil` with `macroRecall`,
 * `perEdit`, `queryFpr`, `falsePositiveClips`, `maxBytesPerCandidate` and seconds per candidate.
 * Report: bench/out/video.json, `{methods: {NAME: {macroRecall, perEdit, queryFpr, frameFpr}}, clipsMatched}`
 * (every clip's decision and frame distances). Clips, reference hashes and clip hashes are kept in the cache
 * folder between runs (hashes keyed by a digest of the matcher's code). Goal: macro recall >= 95%, no edit
 * below 80%.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { access, mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pMap from 'p-map';
import sharp from 'sharp';
import { hammingAt } from '../functions/matching/hamming';
import { bestMatch, hashVideoReference, HASH_WORDS, LOOSE_THRESHOLD, MIN_QUALITY, ReferenceSet, STRICT_THRESHOLD, type ImageHashes } from '../functions/matching/index';
import { sampleFrames } from '../functions/matching/video';
import { hashVideoFrames, matchVideoCopy, VIDEO_RULE } from '../functions/matching/video-copy';
import { DiskCache, packWords, sourceDigest, unpackWords } from './matching/cache';
import { listImages, sourceOf } from './matching/dataset';
import { PDQ_THRESHOLD, pdqHash } from './matching/pdq-published';
import { Rng } from './matching/rng';
import { OUT_DIR, writeReport } from './support/output';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import { createSandbox } from '../local/sandbox';
import { VIDEO_EDITS as SANDBOX_EDITS } from '../local/sandbox/ffmpeg';
import { videoSamplingConfig } from '../functions/lib/config';
import { examineVideo, isVideoCandidate, makeReferenceFrames } from '../functions/workflows/search/triage-video';
import type { Candidate } from '../functions/adapters/providers';

const log = (...parts: unknown[]) => process.stderr.write(parts.join(' ') + '\n');
/** Sources at 640x360: the matcher looks at frames of at most 512 px, and smaller clips make every edit cheaper. */
const W = 640;
const H = 360;
/** Length of the source clips (`--seconds`, default 16; longer clips make copies larger than a lowered budget). */
let SECONDS = 16;
const X264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '23', '-pix_fmt', 'yuv420p', '-an', '-threads', '1'];
/** vPDQ: share of the query's frames that must match. */
const VPDQ_SHARE = 0.8;

function ffmpeg(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('ffmpeg', ['-v', 'error', '-nostdin', '-y', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    const err: Buffer[] = [];
    child.stderr.on('data', (c: Buffer) => err.push(c));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg failed (${code}): ${Buffer.concat(err).toString().slice(-400)}`))));
  });
}

const exists = (f: string) => access(f).then(() => true, () => false);

/** Makes `file` once (into a temporary name, then renamed), keyed by the caller. */
async function once(file: string, make: (tmp: string) => Promise<void>): Promise<string> {
  if (await exists(file)) return file;
  await mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp${path.extname(file)}`;
  await make(tmp);
  await rename(tmp, file);
  return file;
}

interface Clip {
  id: string;
  file: string;
  kind: 'slideshow' | 'pan';
  fps: number;
}

/** A source clip: a slideshow of three photos (16/3 s each) or a pan across one, at `fps`. */
async function sourceClip(dir: string, id: string, photos: string[], kind: Clip['kind'], fps: number): Promise<Clip> {
  const stills = await Promise.all(
    photos.map((p) =>
      once(path.join(dir, 'stills', `${createHash('sha1').update(`${p}|${W}x${H}`).digest('hex').slice(0, 16)}.jpg`), (tmp) =>
        sharp(p).rotate().resize(1.6 * W, 1.6 * H, { fit: 'cover' }).jpeg({ quality: 92 }).toFile(tmp).then(() => undefined),
      ),
    ),
  );
  const key = createHash('sha1').update(JSON.stringify({ stills, kind, fps, W, H, SECONDS })).digest('hex').slice(0, 16);
  const file = await once(path.join(dir, 'clips', `${key}.mp4`), async (tmp) => {
    if (kind === 'slideshow') {
      const each = SECONDS / stills.length;
      const inputs = stills.flatMap((s) => ['-loop', '1', '-t', String(each), '-i', s]);
      const scaled = stills.map((_, i) => `[${i}:v]scale=${W}:${H},setsar=1,fps=${fps}[v${i}]`).join(';');
      const filter = `${scaled};${stills.map((_, i) => `[v${i}]`).join('')}concat=n=${stills.length}:v=1:a=0[out]`;
      await ffmpeg([...inputs, '-filter_complex', filter, '-map', '[out]', '-r', String(fps), ...X264, tmp]);
    } else {
      const pan = `crop=${W}:${H}:x='(in_w-out_w)*t/${SECONDS}':y='(in_h-out_h)*(1-t/${SECONDS})',fps=${fps},setsar=1`;
      await ffmpeg(['-loop', '1', '-t', String(SECONDS), '-i', stills[0], '-vf', pan, '-r', String(fps), ...X264, tmp]);
    }
  });
  return { id, file, kind, fps };
}

type EditFn = (src: Clip, rng: Rng, ctx: { background: Clip; watermark: string }) => string[];

/** ffmpeg arguments (after `-i SRC`) of each seeded edit. */
const EDITS: Record<string, EditFn> = {
  'reencode-low': () => ['-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '150k', '-pix_fmt', 'yuv420p', '-an', '-threads', '1'],
  'scale-360p': () => ['-vf', 'scale=-2:360', ...X264],
  'crop-10': (_, rng) => ['-vf', `crop=iw*0.9:ih*0.9:iw*0.1*${rng.next().toFixed(3)}:ih*0.1*${rng.next().toFixed(3)}`, ...X264],
  mirror: () => ['-vf', 'hflip', ...X264],
  // The picture at 3/4 size in a 4:3 frame with black bars above and below.
  letterbox: () => ['-vf', `scale=${(W * 3) / 4}:${(H * 3) / 4},pad=${(W * 3) / 4}:${(W * 9) / 16}:0:${((W * 9) / 16 - (H * 3) / 4) / 2}:black,setsar=1`, ...X264],
  'speed-1.25': () => ['-vf', 'setpts=PTS/1.25', ...X264],
  'excerpt-10s': (_, rng) => ['-ss', rng.range(0, SECONDS - 10).toFixed(2), '-t', '10', ...X264],
  watermark: (_, __, ctx) => ['-i', ctx.watermark, '-filter_complex', `[0:v][1:v]overlay=${Math.round((20 * W) / 854)}:H-h-${Math.round((20 * W) / 854)}`, ...X264],
  'pip-half': (_, rng, ctx) => [
    '-i',
    ctx.background.file,
    '-filter_complex',
    // Anywhere in the frame: in a corner, along an edge or in the middle.
    `[0:v]scale=iw/2:ih/2[fg];[1:v][fg]overlay=${rng.int(0, W / 2)}:${rng.int(0, H / 2)}:shortest=1`,
    ...X264,
  ],
};
const VIDEO_EDITS = Object.keys(EDITS);

async function editedClip(dir: string, src: Clip, edit: string, seed: number, ctx: { background: Clip; watermark: string }): Promise<string> {
  const args = EDITS[edit](src, new Rng(seed).fork(`${src.id}|${edit}`), ctx);
  const key = createHash('sha1').update(JSON.stringify([src.file, edit, args])).digest('hex').slice(0, 16);
  return once(path.join(dir, 'edited', `${key}.mp4`), async (tmp) => {
    // `-ss` before `-i` seeks the input (an excerpt); the rest are output options.
    const seek = args[0] === '-ss' ? args.splice(0, 2) : [];
    await ffmpeg([...seek, '-i', src.file, ...args, tmp]);
  });
}

/** A semi-transparent text watermark across half the frame's width in its lower strip (420x60 on an 854 px frame). */
async function watermarkPng(dir: string): Promise<string> {
  const k = W / 854;
  return once(path.join(dir, `watermark-${W}.png`), async (tmp) => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${Math.round(420 * k)}" height="${Math.round(60 * k)}"><rect width="100%" height="100%" rx="${8 * k}" fill="#000" fill-opacity="0.45"/><text x="${20 * k}" y="${42 * k}" font-family="DejaVu Sans" font-weight="bold" font-size="${32 * k}" fill="#fff" fill-opacity="0.85">@leaked_clips_hub</text></svg>`;
    await sharp(Buffer.from(svg)).png().toFile(tmp);
  });
}

/** The files that decide the hashes of a reference clip, and of a clip's frames (with the inset): cached hashes of other code are not reused. */
const REFERENCE_FILES = ['dct.ts', 'dimensions.ts', 'hash-image.ts', 'luma.ts', 'resample.ts', 'trim.ts', 'video.ts'];
const QUERY_FILES = [...REFERENCE_FILES, 'inset.ts', 'overlay.ts', 'video-copy.ts'];

/**
 * A clip's frames hashed both ways: vigil's candidate hashes per frame (frame, inset, overlays painted out),
 * one PDQ hash per frame.
 */
interface QueryFrames {
  vigil: ImageHashes[];
  inset?: { x: number; y: number; w: number; h: number };
  overlays: { x: number; y: number; w: number; h: number }[];
  pdq: Uint32Array[];
}

async function queryFrames(cache: DiskCache, digest: string, file: string): Promise<QueryFrames> {
  type Packed = { vigil: { hashes: string; quality: number }[]; inset?: QueryFrames['inset']; overlays: QueryFrames['overlays']; pdq: string[] };
  // `overlays` in the key: entries written before the packed format held the overlays are never read.
  const packed = await cache.json<Packed>('video-query', `${digest}|overlays|${path.basename(file)}`, async () => {
    const { pngs } = await sampleFrames(file, { fps: 1, maxFrames: 120 });
    const v = await hashVideoFrames(pngs);
    const pdq: string[] = [];
    for (const png of pngs) pdq.push(packWords((await pdqHash(png)).hash));
    return { vigil: v.frames.map((f) => ({ hashes: packWords(f.hashes), quality: f.quality })), inset: v.inset, overlays: v.overlays, pdq };
  });
  return {
    vigil: packed.vigil.map((f) => ({ hashes: unpackWords(f.hashes), quality: f.quality })),
    inset: packed.inset,
    overlays: packed.overlays,
    pdq: packed.pdq.map(unpackWords),
  };
}

function minDistance(a: Uint32Array, b: Uint32Array): number {
  let best = 257;
  for (let i = 0; i < a.length; i += HASH_WORDS) for (let j = 0; j < b.length; j += HASH_WORDS) best = Math.min(best, hammingAt(a, i, b, j));
  return best;
}

/** vPDQ's rule: the reference at least `share` of the clip's frames have a frame of within `threshold`. */
function decidePdq(frames: Uint32Array[], refs: Uint32Array[][], threshold: number, share: number): number {
  let best = { ref: -1, matched: 0 };
  refs.forEach((ref, r) => {
    const matched = frames.filter((f) => ref.some((h) => minDistance(f, h) <= threshold)).length;
    if (matched > best.matched) best = { ref: r, matched };
  });
  return frames.length > 0 && best.matched >= share * frames.length ? best.ref : -1;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      images: { type: 'string' },
      seed: { type: 'string', default: '1' },
      clips: { type: 'string', default: '6' },
      out: { type: 'string', default: path.join(OUT_DIR, 'video.json') },
      cache: { type: 'string' },
      concurrency: { type: 'string', default: '2' },
      product: { type: 'boolean', default: false },
      'max-bytes': { type: 'string' },
      seconds: { type: 'string', default: '16' },
    },
  });
  if (!values.images) throw new Error('usage: npm run bench:video -- --images DIR [--seed N] [--clips N] [--out FILE]');
  const seed = Number(values.seed);
  SECONDS = Number(values.seconds);
  const n = Number(values.clips);
  const concurrency = Number(values.concurrency);
  const cache = new DiskCache(values.cache ?? DiskCache.defaultDir());
  const dir = path.join(cache.dir, 'video');
  const matching = path.resolve(__dirname, '..', 'functions', 'matching');
  const refDigest = await sourceDigest(matching, [...REFERENCE_FILES]);
  const digest = await sourceDigest(matching, [...QUERY_FILES]);
  const rng = new Rng(seed);

  // One photo per source (frames of one video count once), shuffled by seed; 3 per clip.
  const files = await listImages(values.images);
  const sources = [...new Map(files.map((f) => [sourceOf(f), f])).values()];
  rng.fork('photos').shuffle(sources);
  const needed = 3 * (2 * n + 1);
  if (sources.length < needed) throw new Error(`${needed} photos needed for ${n} reference and ${n} unrelated clips, ${sources.length} found`);
  const clipRng = rng.fork('clips');
  const make = (i: number, role: string) => {
    const kind = i % 2 === 0 ? 'slideshow' : 'pan';
    const fps = clipRng.pick([15, 24, 25, 30]);
    return sourceClip(dir, `${role}-${i}`, sources.slice(3 * i, 3 * i + 3), kind, fps);
  };
  log(`building ${2 * n + 1} source clips (${W}x${H}, ${SECONDS} s)...`);
  const all = await pMap(Array.from({ length: 2 * n + 1 }, (_, i) => i), (i) => make(i, i < n ? 'ref' : i < 2 * n ? 'unrelated' : 'background'), { concurrency });
  const references = all.slice(0, n);
  const unrelated = all.slice(n, 2 * n);
  const ctx = { background: all[2 * n], watermark: await watermarkPng(dir) };
  if (values.product) {
    const out = values.out === path.join(OUT_DIR, 'video.json') ? path.join(OUT_DIR, 'video-product.json') : values.out!;
    const maxBytes = values['max-bytes'] ? Number(values['max-bytes']) : undefined;
    return productMain({ seed, n, references, unrelated, out, concurrency, images: values.images, maxBytes });
  }

  log(`hashing ${n} reference clips...`);
  const refVigil = await pMap(
    references,
    async (c) => {
      const stored = await cache.json('video-ref', `${refDigest}|quality|${path.basename(c.file)}`, async () => {
        const r = await hashVideoReference(c.file);
        return { hashes: packWords(r.hashes), quality: r.quality };
      });
      return { hashes: unpackWords(stored.hashes), quality: stored.quality };
    },
    { concurrency },
  );
  const set = ReferenceSet.from(refVigil.map((r, i) => ({ id: String(i), ...r })));
  const refPdq = await pMap(
    references,
    async (c) => (await cache.json('video-ref-pdq', path.basename(c.file), async () => pMap((await sampleFrames(c.file, { fps: 1 })).pngs, async (p) => packWords((await pdqHash(p)).hash), { concurrency: 1 }))).map(unpackWords),
    { concurrency },
  );

  const edits = ['none', ...VIDEO_EDITS];
  type Outcome = {
    edit: string;
    file: string;
    role: 'reference' | 'unrelated';
    source: number;
    vigil: number;
    pdq: number;
    frames: number;
    /** vigil's decision in detail, and the distance of each frame's closest reference (257: too flat). */
    detail?: { referenceId: string; strictFrames: number; looseFrames: number; informativeFrames: number; distance: number };
    frameDistances: number[];
    inset?: QueryFrames['inset'];
    overlays: QueryFrames['overlays'];
    pdqFramesFp: number;
  };
  const jobs = [...references.map((c, i) => ({ c, i, role: 'reference' as const })), ...unrelated.map((c, i) => ({ c, i, role: 'unrelated' as const }))].flatMap((j) => edits.map((edit) => ({ ...j, edit })));
  log(`editing and matching ${jobs.length} clips...`);
  let done = 0;
  const started = Date.now();
  const outcomes: Outcome[] = await pMap(
    jobs,
    async ({ c, i, role, edit }) => {
      const file = edit === 'none' ? c.file : await editedClip(dir, c, edit, seed, ctx);
      const q = await queryFrames(cache, digest, file);
      const m = matchVideoCopy(q.vigil, set);
      const p = decidePdq(q.pdq, refPdq, PDQ_THRESHOLD, VPDQ_SHARE);
      const frameDistances = q.vigil.map((f) => (f.hashes.length > 0 ? (bestMatch(f, set)?.distance ?? 257) : 257));
      // Frame-level false positives of the baseline: frames of unrelated clips within its threshold of any reference frame.
      const pdqFramesFp = role === 'unrelated' ? q.pdq.filter((f) => refPdq.some((r) => r.some((h) => minDistance(f, h) <= PDQ_THRESHOLD))).length : 0;
      if (++done % 10 === 0) log(`  ${done}/${jobs.length} clips, ${((Date.now() - started) / 1000).toFixed(0)} s`);
      const { isMatch: _, ...detail } = m ?? { isMatch: false };
      return { edit, role, source: i, file: path.basename(file), vigil: m?.isMatch ? Number(m.referenceId) : -1, pdq: p, frames: q.vigil.length, detail: m ? (detail as Outcome['detail']) : undefined, frameDistances, inset: q.inset, overlays: q.overlays, pdqFramesFp };
    },
    { concurrency },
  );

  const method = (name: 'vigil' | 'pdq') => {
    const perEdit: Record<string, number> = {};
    for (const e of edits) {
      const qs = outcomes.filter((o) => o.role === 'reference' && o.edit === e);
      perEdit[e] = qs.filter((o) => o[name] === o.source).length / qs.length;
    }
    const scored = VIDEO_EDITS.map((e) => perEdit[e]);
    const negatives = outcomes.filter((o) => o.role === 'unrelated');
    const falsePositives = negatives.filter((o) => o[name] >= 0).length;
    const frames = negatives.reduce((s, o) => s + o.frames, 0);
    const strictFrames = (o: Outcome) => o.frameDistances.filter((d) => d <= STRICT_THRESHOLD).length;
    const frameFp = negatives.reduce((s, o) => s + (name === 'vigil' ? strictFrames(o) : o.pdqFramesFp), 0);
    return {
      macroRecall: scored.reduce((a, b) => a + b, 0) / scored.length,
      minEditRecall: Math.min(...scored),
      perEdit,
      queryFpr: falsePositives / negatives.length,
      falsePositives,
      unrelatedClips: negatives.length,
      frameFpr: frameFp / frames,
      unrelatedFrames: frames,
      ...(name === 'vigil'
        ? {
            // How close unrelated frames came: frames within the loose threshold, and the nearest distance.
            unrelatedFramesWithinLoose: negatives.reduce((s, o) => s + o.frameDistances.filter((d) => d <= LOOSE_THRESHOLD).length, 0),
            nearestUnrelatedFrame: Math.min(...negatives.flatMap((o) => o.frameDistances)),
            unrelatedClipsWithInset: negatives.filter((o) => o.inset).length,
            unrelatedClipsWithOverlay: negatives.filter((o) => o.overlays.length > 0).length,
            // Which edits the static overlays were found in (reference and unrelated clips): the watermark's, ideally only.
            clipsWithOverlayByEdit: Object.fromEntries(edits.map((e) => [e, outcomes.filter((o) => o.edit === e && o.overlays.length > 0).length])),
          }
        : {}),
    };
  };
  const report = {
    seed,
    images: values.images,
    clips: { references: n, unrelated: n, seconds: SECONDS, size: `${W}x${H}`, sources: all.map((c) => ({ id: c.id, kind: c.kind, fps: c.fps, file: path.basename(c.file) })) },
    edits: VIDEO_EDITS,
    rules: { vigil: { strictThreshold: STRICT_THRESHOLD, looseThreshold: LOOSE_THRESHOLD, ...VIDEO_RULE }, 'frame-hash': { frameThreshold: PDQ_THRESHOLD, minFrameShare: VPDQ_SHARE } },
    methods: { vigil: method('vigil'), 'frame-hash': method('pdq') },
    clipsMatched: outcomes.map(({ pdqFramesFp: _, ...o }) => o),
  };
  const pct = (v: number) => `${(100 * v).toFixed(1)}%`.padStart(8);
  const lines = [`${'edit'.padEnd(14)}${'vigil'.padStart(10)}${'frame-hash'.padStart(12)}`];
  for (const e of edits) lines.push(`${e.padEnd(14)}${pct(report.methods.vigil.perEdit[e]).padStart(10)}${pct(report.methods['frame-hash'].perEdit[e]).padStart(12)}`);
  lines.push(`${'macro recall'.padEnd(14)}${pct(report.methods.vigil.macroRecall).padStart(10)}${pct(report.methods['frame-hash'].macroRecall).padStart(12)}`);
  lines.push(`${'lowest edit'.padEnd(14)}${pct(report.methods.vigil.minEditRecall).padStart(10)}${pct(report.methods['frame-hash'].minEditRecall).padStart(12)}`);
  for (const m of ['vigil', 'frame-hash'] as const) {
    const r = report.methods[m];
    lines.push(`${m}: ${r.falsePositives}/${r.unrelatedClips} unrelated clips matched (query FPR ${r.queryFpr.toFixed(3)}); ${r.frameFpr.toExponential(1)} of ${r.unrelatedFrames} unrelated frames`);
  }
  const vr = report.methods.vigil;
  lines.push(`vigil: unrelated frames within ${LOOSE_THRESHOLD}: ${vr.unrelatedFramesWithinLoose}; nearest unrelated frame at ${vr.nearestUnrelatedFrame}; unrelated clips with an inset: ${vr.unrelatedClipsWithInset}, with an overlay: ${vr.unrelatedClipsWithOverlay}`);
  const overlaid = Object.entries(vr.clipsWithOverlayByEdit ?? {}).filter(([, n]) => n > 0);
  lines.push(`vigil: clips with a static overlay painted out, by edit (of ${2 * n} each): ${overlaid.map(([e, k]) => `${e} ${k}`).join(', ') || 'none'}`);
  const v = report.methods.vigil;
  lines.push('', `${v.macroRecall >= 0.95 ? 'MET' : 'MISSED'}: macro recall ${pct(v.macroRecall).trim()} (goal >= 95%)`, `${v.minEditRecall >= 0.8 ? 'MET' : 'MISSED'}: lowest edit ${pct(v.minEditRecall).trim()} (goal >= 80%)`);
  console.log(lines.join('\n'));
  log(`wrote ${await writeReport(values.out!, report)}`);
  await writeFile(path.join(dir, 'last-run.txt'), lines.join('\n') + '\n');
}

/**
 * The product path (`--product`): the sandbox web plants the nine edits of every clip behind its tube and
 * file-host pages, and Triage's video examination samples each page through the safe fetcher.
 */
async function productMain(input: { seed: number; n: number; references: Clip[]; unrelated: Clip[]; out: string; concurrency: number; images: string; maxBytes?: number }): Promise<void> {
  const { references, unrelated } = input;
  // `--max-bytes N` lowers the per-candidate budget (as VIDEO_SAMPLE_MAX_BYTES does) below the copies' sizes, so
  // they take the ranged keyframe path (index, then the keyframes nearest the spread times) instead of a whole read.
  const limits = { ...videoSamplingConfig(), ...(input.maxBytes ? { maxBytesPerCandidate: input.maxBytes } : {}) };
  // The bench's own clips are served under /files as an object store's presigned URLs (the only other place
  // the sandbox downloads references from); the sandbox is mounted at /sandbox.
  const files = new Map<string, string>();
  const holder: { sandbox?: ReturnType<typeof createSandbox> } = {};
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname.startsWith('/files/')) {
      const file = files.get(url.pathname.slice(7));
      if (!file) return void res.writeHead(404).end();
      readFile(file).then((b) => res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': String(b.length) }).end(b), () => res.writeHead(500).end());
      return;
    }
    holder.sandbox!(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const sandboxOrigin = `${base}/sandbox`;
  holder.sandbox = createSandbox({ origin: sandboxOrigin, objectStoreOrigins: () => [`${base}/files`] });
  try {
    log(`planting ${references.length + unrelated.length} clips on the sandbox web...`);
    const planted: Array<{ clip: Clip; role: 'reference' | 'unrelated'; source: number; ref: string }> = [];
    for (const [role, clips] of [['reference', references], ['unrelated', unrelated]] as const) {
      for (const [i, clip] of clips.entries()) {
        const name = `${role}-${i}.mp4`;
        files.set(name, clip.file);
        const p = await holder.sandbox.plant(`${base}/files/${name}?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=bench&X-Amz-Signature=bench`);
        if (!p.ok) throw new Error(`planting ${name} failed: ${p.reason}`);
        planted.push({ clip, role, source: i, ref: p.ref });
      }
    }
    const pages = planted.flatMap((p) =>
      SANDBOX_EDITS.map((edit, k) => {
        const domain = k % 2 === 0 ? 'tubeclips.example' : 'filedrop.example';
        const url = `${sandboxOrigin}/sites/${domain}${domain === 'tubeclips.example' ? '/watch' : '/v'}/p-${p.ref}-${edit}`;
        return { ...p, edit, domain, url, media: `${sandboxOrigin}/sites/${domain}/media/p-${p.ref}-${edit}.mp4` };
      }),
    );
    // The sandbox transcodes each copy once, on first request; that is the simulated host's work, not sampling's.
    log(`rendering ${pages.length} edited copies in the sandbox...`);
    await pMap(pages, async (pg) => void (await fetch(pg.media, { headers: { range: 'bytes=0-0' } })).arrayBuffer(), { concurrency: input.concurrency });

    log(`hashing ${references.length} reference clips as the Fingerprint task does...`);
    const refHashes = await pMap(references, (c) => hashVideoReference(c.file), { concurrency: input.concurrency });
    const set = ReferenceSet.from(refHashes.map((r, i) => ({ id: String(i), hashes: r.hashes, quality: r.quality })));
    // Recall is over the clips that can be fingerprinted (the Fingerprint task skips the others, naming them).
    const fingerprintable = refHashes.map((r) => r.hashes.length > 0 && r.quality >= MIN_QUALITY);
    const referenceFrames = makeReferenceFrames([]);

    log(`examining ${pages.length} candidate pages through Triage's video path...`);
    let done = 0;
    const outcomes = await pMap(
      pages,
      async (pg) => {
        const candidate: Candidate = { url: pg.url, title: '', domain: pg.domain, engine: 'google', kind: 'reverse_image', provider: 'serpapi', sandbox: true, seenAt: new Date().toISOString() };
        const sampledAsVideo = isVideoCandidate(candidate, 'images');
        const started = Date.now();
        const x = sampledAsVideo ? await examineVideo(candidate, set, referenceFrames, { userId: 'bench', searchId: 'bench' }, { limits, sandboxOrigin, storeEvidence: false }) : undefined;
        if (++done % 10 === 0) log(`  ${done}/${pages.length}`);
        return {
          role: pg.role,
          source: pg.source,
          edit: pg.edit,
          url: pg.url.slice(sandboxOrigin.length),
          sampled: !!x,
          matched: x?.matched ? Number(x.referenceId) : -1,
          distance: x?.distance,
          bytes: x?.fetched.bytes ?? 0,
          requests: x?.fetched.requests ?? 0,
          frames: x?.fetched.frames ?? 0,
          mode: x?.fetched.mode,
          fetchSeconds: (x?.fetched.elapsedMs ?? 0) / 1000,
          seconds: (Date.now() - started) / 1000,
        };
      },
      { concurrency: input.concurrency },
    );
    const perEdit: Record<string, number> = {};
    for (const e of SANDBOX_EDITS) {
      const qs = outcomes.filter((o) => o.role === 'reference' && o.edit === e && fingerprintable[o.source]);
      perEdit[e] = qs.filter((o) => o.matched === o.source).length / qs.length;
    }
    const scored = SANDBOX_EDITS.map((e) => perEdit[e]);
    const negatives = outcomes.filter((o) => o.role === 'unrelated');
    const falsePositiveClips = negatives.filter((o) => o.matched >= 0).length;
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    const vigil = {
      macroRecall: sum(scored) / scored.length,
      minEditRecall: Math.min(...scored),
      perEdit,
      queryFpr: falsePositiveClips / negatives.length,
      falsePositives: falsePositiveClips,
      falsePositiveClips,
      unrelatedClips: negatives.length,
      notSampled: outcomes.filter((o) => !o.sampled).length,
      unfingerprintableClips: fingerprintable.filter((f) => !f).length,
      maxBytesPerCandidate: Math.max(...outcomes.map((o) => o.bytes)),
      meanBytesPerCandidate: Math.round(sum(outcomes.map((o) => o.bytes)) / outcomes.length),
      maxFetchSecondsPerCandidate: Math.max(...outcomes.map((o) => o.fetchSeconds)),
      meanSecondsPerCandidate: sum(outcomes.map((o) => o.seconds)) / outcomes.length,
      maxSecondsPerCandidate: Math.max(...outcomes.map((o) => o.seconds)),
      meanFramesPerCandidate: sum(outcomes.map((o) => o.frames)) / outcomes.length,
    };
    // Recall and bytes per sampling path: `whole` (the clip fitted the budget and was read whole, by ranges) and
    // `ranges` (larger than the budget: the container's index, then only keyframes).
    const byPath = Object.fromEntries(
      (['whole', 'ranges'] as const).map((mode) => {
        const xs = outcomes.filter((o) => o.mode === mode);
        const positives = xs.filter((o) => o.role === 'reference' && fingerprintable[o.source]);
        const perEditOnPath: Record<string, number | null> = {};
        for (const e of SANDBOX_EDITS) {
          const qs = positives.filter((o) => o.edit === e);
          perEditOnPath[e] = qs.length ? qs.filter((o) => o.matched === o.source).length / qs.length : null;
        }
        return [
          mode,
          {
            candidates: xs.length,
            positives: positives.length,
            recall: positives.length ? positives.filter((o) => o.matched === o.source).length / positives.length : null,
            perEdit: perEditOnPath,
            falsePositiveClips: xs.filter((o) => o.role === 'unrelated' && o.matched >= 0).length,
            maxBytes: xs.length ? Math.max(...xs.map((o) => o.bytes)) : 0,
            meanBytes: xs.length ? Math.round(sum(xs.map((o) => o.bytes)) / xs.length) : 0,
            meanFrames: xs.length ? sum(xs.map((o) => o.frames)) / xs.length : 0,
            meanSeconds: xs.length ? sum(xs.map((o) => o.seconds)) / xs.length : 0,
          },
        ];
      }),
    );
    Object.assign(vigil, { byPath });
    const report = {
      mode: 'product',
      seed: input.seed,
      images: input.images,
      clips: { references: references.length, unrelated: unrelated.length, seconds: SECONDS, size: `${W}x${H}` },
      edits: [...SANDBOX_EDITS],
      limits,
      rules: { vigil: { strictThreshold: STRICT_THRESHOLD, looseThreshold: LOOSE_THRESHOLD, ...VIDEO_RULE } },
      methods: { vigil },
      candidates: outcomes,
    };
    const pct = (v: number) => `${(100 * v).toFixed(1)}%`;
    const lines = [`${'edit'.padEnd(14)}${'vigil (product)'.padStart(16)}`];
    for (const e of SANDBOX_EDITS) lines.push(`${e.padEnd(14)}${pct(perEdit[e]).padStart(16)}`);
    lines.push(`${'macro recall'.padEnd(14)}${pct(vigil.macroRecall).padStart(16)}`, `${'lowest edit'.padEnd(14)}${pct(vigil.minEditRecall).padStart(16)}`);
    lines.push(`unrelated clips matched: ${falsePositiveClips}/${negatives.length}; not sampled: ${vigil.notSampled}`);
    lines.push(`bytes per candidate: max ${(vigil.maxBytesPerCandidate / 1048576).toFixed(2)} MB, mean ${(vigil.meanBytesPerCandidate / 1048576).toFixed(2)} MB; seconds per candidate: mean ${vigil.meanSecondsPerCandidate.toFixed(2)}, max ${vigil.maxSecondsPerCandidate.toFixed(2)} (fetching at most ${vigil.maxFetchSecondsPerCandidate.toFixed(2)})`);
    for (const [mode, b] of Object.entries(byPath)) {
      const edits = SANDBOX_EDITS.map((e) => `${e} ${b.perEdit[e] === null ? '-' : pct(b.perEdit[e]!)}`).join(', ');
      lines.push(`${mode} path: ${b.candidates} candidates, recall ${b.recall === null ? '-' : pct(b.recall)} of ${b.positives} (${edits}); ${b.falsePositiveClips} false positives; bytes max ${(b.maxBytes / 1048576).toFixed(2)} MB, mean ${(b.meanBytes / 1048576).toFixed(2)} MB; ${b.meanFrames.toFixed(1)} frames`);
    }
    lines.push(
      '',
      `${vigil.macroRecall >= 0.95 ? 'MET' : 'MISSED'}: macro recall ${pct(vigil.macroRecall)} (goal >= 95%)`,
      `${vigil.minEditRecall >= 0.85 ? 'MET' : 'MISSED'}: lowest edit ${pct(vigil.minEditRecall)} (goal >= 85%)`,
      `${falsePositiveClips === 0 ? 'MET' : 'MISSED'}: ${falsePositiveClips} false positives on unrelated clips (goal 0)`,
      `${vigil.maxBytesPerCandidate <= 8 * 1024 * 1024 ? 'MET' : 'MISSED'}: at most ${(vigil.maxBytesPerCandidate / 1048576).toFixed(2)} MB per candidate (goal <= 8 MB)`,
    );
    console.log(lines.join('\n'));
    log(`wrote ${await writeReport(input.out, report)}`);
  } finally {
    holder.sandbox.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
