import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import type { MediaSpec, PageSpec } from './catalogue';
import { renderScene } from './images';

/*
 * Faces on the sandbox web (issue 24, likeness matching). The demo creator's face photos, to enrol in Settings, and a
 * new picture of that face among unrelated faces, planted when a scan's reverse image search names one of those
 * photos as a reference (as an engine's "visually similar" answers show other pictures of the person in a photo).
 *
 * The faces come from the group photos that ship in @vladmandic/face-api's `demo/` folder (nothing is downloaded).
 * Those photos do not show one person twice within the shipped threshold: the one likely repeat (sample1's third
 * face and sample3's third face) is 0.62 to 0.68 apart, above LIKENESS_THRESHOLD (0.5) and ENROL_SAME_PERSON (0.6),
 * measured with the shipped detector (bench/README.md, "Likeness in the sandbox"). So the creator's "other photos"
 * are framings of one face (as test/faces.ts does), and the planted picture is a new one made from it: the face
 * mirrored and placed small on another scene, between two strangers, which is not a copy of any file the creator
 * uploads (0.35 to 0.40 from the enrolled faces; the strangers 0.65 or more).
 */

type Box = { x: number; y: number; w: number; h: number };
type Source = { photo: number; box: Box };

/** Where the faces are in face-api's demo photos (fractions of the picture, measured once with the shipped detector). */
const CREATOR: Source = { photo: 1, box: { x: 0.768, y: 0.155, w: 0.105, h: 0.186 } };
const STRANGERS: readonly Source[] = [
  { photo: 5, box: { x: 0.409, y: 0.078, w: 0.081, h: 0.152 } },
  { photo: 6, box: { x: 0.614, y: 0.199, w: 0.098, h: 0.18 } },
  { photo: 5, box: { x: 0.58, y: 0.143, w: 0.082, h: 0.169 } },
  { photo: 6, box: { x: 0.354, y: 0.207, w: 0.083, h: 0.2 } },
];

/** The pictures of faces the sandbox makes. */
export type FacePicture = 'creator-among-strangers' | 'strangers';
export const FACE_PHOTO_COUNT = 3;

let demoDir: string | undefined;
function demoPhoto(n: number): Buffer {
  demoDir ??= path.join(path.dirname(createRequire(path.join(process.cwd(), 'package.json')).resolve('@vladmandic/face-api/package.json')), 'demo');
  return readFileSync(path.join(demoDir, `sample${n}.jpg`));
}

/** A photo of one person's face: the face (fractions of the picture) with a margin of `pad` (of its size) around it, as a JPEG. */
export async function cutFace(photo: Buffer, box: { x: number; y: number; w: number; h: number }, pad = 0.6): Promise<Buffer> {
  const meta = await sharp(photo).metadata();
  const W = meta.width!;
  const H = meta.height!;
  const left = Math.max(0, Math.round((box.x - box.w * pad) * W));
  const top = Math.max(0, Math.round((box.y - box.h * pad) * H));
  const right = Math.min(W, Math.round((box.x + box.w * (1 + pad)) * W));
  const bottom = Math.min(H, Math.round((box.y + box.h * (1 + pad)) * H));
  return sharp(photo).extract({ left, top, width: right - left, height: bottom - top }).jpeg({ quality: 90 }).toBuffer();
}

const cut = ({ photo, box }: Source, pad: number) => cutFace(demoPhoto(photo), box, pad);

/** The demo creator's photos of her face, to enrol (`/demo/faces/<n>.jpg`, n = 1..3): three framings, none mirrored. */
export async function creatorFacePhoto(n: number): Promise<Buffer> {
  if (n === 1) return cut(CREATOR, 0.6);
  if (n === 2) return sharp(await cut(CREATOR, 1.2)).jpeg({ quality: 88 }).toBuffer();
  if (n === 3) {
    const face = await cut(CREATOR, 0.6);
    const width = (await sharp(face).metadata()).width!;
    return sharp(face).resize(Math.round(width * 0.8)).jpeg({ quality: 75 }).toBuffer();
  }
  throw new Error(`no face photo ${n}`);
}

/** The picture's decoded pixels, hashed: a re-saved file (other metadata, a JPEG comment) hashes the same. */
async function pixelHash(bytes: Buffer): Promise<string | undefined> {
  try {
    const { data, info } = await sharp(bytes).rotate().raw().toBuffer({ resolveWithObject: true });
    return createHash('sha256').update(`${info.width}x${info.height}x${info.channels}`).update(data).digest('hex');
  } catch {
    return undefined;
  }
}

let creatorHashes: Promise<Set<string>> | undefined;
/** Whether `bytes` is one of the demo creator's face photos (by its pixels). */
export async function isCreatorFacePhoto(bytes: Buffer): Promise<boolean> {
  creatorHashes ??= Promise.all(Array.from({ length: FACE_PHOTO_COUNT }, async (_, i) => (await pixelHash(await creatorFacePhoto(i + 1)))!)).then((h) => new Set(h));
  const h = await pixelHash(bytes);
  return h !== undefined && (await creatorHashes).has(h);
}

/** Draws a picture of faces on a blurred garden scene (1200 x 800). */
export async function facePicture(picture: FacePicture): Promise<Buffer> {
  const scene = await sharp(await renderScene({ theme: 'garden', seed: picture === 'strangers' ? 2424 : 2525, width: 1200, height: 800 }))
    .blur(6)
    .toBuffer();
  const place = async (face: Buffer, width: number, left: number, top: number, mirror = false) => ({
    input: await (mirror ? sharp(face).flop() : sharp(face)).resize(width).toBuffer(),
    left,
    top,
  });
  const layers =
    picture === 'creator-among-strangers'
      ? [
          await place(await cut(STRANGERS[0]!, 0.5), 300, 40, 180),
          await place(await cut(CREATOR, 1.0), 320, 440, 120, true),
          await place(await cut(STRANGERS[1]!, 0.5), 300, 860, 200),
        ]
      : [await place(await cut(STRANGERS[2]!, 0.5), 320, 120, 160), await place(await cut(STRANGERS[3]!, 0.5), 320, 700, 140)];
  return sharp(scene).composite(layers).jpeg({ quality: 88 }).toBuffer();
}

/**
 * What the sandbox plants beside the copies of a reference that is one of the creator's face photos: a Socialgram
 * post with a new picture of her face between two strangers, and a picture of strangers only. Neither is a copy of
 * the reference; only likeness matching can find her in the first.
 */
export function likenessContent(ref: string, now: Date): { pages: PageSpec[]; media: MediaSpec[] } {
  const domain = 'socialgram.example';
  const media: MediaSpec[] = (['creator-among-strangers', 'strangers'] as const).map((picture, i) => ({
    domain,
    file: `p-${ref}-party-${i + 1}.jpg`,
    kind: 'image',
    source: { type: 'faces', ref, picture },
    transform: 'original',
    alt: i === 0 ? 'three friends at a garden party' : 'two friends at a garden party',
    width: 1200,
    height: 800,
  }));
  const pages: PageSpec[] = [
    {
      domain,
      path: `/nightout.snaps/p/${ref}`,
      title: 'Garden party (@nightout.snaps) • Socialgram',
      body: ['what a night with the crew 🎉'],
      author: '@nightout.snaps',
      comments: ['who is in the middle?'],
      media: media.map((m) => m.file),
      published: new Date(now.getTime() - 5 * 86_400_000).toISOString(),
      plantedFor: ref,
    },
  ];
  return { pages, media };
}
