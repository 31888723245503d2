import sharp, { type Sharp } from 'sharp';
import { screenshotFrame } from './frames';
import type { Rng } from './rng';

/** An original of the benchmark: one image file, or one 1024 px tile of a large one, as lossless PNG. */
export interface Original {
  id: string;
  source: string;
  png: Buffer;
  width: number;
  height: number;
}

export type Edit = (o: Original, rng: Rng) => Promise<Buffer>;

const jpeg = (img: Sharp, quality: number) => img.jpeg({ quality, mozjpeg: false }).toBuffer();
const load = (o: Original | Buffer) => sharp(Buffer.isBuffer(o) ? o : o.png);
/** Most reposts end up as JPEG; edits that do not say otherwise save at quality 90. */
const save = (img: Sharp) => jpeg(img, 90);

async function meta(buf: Buffer): Promise<{ width: number; height: number }> {
  const m = await sharp(buf).metadata();
  return { width: m.autoOrient?.width ?? m.width!, height: m.autoOrient?.height ?? m.height! };
}

/** Keep (1 - share) of each side; `centred` or at an off-centre position (in the outer quarters of the slack). */
function cropBox(width: number, height: number, share: number, centred: boolean, rng: Rng) {
  const w = Math.max(8, Math.round(width * (1 - share)));
  const h = Math.max(8, Math.round(height * (1 - share)));
  const off = () => (centred ? 0.5 : rng.next() < 0.5 ? rng.range(0, 0.25) : rng.range(0.75, 1));
  return { left: Math.round((width - w) * off()), top: Math.round((height - h) * off()), width: w, height: h };
}

async function cropped(o: Original, share: number, centred: boolean, rng: Rng): Promise<Buffer> {
  return load(o).extract(cropBox(o.width, o.height, share, centred, rng)).png({ compressionLevel: 0 }).toBuffer();
}

function pad(share: number, colour: string): Edit {
  return (o) => {
    const x = Math.round(o.width * share);
    const y = Math.round(o.height * share);
    return save(load(o).extend({ top: y, bottom: y, left: x, right: x, background: colour }));
  };
}

/** Rotation about the centre keeping the frame size: the corners outside the photo are filled with a flat colour. */
function rotate(degrees: number): Edit {
  return async (o, rng) => {
    const background = rng.pick(['#000000', '#ffffff']);
    const turned = await load(o).rotate(degrees * rng.sign(), { background }).png({ compressionLevel: 0 }).toBuffer();
    const m = await meta(turned);
    const left = Math.round((m.width - o.width) / 2);
    const top = Math.round((m.height - o.height) / 2);
    return save(sharp(turned).extract({ left, top, width: o.width, height: o.height }));
  };
}

async function watermark(png: Buffer, rng: Rng): Promise<Buffer> {
  const { width, height } = await meta(png);
  const size = Math.max(10, Math.round(Math.min(width, height) * rng.range(0.07, 0.11)));
  const label = rng.pick(['© leaks.example', '@repost_central', 'free-stuff.example.net', 'shared by anon_4821']);
  const diagonal = rng.next() < 0.5;
  const fill = rng.pick(['#ffffff', '#000000']);
  const stroke = fill === '#ffffff' ? '#000000' : '#ffffff';
  const text = diagonal
    ? `<text x="50%" y="50%" text-anchor="middle" dominant-baseline="middle" transform="rotate(-30 ${width / 2} ${height / 2})"`
    : `<text x="${Math.round(width * rng.range(0.03, 0.3))}" y="${Math.round(height * rng.range(0.15, 0.95))}"`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${text} font-family="DejaVu Sans" font-weight="bold" font-size="${size}" fill="${fill}" fill-opacity="0.65" stroke="${stroke}" stroke-opacity="0.5" stroke-width="${Math.max(1, size / 20)}">${label}</text></svg>`;
  return save(sharp(png).composite([{ input: Buffer.from(svg) }]));
}

async function logo(o: Original, rng: Rng): Promise<Buffer> {
  const w = Math.max(16, Math.round(o.width * rng.range(0.15, 0.22)));
  const h = Math.round(w * 0.4);
  const colour = rng.pick(['#e11d48', '#2563eb', '#16a34a', '#f59e0b']);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="${w}" height="${h}" rx="${h / 5}" fill="${colour}"/><circle cx="${h / 2}" cy="${h / 2}" r="${h / 3}" fill="#ffffff"/><text x="${h}" y="${h * 0.68}" font-family="DejaVu Sans" font-weight="bold" font-size="${h * 0.5}" fill="#ffffff">LEAKS</text></svg>`;
  const m = Math.round(o.width * 0.02);
  const left = rng.next() < 0.5 ? m : o.width - w - m;
  const top = rng.next() < 0.5 ? m : Math.max(0, o.height - h - m);
  return save(load(o).composite([{ input: Buffer.from(svg), left: Math.max(0, left), top }]));
}

/** Rewrites every raw 8-bit sample through `f(value, index)`. */
async function perPixel(o: Original, f: (v: number, i: number) => number): Promise<Buffer> {
  const { data, info } = await load(o).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  for (let i = 0; i < data.length; i++) {
    const v = f(data[i], i);
    data[i] = v < 0 ? 0 : v > 255 ? 255 : v;
  }
  return save(sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } }));
}

/** 64k standard-normal samples; noise reads them from a seeded offset with an odd stride (fast and seeded). */
const NORMALS = (() => {
  const r = new Float32Array(65536);
  let s = 12345;
  const u = () => ((s = (Math.imul(s, 1103515245) + 12345) >>> 0) + 1) / 4294967297;
  for (let i = 0; i < r.length; i++) r[i] = Math.sqrt(-2 * Math.log(u())) * Math.cos(2 * Math.PI * u());
  return r;
})();

function noise(sd: number): Edit {
  return (o, rng) => {
    const start = rng.int(0, 65535);
    const stride = 2 * rng.int(1, 5000) + 1;
    return perPixel(o, (v, i) => v + sd * NORMALS[(start + i * stride) & 65535]);
  };
}

async function thumbnail(png: Buffer, side: number, quality: number): Promise<Buffer> {
  return jpeg(sharp(png).resize(side, side, { fit: 'inside', withoutEnlargement: true }), quality);
}

/**
 * The edits of docs/reference/matching.md, seeded. Applied alike to references and distractors; each returns the
 * bytes a crawler would fetch.
 */
export const EDITS: Record<string, Edit> = {
  'thumbnail-320': (o) => thumbnail(o.png, 320, 80),
  'scale-0.25': (o) => jpeg(load(o).resize(Math.max(16, Math.round(o.width / 4))), 85),
  'jpeg-30': (o) => jpeg(load(o), 30),
  'jpeg-50': (o) => jpeg(load(o), 50),
  'jpeg-75': (o) => jpeg(load(o), 75),
  'webp-50': (o) => load(o).webp({ quality: 50 }).toBuffer(),
  'crop-5-centre': async (o, rng) => save(load(await cropped(o, 0.05, true, rng))),
  'crop-5-offcentre': async (o, rng) => save(load(await cropped(o, 0.05, false, rng))),
  'crop-10-centre': async (o, rng) => save(load(await cropped(o, 0.1, true, rng))),
  'crop-10-offcentre': async (o, rng) => save(load(await cropped(o, 0.1, false, rng))),
  'crop-20-centre': async (o, rng) => save(load(await cropped(o, 0.2, true, rng))),
  'crop-20-offcentre': async (o, rng) => save(load(await cropped(o, 0.2, false, rng))),
  'pad-10-black': pad(0.1, '#000000'),
  'pad-10-white': pad(0.1, '#ffffff'),
  'pad-25-black': pad(0.25, '#000000'),
  'pad-25-white': pad(0.25, '#ffffff'),
  mirror: (o) => save(load(o).flop()),
  'rotate-2': rotate(2),
  'rotate-5': rotate(5),
  'rotate-90': (o, rng) => save(load(o).rotate(rng.pick([90, 270]))),
  'text-watermark': (o, rng) => watermark(o.png, rng),
  'logo-overlay': logo,
  greyscale: (o) => save(load(o).greyscale()),
  saturation: (o, rng) => save(load(o).modulate({ saturation: rng.pick([0.4, 1.8]) })),
  hue: (o, rng) => save(load(o).modulate({ hue: rng.int(60, 300) })),
  gamma: (o, rng) => {
    const g = rng.pick([0.6, 1.6]);
    const table = Array.from({ length: 256 }, (_, v) => Math.round(255 * Math.pow(v / 255, g)));
    return perPixel(o, (v) => table[v]);
  },
  brightness: (o, rng) => save(load(o).modulate({ brightness: rng.pick([0.7, 1.3]) })),
  blur: (o) => save(load(o).blur(Math.max(1.5, 0.006 * Math.max(o.width, o.height)))),
  noise: noise(15),
  screenshot: async (o, rng) => save(load(await screenshotFrame(o.png, o.width, o.height, rng))),
  'crop-10+jpeg-50+thumbnail': async (o, rng) => {
    const c = await cropped(o, 0.1, false, rng);
    return thumbnail(c, 320, 50);
  },
  'mirror+watermark': async (o, rng) => watermark(await load(o).flop().png({ compressionLevel: 0 }).toBuffer(), rng),
  'screenshot+crop': async (o, rng) => {
    const box = cropBox(o.width, o.height, 0.1, false, rng);
    const c = await load(o).extract(box).png({ compressionLevel: 0 }).toBuffer();
    return screenshotFrame(c, box.width, box.height, rng);
  },
};

export const EDIT_NAMES = Object.keys(EDITS);
