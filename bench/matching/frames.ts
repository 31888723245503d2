import sharp from 'sharp';
import type { Rng } from './rng';

/**
 * Screenshot frames around a photo, as reposts show them: a phone app (status bar, header, caption and
 * navigation bar, light or dark) or a desktop browser (title bar, tab, address bar, site header, caption
 * and a sidebar of text). Drawn with SVG so the chrome has real text and icons, not uniform bars.
 */
export async function screenshotFrame(photo: Buffer, width: number, height: number, rng: Rng): Promise<Buffer> {
  return rng.next() < 0.5 ? phoneFrame(photo, width, height, rng) : desktopFrame(photo, width, height, rng);
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

function textLines(x: number, y: number, lines: string[], size: number, colour: string, gap = 1.5): string {
  return lines
    .map((t, i) => `<text x="${x}" y="${y + i * size * gap}" font-family="DejaVu Sans" font-size="${size}" fill="${colour}">${esc(t)}</text>`)
    .join('');
}

async function phoneFrame(photo: Buffer, width: number, height: number, rng: Rng): Promise<Buffer> {
  const dark = rng.next() < 0.5;
  const bg = dark ? '#000000' : '#ffffff';
  const fg = dark ? '#f0f0f0' : '#111111';
  const sw = 1080;
  const sh = 2340;
  const margin = rng.pick([0, 0, 24]);
  let pw = sw - 2 * margin;
  let ph = Math.round((pw * height) / width);
  if (ph > sh - 760) {
    ph = sh - 760;
    pw = Math.round((ph * width) / height);
  }
  const px = Math.round((sw - pw) / 2);
  const py = 250;
  const below = py + ph + 30;
  const user = rng.pick(['leaks.daily', 'free_stuff_hub', 'repost.central', 'mirror_acc_2']);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${sw}" height="${sh}">
    <rect width="${sw}" height="${sh}" fill="${bg}"/>
    ${textLines(48, 62, [`${rng.int(1, 12)}:${String(rng.int(0, 59)).padStart(2, '0')}`], 40, fg)}
    <rect x="${sw - 210}" y="34" width="40" height="28" rx="4" fill="${fg}"/>
    <rect x="${sw - 150}" y="34" width="60" height="28" rx="6" fill="none" stroke="${fg}" stroke-width="4"/>
    <rect x="${sw - 146}" y="38" width="${rng.int(10, 50)}" height="20" fill="${fg}"/>
    <circle cx="90" cy="170" r="44" fill="${rng.pick(['#d62976', '#4f5bd5', '#fa7e1e'])}"/>
    ${textLines(160, 185, [user], 40, fg)}
    <circle cx="${sw - 120}" cy="170" r="7" fill="${fg}"/><circle cx="${sw - 95}" cy="170" r="7" fill="${fg}"/><circle cx="${sw - 70}" cy="170" r="7" fill="${fg}"/>
    <path d="M60 ${below + 20} l30 30 l30 -30 a15 15 0 0 0 -30 -15 a15 15 0 0 0 -30 15z" fill="none" stroke="${fg}" stroke-width="6"/>
    <rect x="160" y="${below + 5}" width="60" height="50" rx="20" fill="none" stroke="${fg}" stroke-width="6"/>
    <path d="M260 ${below + 5} l60 25 l-60 25z" fill="none" stroke="${fg}" stroke-width="6"/>
    ${textLines(48, below + 120, [`${rng.int(100, 9999)} likes`, `${user} full set in bio, dm for more`, `View all ${rng.int(2, 300)} comments`], 36, fg)}
    <rect y="${sh - 150}" width="${sw}" height="150" fill="${bg}"/>
    ${[0, 1, 2, 3, 4].map((i) => `<rect x="${100 + i * 205}" y="${sh - 105}" width="60" height="60" rx="${i * 8}" fill="none" stroke="${fg}" stroke-width="6"/>`).join('')}
  </svg>`;
  const scaled = await sharp(photo).resize(pw, ph, { fit: 'fill' }).png({ compressionLevel: 0 }).toBuffer();
  return sharp(Buffer.from(svg))
    .composite([{ input: scaled, left: px, top: py }])
    .png({ compressionLevel: 0 })
    .toBuffer();
}

async function desktopFrame(photo: Buffer, width: number, height: number, rng: Rng): Promise<Buffer> {
  const sw = 1440;
  const sh = 900;
  const page = rng.pick(['#ffffff', '#f4f4f4', '#1e1f22']);
  const text = page === '#1e1f22' ? '#dddddd' : '#333333';
  const sidebar = rng.next() < 0.6;
  const maxW = sidebar ? 860 : 1200;
  const maxH = 560;
  const s = Math.min(maxW / width, maxH / height);
  const pw = Math.round(width * s);
  const ph = Math.round(height * s);
  const px = sidebar ? 60 + Math.round((maxW - pw) / 2) : Math.round((sw - pw) / 2);
  const py = 170;
  const site = rng.pick(['forum.example-leaks.net', 'imgshare.example', 'tube.example.org', 'blog.example.com']);
  const sidebarSvg = sidebar
    ? `<rect x="980" y="170" width="400" height="${rng.int(160, 260)}" fill="${page === '#1e1f22' ? '#2b2d31' : '#e9e9e9'}"/>
       ${textLines(1000, 215, ['Related threads', 'New uploads this week', 'Top posters', 'Members online: 1,204'], 20, text, 1.8)}
       ${textLines(980, 500, ['Advertisement'], 16, text)}
       <rect x="980" y="515" width="400" height="180" fill="${rng.pick(['#3b82f6', '#ef4444', '#10b981'])}"/>`
    : '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${sw}" height="${sh}">
    <rect width="${sw}" height="${sh}" fill="${page}"/>
    <rect width="${sw}" height="40" fill="#dedede"/>
    <circle cx="20" cy="20" r="7" fill="#ff5f57"/><circle cx="42" cy="20" r="7" fill="#febc2e"/><circle cx="64" cy="20" r="7" fill="#28c840"/>
    <rect x="100" y="6" width="240" height="34" rx="8" fill="#f7f7f7"/>
    ${textLines(118, 29, [site.slice(0, 22)], 15, '#333333')}
    <rect y="40" width="${sw}" height="46" fill="#f7f7f7"/>
    <rect x="120" y="48" width="900" height="30" rx="15" fill="#ffffff" stroke="#cccccc"/>
    ${textLines(140, 69, [`https://${site}/t/${rng.int(1000, 99999)}/full-set`], 16, '#444444')}
    <rect y="86" width="${sw}" height="56" fill="${rng.pick(['#2d3e50', '#7b2cbf', '#0f766e'])}"/>
    ${textLines(60, 122, [site], 22, '#ffffff')}
    ${textLines(720, 122, ['Home    Latest    Popular    Upload'], 20, '#ffffff')}
    ${textLines(px, py + ph + 36, ['Posted by anon_' + rng.int(100, 999) + ' · ' + rng.int(2, 59) + ' minutes ago', 'Full resolution in the thread below, mirrors in comments.'], 18, text)}
    ${sidebarSvg}
  </svg>`;
  const scaled = await sharp(photo).resize(pw, ph, { fit: 'fill' }).png({ compressionLevel: 0 }).toBuffer();
  return sharp(Buffer.from(svg))
    .composite([{ input: scaled, left: px, top: py }])
    .png({ compressionLevel: 0 })
    .toBuffer();
}
