import sharp from 'sharp';
import type { Original } from './edits';
import type { Method } from './methods';

export interface SpeedFiles {
  thumb480: Buffer[];
  jpeg8mp: Buffer[];
}

export type Rates = Record<keyof SpeedFiles, number>;

/** 480 px JPEG thumbnails and 8-megapixel JPEGs made from the first `count` originals. */
export async function speedFiles(originals: Original[], count = 8): Promise<SpeedFiles> {
  const picked = originals.slice(0, count);
  const thumb480 = await Promise.all(picked.map((o) => sharp(o.png).resize(480, 480, { fit: 'inside' }).jpeg({ quality: 85 }).toBuffer()));
  const jpeg8mp = await Promise.all(
    picked.map((o) => {
      const scale = Math.sqrt(8_000_000 / (o.width * o.height));
      return sharp(o.png)
        .resize(Math.round(o.width * scale), Math.round(o.height * scale))
        .jpeg({ quality: 90 })
        .toBuffer();
    }),
  );
  return { thumb480, jpeg8mp };
}

/** Calls per second of `fn` over `files`, one at a time, after a warm-up, for at least `seconds` of wall time: by wall time and by this process's CPU time. */
async function rate(files: Buffer[], fn: (b: Buffer) => Promise<unknown>, seconds: number): Promise<{ wall: number; cpu: number }> {
  await fn(files[0]);
  let n = 0;
  const start = process.hrtime.bigint();
  const cpuStart = process.cpuUsage();
  let elapsed = 0;
  while (elapsed < seconds) {
    for (const f of files) await fn(f);
    n += files.length;
    elapsed = Number(process.hrtime.bigint() - start) / 1e9;
  }
  const cpu = process.cpuUsage(cpuStart);
  return { wall: n / elapsed, cpu: n / ((cpu.user + cpu.system) / 1e6) };
}

/** What no hash can beat: sharp decoding the file and resizing it to 64x64, nothing else. */
export const decodeAndResize = (b: Buffer) => sharp(b).resize(64, 64, { fit: 'fill' }).raw().toBuffer();

/** The value at quantile `q` (0..1) of `xs`, linearly interpolated between order statistics. */
export function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  const at = (s.length - 1) * q;
  const lo = Math.floor(at);
  return s[lo] + (s[Math.min(lo + 1, s.length - 1)] - s[lo]) * (at - lo);
}

/** The spread of per-round ratios: median, interquartile range and extremes. */
export interface RatioSpread {
  median: number;
  q1: number;
  q3: number;
  min: number;
  max: number;
  /** Median of the same rounds' ratios by wall-clock time (what a loaded machine distorts). */
  wallMedian: number;
  rounds: number;
}

export function spreadOf(cpuRatios: number[], wallRatios: number[]): RatioSpread {
  return {
    median: quantile(cpuRatios, 0.5),
    q1: quantile(cpuRatios, 0.25),
    q3: quantile(cpuRatios, 0.75),
    min: Math.min(...cpuRatios),
    max: Math.max(...cpuRatios),
    wallMedian: quantile(wallRatios, 0.5),
    rounds: cpuRatios.length,
  };
}

/**
 * Rates on one core: libvips limited to one thread and calls made one after another. Each figure is per
 * second of this process's CPU time (process.cpuUsage), not of wall time: time the process spends waiting
 * for a core that other work holds is not counted, so a loaded machine slows neither side of the ratio. The
 * method and the decode-only baseline still alternate in short rounds (which one goes first alternates too),
 * so what CPU time does not remove (a busy memory bus, caches shared with other processes, frequency changes)
 * hits both alike. The ratio is taken round by round; its median is the figure and the interquartile range
 * of the rounds says how noisy it is.
 */
export async function measureSpeed(
  files: SpeedFiles,
  methods: Method[],
  seconds = 2,
  rounds = 12,
): Promise<{ decodeOnly: Rates; methods: Record<string, Rates>; ratio: Record<string, Rates>; spread: Record<string, Record<keyof SpeedFiles, RatioSpread>> }> {
  const previous = sharp.concurrency();
  sharp.concurrency(1);
  sharp.cache(false);
  try {
    const out: Record<string, Rates> = {};
    const ratio: Record<string, Rates> = {};
    const spread: Record<string, Record<keyof SpeedFiles, RatioSpread>> = {};
    const baseRuns: Record<keyof SpeedFiles, number[]> = { thumb480: [], jpeg8mp: [] };
    for (const m of methods) {
      const r = {} as Rates;
      const q = {} as Rates;
      spread[m.name] = {} as Record<keyof SpeedFiles, RatioSpread>;
      for (const kind of ['thumb480', 'jpeg8mp'] as const) {
        const rates: number[] = [];
        const cpuRatios: number[] = [];
        const wallRatios: number[] = [];
        for (let round = 0; round < rounds; round++) {
          let b: { wall: number; cpu: number };
          let x: { wall: number; cpu: number };
          if (round % 2 === 0) {
            b = await rate(files[kind], decodeAndResize, seconds / rounds);
            x = await rate(files[kind], m.query, seconds / rounds);
          } else {
            x = await rate(files[kind], m.query, seconds / rounds);
            b = await rate(files[kind], decodeAndResize, seconds / rounds);
          }
          baseRuns[kind].push(b.cpu);
          rates.push(x.cpu);
          cpuRatios.push(x.cpu / b.cpu);
          wallRatios.push(x.wall / b.wall);
        }
        r[kind] = quantile(rates, 0.5);
        spread[m.name][kind] = spreadOf(cpuRatios, wallRatios);
        q[kind] = spread[m.name][kind].median;
      }
      out[m.name] = r;
      ratio[m.name] = q;
    }
    return { decodeOnly: { thumb480: quantile(baseRuns.thumb480, 0.5), jpeg8mp: quantile(baseRuns.jpeg8mp, 0.5) }, methods: out, ratio, spread };
  } finally {
    sharp.concurrency(previous);
    sharp.cache(true);
  }
}

/** One line per method and size: the median ratio, its interquartile range and the wall-clock median. */
export function spreadLines(spread: Record<string, Record<keyof SpeedFiles, RatioSpread>>): string[] {
  const label = { thumb480: '480 px thumbnails', jpeg8mp: '8 MP JPEGs' };
  return Object.entries(spread).flatMap(([name, kinds]) =>
    (Object.keys(kinds) as (keyof SpeedFiles)[]).map((k) => {
      const s = kinds[k];
      return `${name} ${label[k]}: ${s.median.toFixed(2)}x of decode-and-resize by CPU time (interquartile ${s.q1.toFixed(2)}-${s.q3.toFixed(2)}, range ${s.min.toFixed(2)}-${s.max.toFixed(2)} over ${s.rounds} rounds; by wall time ${s.wallMedian.toFixed(2)}x)`;
    }),
  );
}

/**
 * The speed figure alone (without the whole matching run):
 *   npm run bench:hash-speed -- --images DIR [--seconds 24] [--rounds 12] [--out FILE]
 * Speed files come from 8 files spread evenly over DIR's sorted list (the first original of each).
 */
async function main(): Promise<void> {
  const { parseArgs } = await import('node:util');
  const { values } = parseArgs({
    options: {
      images: { type: 'string' },
      seconds: { type: 'string', default: '24' },
      rounds: { type: 'string', default: '12' },
      out: { type: 'string' },
    },
  });
  if (!values.images) throw new Error('usage: npm run bench:hash-speed -- --images DIR [--seconds 24] [--rounds 12] [--out FILE]');
  const { listImages, originalsOf } = await import('./dataset');
  const { DiskCache } = await import('./cache');
  const { vigil } = await import('./methods');
  const { OUT_DIR, writeReport } = await import('../support/output');
  const path = await import('node:path');
  const cache = new DiskCache(DiskCache.defaultDir());
  const files = await listImages(values.images);
  const originals = [];
  for (let k = 0; k < files.length && originals.length < 8; k += Math.max(1, Math.floor(files.length / 8))) {
    const [first] = await originalsOf(files[k], cache);
    if (first) originals.push(await first.load());
  }
  const method = await vigil();
  const cpuStart = process.cpuUsage();
  const started = Date.now();
  const speed = await measureSpeed(await speedFiles(originals), [method], Number(values.seconds), Number(values.rounds));
  for (const line of spreadLines(speed.spread)) console.log(line);
  console.log(
    `decode-and-resize alone: ${speed.decodeOnly.thumb480.toFixed(0)}/s (480 px), ${speed.decodeOnly.jpeg8mp.toFixed(1)}/s (8 MP) per CPU second; ` +
      `vigil ${speed.methods.vigil.thumb480.toFixed(0)}/s and ${speed.methods.vigil.jpeg8mp.toFixed(1)}/s; ` +
      `${((Date.now() - started) / 1000).toFixed(0)} s wall, ${((process.cpuUsage(cpuStart).user + process.cpuUsage(cpuStart).system) / 1e6).toFixed(0)} s CPU`,
  );
  const slowest = Math.min(speed.ratio.vigil.thumb480, speed.ratio.vigil.jpeg8mp);
  console.log(`${slowest >= 0.8 ? 'MET' : 'MISSED'}: hashing at ${speed.ratio.vigil.thumb480.toFixed(2)}x (480 px) and ${speed.ratio.vigil.jpeg8mp.toFixed(2)}x (8 MP) of decode-and-resize (goal >= 0.8x)`);
  process.stderr.write(`wrote ${await writeReport(values.out ?? path.join(OUT_DIR, 'hash-speed.json'), { images: values.images, ...speed })}\n`);
}

if (require.main === module) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
