import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { Original } from './edits';
import type { Rng } from './rng';

const IMAGE = /\.(jpe?g|png|webp|tiff?|gif|avif)$/i;
/** Tiles of large images are cut at this size (reference/matching.md). */
export const TILE = 1024;
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
 * The originals of one file: the whole image, or, above 1024 px, an even grid of tiles of at most 1024 px,
 * each tile an original. Returns none for files that are too small or do not decode.
 */
export async function originalsOf(file: string): Promise<Original[]> {
  let png: Buffer;
  let width: number;
  let height: number;
  try {
    const out = await sharp(file).rotate().toColourspace('srgb').png().toBuffer({ resolveWithObject: true });
    png = out.data;
    width = out.info.width;
    height = out.info.height;
  } catch {
    return [];
  }
  if (Math.min(width, height) < MIN_SIDE) return [];
  const nx = Math.ceil(width / TILE);
  const ny = Math.ceil(height / TILE);
  if (nx * ny === 1) return [{ id: path.basename(file), source: file, png, width, height }];
  const tw = Math.floor(width / nx);
  const th = Math.floor(height / ny);
  const tiles: Original[] = [];
  for (let j = 0; j < ny; j++) {
    for (let i = 0; i < nx; i++) {
      const tile = await sharp(png).extract({ left: i * tw, top: j * th, width: tw, height: th }).png().toBuffer();
      tiles.push({ id: `${path.basename(file)}#${i},${j}`, source: file, png: tile, width: tw, height: th });
    }
  }
  return tiles;
}

/**
 * Extra distractor originals: random windows (35-90% of each side, anywhere) of a distractor. They never
 * overlap a reference (they come from distractor files) and give the query false-positive rate the number
 * of queries a 1e-4 target needs when the photo folder is small; they are correlated with their parent, so
 * the effective resolution is coarser than 1 / count.
 */
export async function windowsOf(o: Original, count: number, rng: Rng): Promise<Original[]> {
  const out: Original[] = [];
  for (let k = 0; k < count; k++) {
    const w = Math.max(MIN_SIDE / 2, Math.round(o.width * rng.range(0.35, 0.9)));
    const h = Math.max(MIN_SIDE / 2, Math.round(o.height * rng.range(0.35, 0.9)));
    const left = rng.int(0, o.width - w);
    const top = rng.int(0, o.height - h);
    const png = await sharp(o.png).extract({ left, top, width: w, height: h }).png().toBuffer();
    out.push({ id: `${o.id}@${k}`, source: o.source, png, width: w, height: h });
  }
  return out;
}

/** The four groups of source files: references and distractors, each in two halves (folds). */
export interface Split {
  references: [string[], string[]];
  distractors: [string[], string[]];
}

/** Splits source files (never tiles) by seed: half references, half distractors; each half in two folds. */
export function splitSources(files: string[], rng: Rng): Split {
  const shuffled = rng.shuffle([...files]);
  const half = Math.ceil(shuffled.length / 2);
  const folds = (list: string[]): [string[], string[]] => [list.filter((_, i) => i % 2 === 0), list.filter((_, i) => i % 2 === 1)];
  return { references: folds(shuffled.slice(0, half)), distractors: folds(shuffled.slice(half)) };
}

/** A query original: which fold it belongs to and whether it is a reference or a distractor. */
export interface QueryOriginal {
  original: Original;
  fold: 0 | 1;
  role: 'reference' | 'distractor';
}

/** The benchmark's originals for one seed: references by fold, distractor originals, windows per distractor. */
export interface Dataset {
  files: number;
  references: [Original[], Original[]];
  distractors: [Original[], Original[]];
  windowsPerDistractor: number;
}

/**
 * Reads the photo folder, tiles large images and splits by source file. `windows` extra distractor windows
 * per distractor original; by default just enough that each fold has 1 / fprTarget distractor queries.
 */
export async function loadDataset(dir: string, rng: Rng, fprTarget: number, edits: number, windows?: number): Promise<Dataset> {
  const files = await listImages(dir);
  const originals = new Map<string, Original[]>();
  for (const f of files) {
    const os = await originalsOf(f);
    if (os.length) originals.set(f, os);
  }
  const split = splitSources([...originals.keys()], rng.fork('split'));
  const of = (list: string[]) => list.flatMap((f) => originals.get(f)!);
  const references: [Original[], Original[]] = [of(split.references[0]), of(split.references[1])];
  const distractors: [Original[], Original[]] = [of(split.distractors[0]), of(split.distractors[1])];
  const fewest = Math.min(distractors[0].length, distractors[1].length);
  const windowsPerDistractor = windows ?? Math.max(0, Math.ceil(Math.ceil(1 / fprTarget) / (fewest * edits)) - 1);
  return { files: files.length, references, distractors, windowsPerDistractor };
}

/** Distractor windows are capped at this size: they only need to be ordinary photos, and it keeps the run short. */
const WINDOW_SIDE = 512;

/** Every query original in a fixed order: references of both folds, then each distractor and its windows. */
export async function* queryOriginals(d: Dataset, rng: Rng): AsyncGenerator<QueryOriginal> {
  for (const fold of [0, 1] as const) for (const original of d.references[fold]) yield { original, fold, role: 'reference' };
  for (const fold of [0, 1] as const) {
    for (const o of d.distractors[fold]) {
      yield { original: o, fold, role: 'distractor' };
      for (const w of await windowsOf(o, d.windowsPerDistractor, rng.fork(`windows|${o.id}`))) {
        yield { original: await capped(w, WINDOW_SIDE), fold, role: 'distractor' };
      }
    }
  }
}

async function capped(o: Original, side: number): Promise<Original> {
  if (Math.max(o.width, o.height) <= side) return o;
  const { data, info } = await sharp(o.png).resize(side, side, { fit: 'inside' }).png().toBuffer({ resolveWithObject: true });
  return { ...o, png: data, width: info.width, height: info.height };
}
