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

/** Calls per second of `fn` over `files`, one at a time, after a warm-up, for at least `seconds`. */
async function rate(files: Buffer[], fn: (b: Buffer) => Promise<unknown>, seconds: number): Promise<number> {
  await fn(files[0]);
  let n = 0;
  const start = process.hrtime.bigint();
  let elapsed = 0;
  while (elapsed < seconds) {
    for (const f of files) await fn(f);
    n += files.length;
    elapsed = Number(process.hrtime.bigint() - start) / 1e9;
  }
  return n / elapsed;
}

/** What no hash can beat: sharp decoding the file and resizing it to 64x64, nothing else. */
export const decodeAndResize = (b: Buffer) => sharp(b).resize(64, 64, { fit: 'fill' }).raw().toBuffer();

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Rates on one core: libvips limited to one thread and calls made one after another. Other work on the
 * machine slows both alike only if they run at the same moments, so the method and the decode-only baseline
 * alternate in short rounds and each figure is the median over the rounds (the ratio too, round by round).
 */
export async function measureSpeed(files: SpeedFiles, methods: Method[], seconds = 2): Promise<{ decodeOnly: Rates; methods: Record<string, Rates>; ratio: Record<string, Rates> }> {
  const previous = sharp.concurrency();
  sharp.concurrency(1);
  sharp.cache(false);
  const rounds = 8;
  try {
    const out: Record<string, Rates> = {};
    const ratio: Record<string, Rates> = {};
    const baseRuns: Record<keyof SpeedFiles, number[]> = { thumb480: [], jpeg8mp: [] };
    for (const m of methods) {
      const r = {} as Rates;
      const q = {} as Rates;
      for (const kind of ['thumb480', 'jpeg8mp'] as const) {
        const rates: number[] = [];
        const ratios: number[] = [];
        for (let round = 0; round < rounds; round++) {
          const b = await rate(files[kind], decodeAndResize, seconds / rounds);
          const x = await rate(files[kind], m.query, seconds / rounds);
          baseRuns[kind].push(b);
          rates.push(x);
          ratios.push(x / b);
        }
        r[kind] = median(rates);
        q[kind] = median(ratios);
      }
      out[m.name] = r;
      ratio[m.name] = q;
    }
    return { decodeOnly: { thumb480: median(baseRuns.thumb480), jpeg8mp: median(baseRuns.jpeg8mp) }, methods: out, ratio };
  } finally {
    sharp.concurrency(previous);
    sharp.cache(true);
  }
}
