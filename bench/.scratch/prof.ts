import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { PEERS, vigil } from '../matching/methods';
(async () => {
  const dir = '/tmp/mwork/cache';
  const subs = (await readdir(dir)).slice(0, 40);
  const bufs: Buffer[] = [];
  for (const s of subs) for (const f of (await readdir(path.join(dir, s))).slice(0, 5)) bufs.push(await readFile(path.join(dir, s, f)));
  for (const m of [vigil(), ...PEERS]) {
    const t = Date.now();
    for (const b of bufs) await m.query(b);
    console.log(m.name, ((Date.now() - t) / bufs.length).toFixed(2), 'ms/query');
  }
  const t = Date.now();
  const v = vigil();
  for (const b of bufs.slice(0, 50)) await v.reference(b);
  console.log('vigil reference', ((Date.now() - t) / 50).toFixed(2));
})();
