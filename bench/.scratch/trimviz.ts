import sharp from 'sharp';
import { EDITS } from '../matching/edits';
import { Rng } from '../matching/rng';
import { decodeLuma } from '../../functions/matching/luma';
import { pictureBox as contentBox } from '../../functions/matching/trim';
import { listImages } from '../matching/dataset';
(async () => {
  const files = (await listImages('/tmp/vigil-photos')).slice(0, 12);
  const comps: sharp.OverlayOptions[] = []; const W = 200; let i = 0;
  for (const f of files) for (const e of ['screenshot', 'screenshot+crop']) {
    const png = await sharp(f).png().toBuffer(); const m = await sharp(png).metadata();
    const o = { id: f, source: f, png, width: m.width!, height: m.height! };
    const b = await EDITS[e](o, new Rng(1).fork(`${o.id}|${e}`));
    const img = await decodeLuma(b, 128);
    const box = contentBox(img);
    const g = Buffer.from(img.data.map((v) => v) as any);
    const u8 = Uint8Array.from(img.data);
    const rgb = new Uint8Array(img.width * img.height * 3);
    for (let k = 0; k < u8.length; k++) { rgb[3 * k] = u8[k]; rgb[3 * k + 1] = u8[k]; rgb[3 * k + 2] = u8[k]; }
    for (let y = box.y; y < box.y + box.h; y++) for (let x = box.x; x < box.x + box.w; x++) if (y === box.y || y === box.y + box.h - 1 || x === box.x || x === box.x + box.w - 1) { const k = y * img.width + x; rgb[3 * k] = 255; rgb[3 * k + 1] = 0; rgb[3 * k + 2] = 0; }
    const t = await sharp(rgb, { raw: { width: img.width, height: img.height, channels: 3 } }).resize(W, W, { fit: 'contain', background: '#888', kernel: 'nearest' }).png().toBuffer();
    comps.push({ input: t, left: (i % 8) * W, top: Math.floor(i / 8) * W }); i++;
  }
  await sharp({ create: { width: 8 * W, height: Math.ceil(i / 8) * W, channels: 3, background: '#fff' } }).composite(comps).png().toFile('/tmp/mwork/trim.png');
})();
