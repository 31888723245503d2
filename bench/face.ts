/**
 * Likeness benchmark (issue 24):
 *   npm run bench:face -- --images DIR [--out FILE] [--edits a,b,c] [--seed N]
 * (default DIR: face-api's own demo photos). Finds the faces of every picture in DIR (JPG, PNG; a folder named
 * `*.frames` is frames of one video, so of one person), cuts each face out with room around it, and applies the
 * image edits of bench:match that keep a face (re-encode, resize, crop that keeps the face, mirror, screenshot,
 * watermark). It reports, at the shipped threshold (functions/matching/likeness.ts):
 *   - detectionRecall: the share of edited pictures in which a face is found;
 *   - selfMatchRecall and selfMatchPerEdit: the share whose face is within the threshold of the original face;
 *   - falseAcceptRate over distinctPairs: pairs of faces of different pictures within the threshold (faces of
 *     different pictures are taken for different people, which the folder cannot prove);
 *   - framesSamePerson: for `*.frames` folders, the share of pairs of frames of one person within the threshold
 *     (the only offline stand-in for different photos of one person);
 *   - msPerPicture: detection, landmarks and descriptors per edited picture, as Triage runs them.
 * Distances are printed as quantiles too, which is how the threshold was chosen (bench/README.md, "Likeness").
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { detectFaces, faceDistance, loadFaceModels, LIKENESS_THRESHOLD, type Face } from '../functions/matching/likeness';
import { EDITS, type Original } from './matching/edits';
import { Rng } from './matching/rng';
import { OUT_DIR, writeReport } from './support/output';
import { renderTable } from './support/table';

const DEFAULT_EDITS = ['jpeg-50', 'webp-50', 'scale-0.25', 'thumbnail-320', 'crop-10-centre', 'mirror', 'screenshot', 'text-watermark'];
const log = (...parts: unknown[]) => process.stderr.write(parts.join(' ') + '\n');

interface Subject {
  id: string;
  /** The person: a picture's own name, or the `*.frames` folder all its frames share. */
  person: string;
  face: Face;
  cut: Buffer;
}

function pictures(dir: string): { file: string; person?: string }[] {
  const out: { file: string; person?: string }[] = [];
  for (const name of readdirSync(dir).sort()) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      if (name.endsWith('.frames')) for (const f of readdirSync(full).sort()) if (/\.(jpe?g|png)$/i.test(f)) out.push({ file: path.join(full, f), person: name });
    } else if (/\.(jpe?g|png)$/i.test(name)) out.push({ file: full });
  }
  return out;
}

/** The face with room around it (half its size each side), as lossless PNG: the "original" the edits start from. */
async function cut(bytes: Buffer, box: Face['box']): Promise<{ png: Buffer; width: number; height: number }> {
  const img = sharp(bytes).rotate();
  const { data, info } = await img.png().toBuffer({ resolveWithObject: true });
  const W = info.width;
  const H = info.height;
  const left = Math.max(0, Math.round((box.x - box.w * 0.5) * W));
  const top = Math.max(0, Math.round((box.y - box.h * 0.5) * H));
  const width = Math.min(W, Math.round((box.x + box.w * 1.5) * W)) - left;
  const height = Math.min(H, Math.round((box.y + box.h * 1.5) * H)) - top;
  const png = await sharp(data).extract({ left, top, width, height }).png().toBuffer();
  return { png, width, height };
}

const quantile = (xs: number[], q: number) => {
  if (!xs.length) return null;
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor(q * (s.length - 1)))]! * 1000) / 1000;
};

async function main(): Promise<void> {
  const demo = path.join(path.dirname(createRequire(path.join(process.cwd(), 'package.json')).resolve('@vladmandic/face-api/package.json')), 'demo');
  const { values } = parseArgs({
    options: {
      images: { type: 'string', default: demo },
      out: { type: 'string', default: path.join(OUT_DIR, 'face.json') },
      edits: { type: 'string', default: DEFAULT_EDITS.join(',') },
      seed: { type: 'string', default: '24' },
    },
  });
  const edits = values.edits.split(',').filter((e) => EDITS[e]);
  const rng = new Rng(Number(values.seed));
  const t0 = performance.now();
  await loadFaceModels();
  const loadMs = performance.now() - t0;

  const subjects: Subject[] = [];
  for (const { file, person } of pictures(values.images)) {
    const bytes = readFileSync(file);
    let faces: Face[];
    try {
      faces = await detectFaces(bytes);
    } catch (err) {
      log(`skipped ${file}: ${(err as Error).message}`);
      continue;
    }
    // A frame of a video: its largest face is the person of the folder.
    const kept = person ? faces.sort((a, b) => b.sizePx - a.sizePx).slice(0, 1) : faces;
    for (const [i, face] of kept.entries()) {
      const id = `${path.relative(values.images, file)}#${i}`;
      subjects.push({ id, person: person ?? id, face, cut: (await cut(bytes, face.box)).png });
    }
    log(`${path.relative(values.images, file)}: ${faces.length} face(s)`);
  }
  const people = new Set(subjects.map((s) => s.person)).size;

  const perEdit: Record<string, { n: number; detected: number; matched: number }> = Object.fromEntries(edits.map((e) => [e, { n: 0, detected: 0, matched: 0 }]));
  const selfDistances: number[] = [];
  let ms = 0;
  let timed = 0;
  for (const s of subjects) {
    const meta = await sharp(s.cut).metadata();
    const original: Original = { id: s.id, source: s.id, png: s.cut, width: meta.width!, height: meta.height! };
    for (const e of edits) {
      const edited = await EDITS[e]!(original, rng);
      const t = performance.now();
      const found = await detectFaces(edited);
      ms += performance.now() - t;
      timed += 1;
      const row = perEdit[e]!;
      row.n += 1;
      if (found.length) row.detected += 1;
      const d = Math.min(...found.map((f) => faceDistance(f.descriptor, s.face.descriptor)));
      if (found.length) selfDistances.push(d);
      if (d <= LIKENESS_THRESHOLD) row.matched += 1;
    }
  }

  const distinct: number[] = [];
  const samePerson: number[] = [];
  for (let i = 0; i < subjects.length; i++) {
    for (let j = i + 1; j < subjects.length; j++) {
      const d = faceDistance(subjects[i]!.face.descriptor, subjects[j]!.face.descriptor);
      if (subjects[i]!.person === subjects[j]!.person) samePerson.push(d);
      else distinct.push(d);
    }
  }
  const total = Object.values(perEdit).reduce((a, r) => ({ n: a.n + r.n, detected: a.detected + r.detected, matched: a.matched + r.matched }), { n: 0, detected: 0, matched: 0 });
  const round = (x: number) => Math.round(x * 10000) / 10000;
  const report = {
    images: values.images,
    faces: subjects.length,
    people,
    pictures: total.n,
    edits,
    threshold: LIKENESS_THRESHOLD,
    detectionRecall: total.n ? round(total.detected / total.n) : null,
    selfMatchRecall: total.n ? round(total.matched / total.n) : null,
    selfMatchPerEdit: Object.fromEntries(Object.entries(perEdit).map(([e, r]) => [e, r.n ? round(r.matched / r.n) : null])),
    detectionPerEdit: Object.fromEntries(Object.entries(perEdit).map(([e, r]) => [e, r.n ? round(r.detected / r.n) : null])),
    distinctPairs: distinct.length,
    falseAccepts: distinct.filter((d) => d <= LIKENESS_THRESHOLD).length,
    falseAcceptRate: distinct.length ? round(distinct.filter((d) => d <= LIKENESS_THRESHOLD).length / distinct.length) : null,
    samePersonPairs: samePerson.length,
    framesSamePerson: samePerson.length ? round(samePerson.filter((d) => d <= LIKENESS_THRESHOLD).length / samePerson.length) : null,
    distances: {
      selfMatch: { p50: quantile(selfDistances, 0.5), p95: quantile(selfDistances, 0.95), max: quantile(selfDistances, 1) },
      samePerson: { min: quantile(samePerson, 0), p50: quantile(samePerson, 0.5), max: quantile(samePerson, 1) },
      distinct: { min: quantile(distinct, 0), p05: quantile(distinct, 0.05), p50: quantile(distinct, 0.5) },
    },
    msPerPicture: timed ? Math.round(ms / timed) : null,
    modelLoadMs: Math.round(loadMs),
  };
  const rows = edits.map((e) => [e, String(perEdit[e]!.n), pct(report.detectionPerEdit[e]), pct(report.selfMatchPerEdit[e])]);
  rows.push(['all', String(total.n), pct(report.detectionRecall), pct(report.selfMatchRecall)]);
  process.stdout.write(`${report.faces} faces (${report.people} people) in ${values.images}; threshold ${LIKENESS_THRESHOLD}\n`);
  process.stdout.write(renderTable(['edit', 'pictures', 'face found', 'self match'], rows, ['left', 'right', 'right', 'right']) + '\n');
  process.stdout.write(
    `false accepts: ${report.falseAccepts} of ${report.distinctPairs} pairs of distinct faces (${pct(report.falseAcceptRate)}); ` +
      `frames of one person within the threshold: ${pct(report.framesSamePerson)} of ${report.samePersonPairs} pairs\n` +
      `distances: ${JSON.stringify(report.distances)}\n${report.msPerPicture} ms per picture; models loaded in ${report.modelLoadMs} ms\n`,
  );
  log(`wrote ${await writeReport(values.out, report)}`);
}

const pct = (x: number | null | undefined) => (x === null || x === undefined ? '-' : `${(x * 100).toFixed(1)}%`);

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
