import { decodeLuma } from '../../functions/matching/luma';
import { resampleToGrid } from '../../functions/matching/resample';
import { dct64To16, writeBits } from '../../functions/matching/dct';
import { hammingAt } from '../../functions/matching/hamming';
import { listImages } from '../matching/dataset';
import { readFile } from 'node:fs/promises';
(async () => {
  const files = (await listImages('/tmp/vigil-photos')).slice(0, 58);
  const side = Number(process.argv[2] ?? 128);
  const shifts = [0, 0.01, 0.02, 0.03, 0.05, 0.075, 0.1];
  const scales = [1, 0.97, 0.95, 0.92, 0.9, 0.85];
  const accS = shifts.map(() => [] as number[]); const accZ = scales.map(() => [] as number[]);
  const h = (img: any, box: any) => { const w = new Uint32Array(8); writeBits(dct64To16(resampleToGrid(img, box)), w); return w; };
  const all: Uint32Array[] = [];
  for (const f of files) {
    const img = await decodeLuma(await readFile(f), side);
    const W = img.width, H = img.height;
    const base = h(img, { x: 0.05 * W, y: 0.05 * H, w: 0.9 * W, h: 0.9 * H });
    all.push(base);
    shifts.forEach((s, i) => accS[i].push(hammingAt(base, 0, h(img, { x: (0.05 + s / 2) * W, y: (0.05 + s / 2) * H, w: 0.9 * W, h: 0.9 * H }), 0)));
    scales.forEach((z, i) => accZ[i].push(hammingAt(base, 0, h(img, { x: (0.5 - 0.45 * z) * W, y: (0.5 - 0.45 * z) * H, w: 0.9 * z * W, h: 0.9 * z * H }), 0)));
  }
  const stat = (a: number[]) => { a.sort((x, y) => x - y); return `mean ${(a.reduce((p, c) => p + c, 0) / a.length).toFixed(1)} p90 ${a[Math.floor(a.length * 0.9)]} max ${a[a.length - 1]}`; };
  shifts.forEach((s, i) => console.log('diag shift', s, stat(accS[i])));
  scales.forEach((z, i) => console.log('scale', z, stat(accZ[i])));
  const un: number[] = [];
  for (let i = 0; i < all.length; i++) for (let j = i + 1; j < all.length; j++) un.push(hammingAt(all[i], 0, all[j], 0));
  console.log('unrelated', stat(un), 'min', Math.min(...un));
})();
