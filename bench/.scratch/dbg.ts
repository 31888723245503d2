import sharp from 'sharp';
import { EDITS } from '../matching/edits';
import { Rng } from '../matching/rng';
import { listImages, originalsOf } from '../matching/dataset';
import { decodeLuma } from '../../functions/matching/luma';
import { normalisedViews, referenceHashesFromLuma } from '../../functions/matching/hash-image';
import { resampleToGrid } from '../../functions/matching/resample';
import { dct64To16, writeBits } from '../../functions/matching/dct';
import { nearest } from '../../functions/matching/hamming';
(async () => {
  const e = process.argv[2]; const side = Number(process.argv[3] ?? 128);
  const files = (await listImages('/tmp/vigil-photos')).slice(0, 14);
  for (const f of files) {
    const [o] = await originalsOf(f);
    const b = await EDITS[e](o, new Rng(1).fork(`${o.id}|${e}`));
    const ref = referenceHashesFromLuma(await decodeLuma(o.png));
    const img = await decodeLuma(b);
    const views = normalisedViews(img);
    const out = views.map((v) => { const w = new Uint32Array(8); writeBits(dct64To16(resampleToGrid(img, v)), w); const n = nearest(w, ref.hashes); return `[${v.x},${v.y},${v.w},${v.h}] d=${n.distance}@${n.index}`; });
    const ri = await decodeLuma(o.png);
    console.log(path(f), `${img.width}x${img.height}`, `ref ${ri.width}x${ri.height}`, out.join('  '));
  }
})();
const path = (f: string) => f.split('/').pop()!.slice(0, 30).padEnd(30);
