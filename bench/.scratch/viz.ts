import sharp from 'sharp';
import { EDITS } from '../matching/edits';
import { Rng } from '../matching/rng';
(async () => {
  const src = process.argv[2];
  const png = await sharp(src).png().toBuffer();
  const m = await sharp(png).metadata();
  const o = { id: 'x', source: src, png, width: m.width!, height: m.height! };
  const W = 200; const comps: sharp.OverlayOptions[] = []; let i = 0;
  for (const [name, e] of Object.entries(EDITS)) {
    const t = Date.now();
    const b = await e(o, new Rng(7).fork(name + process.argv[3]));
    const mm = await sharp(b).metadata();
    console.log(name, mm.format, mm.width, mm.height, b.length, Date.now() - t, 'ms');
    const th = await sharp(b).resize(W, W, { fit: 'contain', background: '#888' }).png().toBuffer();
    comps.push({ input: th, left: (i % 8) * W, top: Math.floor(i / 8) * (W + 16) });
    comps.push({ input: Buffer.from(`<svg width="${W}" height="16"><text x="2" y="12" font-size="11">${name}</text></svg>`), left: (i % 8) * W, top: Math.floor(i / 8) * (W + 16) + W });
    i++;
  }
  await sharp({ create: { width: 8 * W, height: Math.ceil(i / 8) * (W + 16), channels: 3, background: '#fff' } }).composite(comps).png().toFile('/tmp/mwork/edits.png');
})();
