// @integration: renders and hashes hundreds of pictures, seconds of CPU, so it runs in the integration tier (test/tiers.ts).
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { decide } from '../../functions/matching/index';
import { DiskCache } from './cache';
import { originalsOf, type OriginalRef } from './dataset';
import { chunksOf, distanceTail, interleave, planDistractorQueries, QUERY_SIDE, runDistractorQueries } from './distractors';
import { EDIT_NAMES } from './edits';
import type { QueryResult } from './evaluate';
import { vigil } from './methods';
import { Rng } from './rng';
import { WorkerPool } from './pool';
import { packWords } from './cache';
import { referenceHashes } from './run';

describe('generated distractor queries', () => {
  it('plans seeded windows inside the original, small outputs and every kind of edit', () => {
    const plans = planDistractorQueries(1024, 768, 500, new Rng(3).fork('a'));
    expect(planDistractorQueries(1024, 768, 500, new Rng(3).fork('a'))).toEqual(plans);
    for (const p of plans) {
      expect(p.left).toBeGreaterThanOrEqual(0);
      expect(p.top).toBeGreaterThanOrEqual(0);
      expect(p.left + p.width).toBeLessThanOrEqual(1024);
      expect(p.top + p.height).toBeLessThanOrEqual(768);
      expect(p.width).toBeGreaterThanOrEqual(0.3 * 1024 - 1);
      expect(Math.max(p.outWidth, p.outHeight)).toBeGreaterThanOrEqual(QUERY_SIDE[0]);
      expect(Math.max(p.outWidth, p.outHeight)).toBeLessThanOrEqual(QUERY_SIDE[1]);
      // The window's aspect is kept when it is brought down.
      expect(Math.abs(p.outWidth / p.outHeight - p.width / p.height)).toBeLessThan(0.05 * (p.width / p.height));
    }
    expect(new Set(plans.map((p) => p.edit)).size).toBe(EDIT_NAMES.length);
    // Windows of a small original are never enlarged.
    for (const p of planDistractorQueries(200, 150, 50, new Rng(1))) expect(p.outWidth).toBeLessThanOrEqual(p.width);
  });

  it('interleaves the folds, so the first originals of a capped run are those of a longer one', () => {
    expect(interleave([['a', 'b', 'c'], ['x']])).toEqual([
      ['a', 0],
      ['x', 1],
      ['b', 0],
      ['c', 0],
    ]);
  });

  it('caches queries in chunks, so a run with more queries per original reuses the whole chunks of a shorter one', () => {
    expect(chunksOf(40, 16)).toEqual([
      [0, 16],
      [16, 32],
      [32, 40],
    ]);
    expect(chunksOf(16, 16)).toEqual([[0, 16]]);
    expect(chunksOf(0, 16)).toEqual([]);
  });

  it('keeps the distance histogram up to a bound and the nearest queries', () => {
    const q = (distance: number): QueryResult => ({ fold: 0, edit: 'mirror', distance });
    const tail = distanceTail([q(90), q(60), q(75), q(60), q(120)], 80, 2);
    expect(tail.histogram).toEqual({ 60: 2, 75: 1 });
    expect(tail.nearest.map((r) => r.distance)).toEqual([60, 60]);
  });
});

describe('running generated distractor queries through the matcher', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'vigil-distractors-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  /** A textured picture (circles and bars on a gradient), so its hash is not flat. */
  async function picture(id: string, seed: number): Promise<OriginalRef> {
    const rng = new Rng(seed);
    const shapes = Array.from({ length: 14 }, () => {
      const colour = `rgb(${rng.int(0, 255)},${rng.int(0, 255)},${rng.int(0, 255)})`;
      return rng.next() < 0.5
        ? `<circle cx="${rng.int(0, 480)}" cy="${rng.int(0, 320)}" r="${rng.int(15, 80)}" fill="${colour}"/>`
        : `<rect x="${rng.int(0, 480)}" y="${rng.int(0, 320)}" width="${rng.int(20, 160)}" height="${rng.int(20, 120)}" fill="${colour}"/>`;
    });
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="320"><defs><linearGradient id="g"><stop offset="0" stop-color="#203040"/><stop offset="1" stop-color="#e0d0a0"/></linearGradient></defs><rect width="480" height="320" fill="url(#g)"/>${shapes.join('')}</svg>`;
    const png = await sharp(Buffer.from(svg)).png().toBuffer();
    return { id, source: id, width: 480, height: 320, load: async () => ({ id, source: id, png, width: 480, height: 320 }) };
  }

  it('hashes each query with the product path, scans every reference, and caches per original', async () => {
    const cache = new DiskCache(dir);
    const method = await vigil();
    const reference = await picture('ref', 1);
    const other = await picture('other', 2);
    const gallery = await referenceHashes(method, [reference, other], cache, 1);
    // The distractor is the reference itself: its windows must come out near it (the path finds copies). With
    // a strict threshold of 256 only queries under CONFIDENT_QUALITY go to verification (`decide`).
    const noGrey = { strict: 256, loose: 256 };
    const versions = { hashing: 'test', verify: 'test' };
    const results = await runDistractorQueries(reference, 1, 12, gallery, noGrey, 5, cache, versions);

    expect(results).toHaveLength(12);
    for (const r of results) {
      expect(r.fold).toBe(1);
      expect(EDIT_NAMES).toContain(r.edit);
      expect(r.quality).toEqual(expect.any(Number));
      expect(r.verified === undefined).toBe(decide(r.distance, r.quality!, noGrey) !== 'verify');
    }
    const near = results.filter((r) => r.distance <= 72);
    expect(near.length).toBeGreaterThan(0);
    expect(near.every((r) => r.reference === 'ref')).toBe(true);

    const files = await readdir(path.join(dir, 'distractor-chunks'), { recursive: true });
    expect(files.length).toBeGreaterThan(0);
    expect(await runDistractorQueries(reference, 1, 12, gallery, noGrey, 5, cache, versions)).toEqual(results);
    // A longer run draws the same first plans; its first whole chunk (16 queries) is then reused as cached,
    // timings included, by a run of 16.
    const longer = await runDistractorQueries(reference, 1, 20, gallery, noGrey, 5, cache, versions);
    expect(longer.slice(0, 12).map((r) => [r.edit, r.distance, r.reference])).toEqual(results.map((r) => [r.edit, r.distance, r.reference]));
    expect(await runDistractorQueries(reference, 1, 16, gallery, noGrey, 5, cache, versions)).toEqual(longer.slice(0, 16));
  }, 240_000);

  it('gives the same queries in a worker thread as in this one (bench/matching/pool.ts)', async () => {
    const files = [path.join(dir, 'ref.png'), path.join(dir, 'other.png')];
    for (const [k, f] of files.entries()) await writeFile(f, (await (await picture(`p${k}`, k + 1)).load()).png);
    const [here, there] = [new DiskCache(path.join(dir, 'here')), new DiskCache(path.join(dir, 'there'))];
    const refs = (await Promise.all(files.map((f) => originalsOf(f, here)))).flat();
    const gallery = await referenceHashes(await vigil(), refs, here, 1);
    const grey = { strict: 48, loose: 72 };
    const versions = { hashing: 'test', verify: 'test' };
    const pool = new WorkerPool(1, {
      cacheDir: there.dir,
      seed: 5,
      refs: refs.map((r) => r.desc!),
      hashes: refs.map((r) => packWords(gallery.hashes.get(r.id)!)),
      qualities: refs.map((r) => gallery.qualities.get(r.id)!),
      galleryKey: gallery.key,
      versions,
      grey,
    });
    try {
      const inWorker = await pool.run({ kind: 'distractor', original: refs[0].desc!, fold: 0, count: 20, chunks: [1, 2] });
      const inThread = await runDistractorQueries(refs[0], 0, 20, gallery, grey, 5, here, versions, [1, 2]);
      const outcome = (rs: QueryResult[]) => rs.map((r) => [r.original, r.edit, r.distance, r.reference, r.quality, r.verified]);
      // The second chunk only: queries 16 to 19.
      expect(inThread.map((r) => r.original)).toEqual([16, 17, 18, 19].map((k) => `${refs[0].id}~${k}`));
      expect(outcome(inWorker)).toEqual(outcome(inThread));
    } finally {
      await pool.close();
    }
  }, 240_000);
});
