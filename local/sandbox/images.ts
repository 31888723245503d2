import sharp, { type Sharp } from 'sharp';

/**
 * Procedural "photos" for the sandbox web, rendered from SVG with sharp, so the repo ships no image files and the
 * pictures are the same on every machine. Each scene is built from a seeded random generator: a different seed
 * gives a different layout, which keeps unrelated images far apart for a perceptual hash.
 */
export type SceneTheme = 'portrait' | 'garden' | 'city';

export interface SceneSpec {
  theme: SceneTheme;
  seed: number;
  width: number;
  height: number;
  /** Small signature drawn in a corner (e.g. the creator's name on her own photos). */
  signature?: string;
}

export const TRANSFORMS = ['original', 'resized', 'cropped', 'recompressed', 'watermarked', 'mirrored', 'screenshot'] as const;
export type TransformName = (typeof TRANSFORMS)[number];

export interface RenderedImage {
  data: Buffer;
  contentType: 'image/jpeg' | 'image/png';
  width: number;
  height: number;
}

/** mulberry32: tiny, seedable, good enough for layouts. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const esc = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

function hsl(h: number, s: number, l: number) {
  return `hsl(${Math.round(h) % 360},${Math.round(s)}%,${Math.round(l)}%)`;
}

function sceneSvg(spec: SceneSpec): string {
  const r = rng(spec.seed * 7919 + spec.theme.length);
  const { width: w, height: h } = spec;
  const pick = (lo: number, hi: number) => lo + r() * (hi - lo);
  const parts: string[] = [];
  const hue = pick(0, 360);
  const angle = Math.round(pick(0, 360));
  parts.push(
    `<defs><linearGradient id="bg" gradientTransform="rotate(${angle} 0.5 0.5)"><stop offset="0" stop-color="${hsl(hue, pick(40, 80), pick(10, 35))}"/><stop offset="1" stop-color="${hsl(hue + pick(60, 180), pick(40, 80), pick(45, 75))}"/></linearGradient>` +
      `<radialGradient id="glow"><stop offset="0" stop-color="#fff" stop-opacity="0.9"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>`,
    `<rect width="${w}" height="${h}" fill="url(#bg)"/>`,
  );
  // Large blobs first: they carry the low frequencies a perceptual hash sees.
  for (let i = 0; i < 7; i++) {
    parts.push(
      `<ellipse cx="${pick(0, w)}" cy="${pick(0, h)}" rx="${pick(w * 0.08, w * 0.35)}" ry="${pick(h * 0.06, h * 0.3)}" fill="${hsl(hue + pick(-90, 90), pick(30, 90), pick(15, 85))}" fill-opacity="${pick(0.35, 0.85).toFixed(2)}" transform="rotate(${Math.round(pick(0, 180))} ${w / 2} ${h / 2})"/>`,
    );
  }
  if (spec.theme === 'portrait') {
    const mx = pick(w * 0.2, w * 0.8);
    const my = pick(h * 0.1, h * 0.35);
    const mr = pick(w * 0.08, w * 0.16);
    parts.push(`<circle cx="${mx}" cy="${my}" r="${mr * 2.2}" fill="url(#glow)" fill-opacity="0.6"/>`, `<circle cx="${mx}" cy="${my}" r="${mr}" fill="#f4f1de"/>`);
    for (let i = 0; i < 60; i++) parts.push(`<circle cx="${pick(0, w)}" cy="${pick(0, h * 0.6)}" r="${pick(1, 3.5)}" fill="#fff" fill-opacity="${pick(0.4, 1).toFixed(2)}"/>`);
    // A figure: head, shoulders and hair, placed and coloured by the seed.
    const fx = pick(w * 0.3, w * 0.7);
    const fy = pick(h * 0.42, h * 0.55);
    const hr = pick(w * 0.09, w * 0.13);
    const skin = hsl(pick(15, 35), pick(35, 60), pick(35, 75));
    const cloth = hsl(pick(0, 360), pick(40, 90), pick(20, 60));
    parts.push(
      `<path d="M ${fx - hr * 3} ${h} C ${fx - hr * 2.6} ${fy + hr * 1.6}, ${fx + hr * 2.6} ${fy + hr * 1.6}, ${fx + hr * 3} ${h} Z" fill="${cloth}"/>`,
      `<ellipse cx="${fx}" cy="${fy + hr * 0.2}" rx="${hr * 1.35}" ry="${hr * 1.6}" fill="${hsl(pick(0, 50), pick(20, 60), pick(8, 40))}"/>`,
      `<ellipse cx="${fx}" cy="${fy}" rx="${hr}" ry="${hr * 1.25}" fill="${skin}"/>`,
    );
  } else if (spec.theme === 'garden') {
    const horizon = pick(h * 0.35, h * 0.6);
    parts.push(`<rect y="${horizon}" width="${w}" height="${h - horizon}" fill="${hsl(pick(80, 140), pick(30, 70), pick(20, 45))}"/>`);
    parts.push(`<circle cx="${pick(0, w)}" cy="${pick(0, horizon * 0.6)}" r="${pick(30, 80)}" fill="#ffd95a"/>`);
    for (let i = 0; i < 45; i++) {
      const cx = pick(0, w);
      const cy = pick(horizon, h);
      const pr = pick(6, 26);
      const petal = hsl(pick(0, 360), pick(60, 95), pick(50, 75));
      parts.push(`<line x1="${cx}" y1="${cy}" x2="${cx + pick(-8, 8)}" y2="${cy + pr * 3}" stroke="#2d6a2d" stroke-width="3"/>`);
      for (let k = 0; k < 5; k++) {
        const a = (k / 5) * Math.PI * 2;
        parts.push(`<circle cx="${cx + Math.cos(a) * pr}" cy="${cy + Math.sin(a) * pr}" r="${pr * 0.7}" fill="${petal}"/>`);
      }
      parts.push(`<circle cx="${cx}" cy="${cy}" r="${pr * 0.5}" fill="#f2c14e"/>`);
    }
  } else {
    let x = 0;
    const base = pick(h * 0.45, h * 0.75);
    while (x < w) {
      const bw = pick(w * 0.06, w * 0.16);
      const bh = pick(h * 0.2, h * 0.7);
      parts.push(`<rect x="${x}" y="${base - bh}" width="${bw}" height="${h - base + bh}" fill="${hsl(hue + pick(150, 210), pick(10, 40), pick(8, 30))}"/>`);
      for (let i = 0; i < 12; i++) {
        parts.push(`<rect x="${x + pick(4, bw - 10)}" y="${base - bh + pick(6, bh)}" width="6" height="9" fill="#ffe9a8" fill-opacity="${pick(0.4, 1).toFixed(2)}"/>`);
      }
      x += bw + pick(2, 14);
    }
  }
  // Fine texture so the image has the gradient energy of a photo (PDQ's quality metric wants it).
  for (let i = 0; i < 120; i++) {
    parts.push(`<rect x="${pick(0, w)}" y="${pick(0, h)}" width="${pick(2, 14)}" height="${pick(2, 14)}" fill="${hsl(pick(0, 360), pick(0, 60), pick(10, 90))}" fill-opacity="${pick(0.1, 0.5).toFixed(2)}"/>`);
  }
  if (spec.signature) {
    parts.push(`<text x="${w - 24}" y="${h - 24}" text-anchor="end" font-family="DejaVu Serif, serif" font-style="italic" font-size="${Math.round(w / 22)}" fill="#fff" fill-opacity="0.85">${esc(spec.signature)}</text>`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${parts.join('')}</svg>`;
}

/** Renders a scene to a JPEG. */
export async function renderScene(spec: SceneSpec): Promise<Buffer> {
  return sharp(Buffer.from(sceneSvg(spec))).jpeg({ quality: 88 }).toBuffer();
}

async function asResult(img: Sharp, format: 'jpeg' | 'png', quality = 85): Promise<RenderedImage> {
  const out = format === 'png' ? img.png() : img.jpeg({ quality });
  const { data, info } = await out.toBuffer({ resolveWithObject: true });
  return { data, contentType: format === 'png' ? 'image/png' : 'image/jpeg', width: info.width, height: info.height };
}

/**
 * Makes the kind of copy reposts are: half size, 10% cropped away (5% a side), JPEG quality 40, a watermark with the
 * re-poster's name, mirrored, or framed as a phone screenshot. `label` is the watermark or screenshot caption.
 */
export async function applyTransform(input: Buffer, transform: TransformName, label = 'repost'): Promise<RenderedImage> {
  const src = sharp(input).rotate();
  const meta = await src.metadata();
  const w = meta.autoOrient?.width ?? meta.width ?? 800;
  const h = meta.autoOrient?.height ?? meta.height ?? 800;
  switch (transform) {
    case 'original':
      return asResult(src, 'jpeg', 90);
    case 'resized':
      return asResult(src.resize({ width: Math.max(160, Math.round(w / 2)) }), 'jpeg', 80);
    case 'cropped': {
      const left = Math.round(w * 0.05);
      const top = Math.round(h * 0.05);
      return asResult(src.extract({ left, top, width: w - 2 * left, height: h - 2 * top }), 'jpeg', 85);
    }
    case 'recompressed':
      return asResult(src, 'jpeg', 40);
    case 'mirrored':
      return asResult(src.flop(), 'jpeg', 85);
    case 'watermarked': {
      const size = Math.round(w / 14);
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
        <text x="${w / 2}" y="${h / 2}" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="${size}" fill="#fff" fill-opacity="0.45" transform="rotate(-30 ${w / 2} ${h / 2})">${esc(label)}</text>
        <rect x="0" y="${h - size * 1.4}" width="${w}" height="${size * 1.4}" fill="#000" fill-opacity="0.45"/>
        <text x="${size / 2}" y="${h - size * 0.4}" font-family="DejaVu Sans, sans-serif" font-size="${Math.round(size * 0.7)}" fill="#fff">${esc(label)}</text></svg>`;
      return asResult(src.composite([{ input: Buffer.from(svg) }]), 'jpeg', 82);
    }
    case 'screenshot': {
      // A 1080-wide phone screen: status bar, app header, the picture, then caption and buttons.
      const fw = 1080;
      const iw = 1000;
      const ih = Math.round((h / w) * iw);
      const top = 260;
      const fh = top + ih + 360;
      const picture = await src.resize({ width: iw, height: ih }).toBuffer();
      const frame = `<svg xmlns="http://www.w3.org/2000/svg" width="${fw}" height="${fh}">
        <rect width="${fw}" height="${fh}" fill="#111"/>
        <text x="40" y="60" font-family="DejaVu Sans" font-size="34" fill="#eee">9:41</text>
        <text x="${fw - 40}" y="60" text-anchor="end" font-family="DejaVu Sans" font-size="34" fill="#eee">87%</text>
        <circle cx="90" cy="170" r="46" fill="#555"/>
        <text x="160" y="184" font-family="DejaVu Sans" font-weight="bold" font-size="40" fill="#fff">${esc(label)}</text>
        <text x="40" y="${top + ih + 90}" font-family="DejaVu Sans" font-size="56" fill="#eee">♡   ◯   ↗</text>
        <text x="40" y="${top + ih + 180}" font-family="DejaVu Sans" font-size="36" fill="#bbb">1,204 likes · 88 comments</text></svg>`;
      const img = sharp(Buffer.from(frame)).composite([{ input: picture, left: 40, top }]);
      // JPEG, not PNG: shared screenshots are usually recompressed, and a PNG of this size is ~600 KB.
      return asResult(img, 'jpeg', 85);
    }
  }
}

/** The size `applyTransform` gives a picture of w x h (used to answer with sizes before anything is rendered). */
export function sizeAfter(transform: TransformName, w: number, h: number): { width: number; height: number } {
  switch (transform) {
    case 'resized': {
      const width = Math.max(160, Math.round(w / 2));
      return { width, height: Math.round((h * width) / w) };
    }
    case 'cropped':
      return { width: w - 2 * Math.round(w * 0.05), height: h - 2 * Math.round(h * 0.05) };
    case 'screenshot':
      return { width: 1080, height: 260 + Math.round((h / w) * 1000) + 360 };
    default:
      return { width: w, height: h };
  }
}

/** A small JPEG preview, as a search engine's thumbnail server would give. */
export async function thumbnail(input: Buffer, width = 240): Promise<Buffer> {
  return sharp(input).rotate().resize({ width, withoutEnlargement: true }).jpeg({ quality: 72 }).toBuffer();
}

/** Width and height of an image, or undefined when sharp cannot decode it (e.g. a video). */
export async function imageSize(input: Buffer): Promise<{ width: number; height: number } | undefined> {
  try {
    const m = await sharp(input).metadata();
    return m.width && m.height ? { width: m.width, height: m.height } : undefined;
  } catch {
    return undefined;
  }
}
