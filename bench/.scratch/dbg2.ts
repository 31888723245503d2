import sharp from 'sharp';
import { EDITS } from '../matching/edits';
import { Rng } from '../matching/rng';
import { listImages, originalsOf } from '../matching/dataset';
import { decodeLuma } from '../../functions/matching/luma';
import { pictureBox, contentBox } from '../../functions/matching/trim';
(async () => {
  const [e, name] = [process.argv[2], process.argv[3]];
  const f = (await listImages('/tmp/vigil-photos')).find((x) => x.includes(name))!;
  const [o] = await originalsOf(f);
  const b = await EDITS[e](o, new Rng(1).fork(`${o.id}|${e}`));
  await sharp(b).toFile('/tmp/mwork/dbg.png');
  const img = await decodeLuma(b);
  console.log(img.width, img.height);
  console.log('picture', pictureBox(img), 'content', contentBox(img));
})();
(async () => {
  await new Promise((r) => setTimeout(r, 2500));
  const img = await decodeLuma(await (await import('node:fs/promises')).readFile('/tmp/mwork/dbg.png'));
  for (const x of [210, 220, 230]) console.log(x, Array.from({ length: 30 }, (_, k) => Math.round(img.data[(45 + k * 5) * img.width + x])).join(' '));
})();
