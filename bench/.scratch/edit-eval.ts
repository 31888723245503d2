// quick: per-edit own-distance distribution for vigil over all photos (no FPR)
import sharp from 'sharp';
import { EDITS } from '../matching/edits';
import { Rng } from '../matching/rng';
import { listImages, originalsOf } from '../matching/dataset';
import { vigil, minDistance } from '../matching/methods';
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
(async () => {
  const edits = process.argv[2].split(',');
  const files = await listImages('/tmp/vigil-photos');
  const m = vigil();
  for (const e of edits) {
    const ds: number[] = [];
    for (const f of files) {
      for (const o of await originalsOf(f)) {
        const key = createHash('sha1').update(`1|${o.id}|${e}|${o.width}x${o.height}`).digest('hex');
        const file = path.join('/tmp/mwork/cache', key.slice(0, 2), key);
        let b: Buffer;
        try { b = await readFile(file); } catch { b = await EDITS[e](o, new Rng(1).fork(`${o.id}|${e}`)); await mkdir(path.dirname(file), { recursive: true }); await writeFile(file, b); }
        const r = await m.reference(o.png);
        ds.push(minDistance(await m.query(b), r, 8));
      }
    }
    ds.sort((a, b) => a - b);
    const q = (p: number) => ds[Math.floor(p * (ds.length - 1))];
    console.log(e.padEnd(28), `n=${ds.length} p10 ${q(0.1)} p50 ${q(0.5)} p80 ${q(0.8)} p90 ${q(0.9)} max ${q(1)}  <=40: ${(ds.filter((d) => d <= 40).length / ds.length * 100).toFixed(0)}% <=60: ${(ds.filter((d) => d <= 60).length / ds.length * 100).toFixed(0)}%`);
  }
})();
