import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadDataset, queryOriginals } from '../matching/dataset';
import { EDIT_NAMES } from '../matching/edits';
import { Rng } from '../matching/rng';
import { evaluate, calibrate, type QueryResult } from '../matching/evaluate';
import { minDistance } from '../matching/methods';
import { hashCandidateImage, hashReferenceImage, REFERENCE_PLAN, type ReferencePlan, type CropFraction } from '../../functions/matching/hash-image';

const grid = (scales: number[], step: number): CropFraction[] => {
  const out: CropFraction[] = [];
  for (const s of scales) {
    const slack = 1 - s; const n = Math.max(1, Math.round(slack / step));
    for (let i = 0; i <= n; i++) for (let j = 0; j <= n; j++) out.push({ x: (slack * i) / n, y: (slack * j) / n, w: s, h: s });
  }
  return out;
};
const PLANS: Record<string, ReferencePlan> = {
  base: REFERENCE_PLAN,
  grid5: { ...REFERENCE_PLAN, crops: grid([0.95, 0.9, 0.85, 0.8, 0.75, 0.7], 0.05) },
  grid25: { ...REFERENCE_PLAN, crops: grid([0.95, 0.9, 0.85, 0.8], 0.025) },
  grid25b: { ...REFERENCE_PLAN, crops: grid([0.95, 0.9, 0.85, 0.8, 0.75, 0.7], 0.025) },
};

(async () => {
  const planNames = process.argv[2].split(',');
  const seed = 1; const rng = new Rng(seed);
  const data = await loadDataset('/tmp/vigil-photos', rng, 1e-4, EDIT_NAMES.length);
  const candFile = '/tmp/mwork/cand.json';
  let cands: { id: string; fold: 0 | 1; role: string; edit: string; h: number[] }[] = [];
  try { cands = JSON.parse(await readFile(candFile, 'utf8')); } catch {
    for await (const q of queryOriginals(data, rng)) for (const edit of EDIT_NAMES) {
      const key = createHash('sha1').update(`${seed}|${q.original.id}|${edit}|${q.original.width}x${q.original.height}`).digest('hex');
      const bytes = await readFile(path.join('/tmp/mwork/cache', key.slice(0, 2), key));
      cands.push({ id: q.original.id, fold: q.fold, role: q.role, edit, h: Array.from((await hashCandidateImage(bytes)).hashes) });
    }
    await writeFile(candFile, JSON.stringify(cands));
  }
  console.log('candidates', cands.length);
  const refs = [...data.references[0], ...data.references[1]];
  for (const name of planNames) {
    const plan = PLANS[name];
    const t = Date.now();
    const rh = new Map<string, Uint32Array>();
    for (const o of refs) rh.set(o.id, (await hashReferenceImage(o.png, plan)).hashes);
    const refTime = (Date.now() - t) / refs.length;
    const all = new Uint32Array([...rh.values()].flatMap((a) => Array.from(a)));
    const R: QueryResult[] = []; const D: QueryResult[] = [];
    for (const c of cands) {
      const h = Uint32Array.from(c.h);
      if (c.role === 'reference') R.push({ fold: c.fold, edit: c.edit, distance: minDistance(h, rh.get(c.id)!, 8) });
      else D.push({ fold: c.fold, edit: c.edit, distance: minDistance(h, all, 8) });
    }
    const r = evaluate(R, D, EDIT_NAMES, 1e-4);
    const ds = D.map((d) => d.distance).sort((a, b) => a - b);
    console.log(`\n== ${name}: ${all.length / 8 / refs.length} hashes/ref, ${refTime.toFixed(1)} ms/ref; thresholds ${r.thresholds} (all: ${calibrate(ds, 1e-4)}), macro ${(r.macroRecall * 100).toFixed(1)} min ${(r.minEditRecall * 100).toFixed(1)} fp ${r.falsePositives}/${r.distractorQueries}; distractor min d: ${ds.slice(0, 8).join(',')} p1% ${ds[Math.floor(ds.length * 0.01)]}`);
    console.log(Object.entries(r.perEdit).filter(([, v]) => v < 0.97).map(([k, v]) => `${k} ${(v * 100).toFixed(0)}`).join(' | '));
  }
})();
