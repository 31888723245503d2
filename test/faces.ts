import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';

export { cutFace } from '../local/sandbox/faces';

/*
 * Face photos for likeness tests (issue 24), from the photos that ship in @vladmandic/face-api's `demo/` folder
 * (group photos; no labelled set with several photos per person is reachable offline). A "person" is one face cut
 * out of a demo photo with room around it; "their other photos" are edits of that cut (mirrored, smaller,
 * re-encoded), the closest offline stand-in for different photos of one person.
 */

export const FACE_DEMO_DIR = path.join(path.dirname(createRequire(path.join(process.cwd(), 'package.json')).resolve('@vladmandic/face-api/package.json')), 'demo');
export const demoPhoto = (n: number) => readFileSync(path.join(FACE_DEMO_DIR, `sample${n}.jpg`));

/**
 * Where the faces of sample1.jpg are (fractions of the picture, measured once with the shipped detector), so tests
 * cut single-face photos without running detection first: three people.
 */
const SAMPLE1_FACES = [
  { x: 0.215, y: 0.277, w: 0.093, h: 0.187 },
  { x: 0.436, y: 0.327, w: 0.099, h: 0.177 },
  { x: 0.768, y: 0.155, w: 0.105, h: 0.186 },
];

/** Three "photos" of one person: the cut face as is, mirrored, and smaller and re-encoded. */
export async function photosOfOnePerson(face: Buffer): Promise<Buffer[]> {
  const meta = await sharp(face).metadata();
  return [
    face,
    await sharp(face).flop().jpeg({ quality: 85 }).toBuffer(),
    await sharp(face).resize(Math.round(meta.width! * 0.8)).jpeg({ quality: 70 }).toBuffer(),
  ];
}

export const dataUrl = (jpeg: Buffer) => `data:image/jpeg;base64,${jpeg.toString('base64')}`;

export { SAMPLE1_FACES };
