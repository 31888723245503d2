import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { DiskCache } from './cache';
import type { Original } from './edits';
import type { Rng } from './rng';

const IMAGE = /\.(jpe?g|png|webp|tiff?|gif|avif|svg)$/i;
/** Tiles of large images are cut at this size (docs/reference/matching.md). */
export const TILE = 1024;
/**
 * At most this many tiles of one file are used (evenly spread over its grid): a 5120 px wallpaper would
 * otherwise give 15 originals of one scene and dominate the set, and the run's CPU time.
 */
const MAX_TILES_PER_FILE = 4;
/** Files smaller than this on a side are icons or test patterns, not photos. */
const MIN_SIDE = 96;

/** Every image file under `dir`, recursively, sorted (so the seed alone fixes the split). */
export async function listImages(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && IMAGE.test(e.name))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

/**
 * The source a file belongs to for the reference/distractor split: frames sampled from one video (a folder
 * named `*.frames`, see bench/setup-photos.sh) are one source, so near-identical frames never sit on both
 * sides; any other file is its own source.
 */
export function sourceOf(file: string): string {
  const dir = path.dirname(file);
  return dir.endsWith('.frames') ? dir : file;
}

/**
 * An original of the benchmark before its pixels are needed: id and size, and `load()` for the lossless
 * PNG. Large files are cut into tiles once and the tiles kept in the disk cache, so later runs (and queries
 * whose hashes are cached) never decode a 5120 px wallpaper again.
 */
export interface OriginalRef {
  id: string;
  source: string;
  width: number;
  height: number;
  load(): Promise<Original>;
  /** What a worker thread needs to load the same original (tiles of files; windows have none). */
  desc?: OriginalDesc;
}

/** A tile of a file (or the whole file: one tile), as plain data a worker thread can be given. */
export interface OriginalDesc {
  id: string;
  source: string;
  file: string;
  mtime: number;
  i: number;
  j: number;
  nx: number;
  ny: number;
  /** The whole file's size. */
  width: number;
  height: number;
}

/** The original a description names, its pixels cut from the file once and kept in the disk cache. */
export function reviveOriginal(d: OriginalDesc, cache: DiskCache): OriginalRef {
  const { id, source, file, mtime, i, j, nx, ny } = d;
  const tw = Math.floor(d.width / nx);
  const th = Math.floor(d.height / ny);
  const width = nx * ny === 1 ? d.width : tw;
  const height = nx * ny === 1 ? d.height : th;
  const load = async (): Promise<Original> => {
    const png = await cache.bytes('tiles', `${file}|${mtime}|${i},${j}|${nx}x${ny}`, async () => {
      const whole = await decodeSource(file);
      return nx * ny === 1 ? whole : sharp(whole).extract({ left: i * tw, top: j * th, width: tw, height: th }).png({ compressionLevel: 1 }).toBuffer();
    });
    return { id, source, png, width, height };
  };
  return { id, source, width, height, load, desc: d };
}

/** Decoded sources, one at a time: tiles of one file are loaded one after another. */
let lastDecoded: { file: string; png: Promise<Buffer> } | undefined;
function decodeSource(file: string): Promise<Buffer> {
  if (lastDecoded?.file !== file) lastDecoded = { file, png: sharp(file).rotate().toColourspace('srgb').png({ compressionLevel: 1 }).toBuffer() };
  return lastDecoded.png;
}

/**
 * The originals of one file: the whole image, or, above 1024 px, an even grid of tiles of at most 1024 px,
 * each tile an original. Returns none for files that are too small or do not decode.
 */
export async function originalsOf(file: string, cache: DiskCache): Promise<OriginalRef[]> {
  let width: number;
  let height: number;
  try {
    const m = await sharp(file).metadata();
    width = m.autoOrient?.width ?? m.width!;
    height = m.autoOrient?.height ?? m.height!;
  } catch {
    return [];
  }
  if (!width || !height || Math.min(width, height) < MIN_SIDE) return [];
  const mtime = (await stat(file)).mtimeMs;
  const nx = Math.ceil(width / TILE);
  const ny = Math.ceil(height / TILE);
  const source = sourceOf(file);
  const name = path.relative(path.dirname(source), file);
  const refs: OriginalRef[] = [];
  const total = nx * ny;
  const kept = new Set(total <= MAX_TILES_PER_FILE ? Array.from({ length: total }, (_, k) => k) : Array.from({ length: MAX_TILES_PER_FILE }, (_, k) => Math.round((k * (total - 1)) / (MAX_TILES_PER_FILE - 1))));
  for (let j = 0; j < ny; j++) {
    for (let i = 0; i < nx; i++) {
      if (!kept.has(j * nx + i)) continue;
      refs.push(reviveOriginal({ id: nx * ny === 1 ? name : `${name}#${i},${j}`, source, file, mtime, i, j, nx, ny, width, height }, cache));
    }
  }
  return refs;
}

/** Distractor windows are capped at this size: they only need to be ordinary photos, and it keeps the run short. */
const WINDOW_SIDE = 512;

/**
 * Extra distractor originals: random windows (35-90% of each side, anywhere) of a distractor. They never
 * overlap a reference (they come from distractor files) and give the query false-positive rate the number
 * of queries a small target needs; they are correlated with their parent, so the effective resolution is
 * coarser than 1 / count. The geometry is drawn without loading pixels.
 */
export function windowsOf(o: OriginalRef, count: number, rng: Rng): OriginalRef[] {
  const out: OriginalRef[] = [];
  for (let k = 0; k < count; k++) {
    const w = Math.max(MIN_SIDE / 2, Math.round(o.width * rng.range(0.35, 0.9)));
    const h = Math.max(MIN_SIDE / 2, Math.round(o.height * rng.range(0.35, 0.9)));
    const left = rng.int(0, o.width - w);
    const top = rng.int(0, o.height - h);
    const scale = Math.min(1, WINDOW_SIDE / Math.max(w, h));
    const width = Math.max(1, Math.round(w * scale));
    const height = Math.max(1, Math.round(h * scale));
    const id = `${o.id}@${k}`;
    out.push({
      id,
      source: o.source,
      width,
      height,
      load: async () => {
        const parent = await o.load();
        let img = sharp(parent.png).extract({ left, top, width: w, height: h });
        if (scale < 1) img = img.resize(width, height, { fit: 'fill' });
        return { id, source: o.source, png: await img.png({ compressionLevel: 1 }).toBuffer(), width, height };
      },
    });
  }
  return out;
}

/** The four groups of sources: references and distractors, each in two halves (folds). */
export interface Split {
  references: [string[], string[]];
  distractors: [string[], string[]];
}

/**
 * Splits sources (never tiles or frames of one video) by seed: half references, half distractors; each half in
 * two folds. Sources for which `distractorOnly` holds (graphics: creators upload photographs, issue 29) are
 * all distractors, after the others in each fold.
 */
export function splitSources(sources: string[], rng: Rng, distractorOnly: (source: string) => boolean = () => false): Split {
  const shuffled = rng.shuffle(sources.filter((s) => !distractorOnly(s)));
  const half = Math.ceil(shuffled.length / 2);
  const folds = (list: string[]): [string[], string[]] => [list.filter((_, i) => i % 2 === 0), list.filter((_, i) => i % 2 === 1)];
  const extra = folds(sources.filter(distractorOnly));
  const distractors = folds(shuffled.slice(half));
  return { references: folds(shuffled.slice(0, half)), distractors: [[...distractors[0], ...extra[0]], [...distractors[1], ...extra[1]]] };
}

/** A query original: which fold it belongs to and whether it is a reference or a distractor. */
export interface QueryOriginal {
  original: OriginalRef;
  fold: 0 | 1;
  role: 'reference' | 'distractor';
}

/** The benchmark's originals for one seed: references by fold, distractor originals, windows per distractor. */
export interface Dataset {
  files: number;
  sources: number;
  references: [OriginalRef[], OriginalRef[]];
  distractors: [OriginalRef[], OriginalRef[]];
  windowsPerDistractor: number;
}

/**
 * Reads the photo folder, tiles large images and splits by source (`distractorOnly`: see `splitSources`).
 * `windows` extra distractor windows per distractor original; by default just enough that each fold has
 * 1 / fprTarget distractor queries.
 */
export async function loadDataset(dir: string, rng: Rng, fprTarget: number, edits: number, cache: DiskCache, windows?: number, distractorOnly?: (source: string) => boolean): Promise<Dataset> {
  const files = await listImages(dir);
  const bySource = new Map<string, OriginalRef[]>();
  for (const f of files) {
    const os = await originalsOf(f, cache);
    if (os.length) bySource.set(sourceOf(f), [...(bySource.get(sourceOf(f)) ?? []), ...os]);
  }
  const split = splitSources([...bySource.keys()], rng.fork('split'), distractorOnly);
  const of = (list: string[]) => list.flatMap((s) => bySource.get(s)!);
  const references: [OriginalRef[], OriginalRef[]] = [of(split.references[0]), of(split.references[1])];
  const distractors: [OriginalRef[], OriginalRef[]] = [of(split.distractors[0]), of(split.distractors[1])];
  const fewest = Math.min(distractors[0].length, distractors[1].length);
  const windowsPerDistractor = windows ?? Math.max(0, Math.ceil(Math.ceil(1 / fprTarget) / (fewest * edits)) - 1);
  return { files: files.length, sources: bySource.size, references, distractors, windowsPerDistractor };
}

/** Every query original in a fixed order: references of both folds, then each distractor and its windows. */
export function queryOriginals(d: Dataset, rng: Rng): QueryOriginal[] {
  const out: QueryOriginal[] = [];
  for (const fold of [0, 1] as const) for (const original of d.references[fold]) out.push({ original, fold, role: 'reference' });
  for (const fold of [0, 1] as const) {
    for (const o of d.distractors[fold]) {
      out.push({ original: o, fold, role: 'distractor' });
      for (const w of windowsOf(o, d.windowsPerDistractor, rng.fork(`windows|${o.id}`))) out.push({ original: w, fold, role: 'distractor' });
    }
  }
  return out;
}
