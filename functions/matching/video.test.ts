import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { ReferenceSet, bestMatch, decide, hashCandidate, hashVideoReference } from './index';
import { edgePersistence, persistentInset } from './inset';
import { paintOut, staticOverlays } from './overlay';
import { decodeLuma, type Box, type LumaImage } from './luma';
import { sampleFrames } from './video';
import { hashVideoCandidate, matchVideoCopy, VIDEO_RULE } from './video-copy';

const fixture = (name: string) => path.join(__dirname, 'fixtures', name);
const ffmpeg = (...args: string[]) => execFileSync('ffmpeg', ['-v', 'error', '-y', ...args]);
const X264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-an'];

describe('video references', () => {
  let dir: string;
  let clip: string;

  beforeAll(() => {
    // A 4-second generated clip (ffmpeg's test pattern with its moving gradient and counter).
    dir = mkdtempSync(path.join(tmpdir(), 'vigil-video-test-'));
    clip = path.join(dir, 'clip.mp4');
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=duration=4:size=320x240:rate=10', '-pix_fmt', 'yuv420p', clip]);
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('hashes one frame a second and matches a still taken from the clip', async () => {
    // Arrange
    const still = path.join(dir, 'still.jpg');
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-ss', '2.2', '-i', clip, '-frames:v', '1', '-vf', 'scale=200:-2', still]);

    // Act
    const video = await hashVideoReference(clip);
    const set = ReferenceSet.from([{ id: 'clip', hashes: video.hashes }]);
    const match = bestMatch(await hashCandidate(readFileSync(still)), set);

    // Assert
    expect(video.frames).toBeGreaterThanOrEqual(3);
    expect(video.durationSeconds).toBeCloseTo(4, 0);
    expect(match).toMatchObject({ referenceId: 'clip', isMatch: true });
  }, 90_000);

  it('accepts the bytes of the clip and does not match an unrelated photo', async () => {
    const video = await hashVideoReference(readFileSync(clip));
    const set = ReferenceSet.from([{ id: 'clip', hashes: video.hashes }]);
    const photo = readFileSync(path.join(__dirname, 'fixtures', 'coffee.jpg'));
    expect(bestMatch(await hashCandidate(photo), set)?.isMatch).toBe(false);
  }, 90_000);

  it('samples a video longer than the frame cap evenly over its whole length', async () => {
    // Five minutes of a tiny test pattern at one frame a second (quick to encode).
    const long = path.join(dir, 'long.mp4');
    // Its second half is painted white, so a frame shows which half it was taken from.
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=duration=300:size=64x48:rate=1', '-vf', "drawbox=x=0:y=0:w=iw:h=ih:color=white:t=fill:enable='gte(t,150)'", '-pix_fmt', 'yuv420p', long]);
    const { pngs, durationSeconds, rate } = await sampleFrames(long, { fps: 1, maxFrames: 10 });
    expect(durationSeconds).toBeCloseTo(300, 0);
    // One frame every 30 s, not the first 10 seconds: half of them from the white second half.
    expect(rate).toBeCloseTo(10 / 300, 5);
    expect(pngs.length).toBe(10);
    const white = await Promise.all(pngs.map(async (p) => (await decodeLuma(p)).data.every((v) => v > 240)));
    expect(white).toEqual([false, false, false, false, false, true, true, true, true, true]);
  }, 30_000);

  it('rejects bytes that are not a video', async () => {
    await expect(hashVideoReference(Buffer.from('not a video'))).rejects.toThrow(/ff(mpeg|probe) failed/);
  });
});

describe('persistent edges: insets and overlays', () => {
  /**
   * 16 frames of 256x144 in which a picture of random 8 px blocks (a new one each frame, on a grid shifted each
   * frame, so no edge persists) shows another such picture in `inset`; `quiet(frame)` may return a box left
   * plain grey in that frame, inset and background alike (no edge there), and `still(x, y, frame)` a luma
   * that overrides both (detail that does not move).
   */
  function frames(inset: Box, quiet: (frame: number) => Box | undefined = () => undefined, still: (x: number, y: number, frame: number) => number | undefined = () => undefined): LumaImage[] {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    const width = 256;
    const height = 144;
    const blocks = () => {
      const shift = [Math.floor(random() * 8), Math.floor(random() * 8)];
      const values = Array.from({ length: 34 * 20 }, () => random() * 255);
      return (x: number, y: number) => values[Math.floor((y + shift[1]) / 8) * 34 + Math.floor((x + shift[0]) / 8)];
    };
    const inside = (b: Box, x: number, y: number) => x >= b.x && x < b.x + b.w && y >= b.y && y < b.y + b.h;
    return Array.from({ length: 16 }, (_, f) => {
      const [outer, inner] = [blocks(), blocks()];
      const plain = quiet(f);
      const data = new Float32Array(width * height);
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          data[y * width + x] = plain && inside(plain, x, y) ? 128 : (still(x, y, f) ?? (inside(inset, x, y) ? inner(x, y) : outer(x, y)));
        }
      }
      return { data, width, height };
    });
  }

  /** The found box's four sides, each within a pixel of the inset's (a step between two pixels is read on either). */
  function expectSides(found: Box | undefined, inset: Box) {
    expect(found).toBeDefined();
    const sides = (b: Box) => [b.x, b.y, b.x + b.w, b.y + b.h];
    sides(found!).forEach((side, i) => expect(Math.abs(side - sides(inset)[i])).toBeLessThanOrEqual(1));
  }

  it('finds the inset on its four edges', () => {
    const box = { x: 40, y: 30, w: 128, h: 72 };
    expectSides(persistentInset(edgePersistence(frames(box))), box);
  });

  it('places an inset a few pixels from the corner on its own edges, even where one edge persists less than the others', () => {
    // The inset ends 6 px from the right and 2 px from the bottom; its right edge is lost in 5 of the 16
    // frames (a stretch where both pictures have the same flat colour there), so it persists in 11.
    const box = { x: 122, y: 70, w: 128, h: 72 };
    const found = persistentInset(edgePersistence(frames(box, (f) => (f < 5 ? { x: 240, y: 60, w: 16, h: 90 } : undefined))));
    // Not the larger box reaching the frame's border past the weaker edge (the rule ranked by persistence first).
    expectSides(found, box);
  });

  it('reads an edge against its quieter side: fine stripes inside the inset, along its edge', () => {
    // In 10 of the 16 frames, columns 176 to 187 of the inset alternate dark and light every 2 px (a railing
    // a vertical pan keeps in place): the lines just inside its right edge persist almost as much as the edge.
    const box = { x: 60, y: 40, w: 128, h: 72 };
    const stripes = (x: number, y: number, f: number) => (f < 10 && x >= 176 && x < 188 && y >= 40 && y < 112 ? (Math.floor(x / 2) % 2 ? 60 : 200) : undefined);
    expectSides(persistentInset(edgePersistence(frames(box, () => undefined, stripes))), box);
  });

  it('finds no inset in a picture whose texture does not move', () => {
    const texture = (x: number) => (Math.floor(x / 2) % 2 ? 60 : 200);
    expect(persistentInset(edgePersistence(frames({ x: 0, y: 0, w: 0, h: 0 }, () => undefined, texture)))).toBeUndefined();
  });

  const nowhere = { x: 0, y: 0, w: 0, h: 0 };
  /** A watermark that never moves: a box 100x20 at (10, 112) with an outline and five letter-like bars. */
  const watermark = (x: number, y: number) => {
    if (x < 10 || x >= 110 || y < 112 || y >= 132) return undefined;
    if (x === 10 || x === 109 || y === 112 || y === 131) return 30;
    return y >= 116 && y < 128 && (x - 20) % 16 < 4 && x < 100 ? 240 : 30;
  };

  it('finds a watermark that stays put over a moving picture, as one box around it', () => {
    const found = staticOverlays(edgePersistence(frames(nowhere, () => undefined, watermark)));
    expect(found).toHaveLength(1);
    const [box] = found;
    // The watermark's box, padded by the few pixels within which its parts are joined.
    expect(box.x).toBeLessThanOrEqual(10);
    expect(box.y).toBeLessThanOrEqual(112);
    expect(box.x + box.w).toBeGreaterThanOrEqual(110);
    expect(box.y + box.h).toBeGreaterThanOrEqual(132);
    expect(box.w * box.h).toBeLessThan(110 * 30);
  });

  it('finds no overlay where the whole picture stays put, nor in an inset (too large to be laid over a clip)', () => {
    const texture = (x: number, y: number) => ((Math.floor(x / 6) + Math.floor(y / 6)) % 2 ? 60 : 200);
    expect(staticOverlays(edgePersistence(frames(nowhere, () => undefined, texture)))).toEqual([]);
    expect(staticOverlays(edgePersistence(frames({ x: 40, y: 30, w: 128, h: 72 })))).toEqual([]);
    expect(staticOverlays(edgePersistence(frames(nowhere).slice(0, 2)))).toEqual([]);
  });

  it('takes the edges of a letterbox\'s bars for lines, not overlays, and still finds a watermark between them', () => {
    const bars = (_: number, y: number) => (y < 14 || y >= 130 ? 0 : undefined);
    expect(staticOverlays(edgePersistence(frames(nowhere, () => undefined, bars)))).toEqual([]);
    const found = staticOverlays(edgePersistence(frames(nowhere, () => undefined, (x, y) => bars(x, y) ?? watermark(x, y + 20))));
    expect(found).toHaveLength(1);
    expect(found[0].w).toBeLessThan(110);
  });

  it('paints an overlay out of a gradient exactly, blending across its short side', () => {
    const [width, height] = [64, 48];
    const gradient = (x: number, y: number) => 40 + 2 * x + 3 * y;
    const data = Float32Array.from({ length: width * height }, (_, i) => gradient(i % width, Math.floor(i / width)));
    const box = { x: 8, y: 30, w: 40, h: 10 };
    for (let y = box.y; y < box.y + box.h; y++) data.fill(0, y * width + box.x, y * width + box.x + box.w);
    const painted = paintOut({ data, width, height }, [box]);
    for (let i = 0; i < painted.data.length; i++) expect(painted.data[i]).toBeCloseTo(gradient(i % width, Math.floor(i / width)), 3);
    // The frame it was given is left as it was.
    expect(data[35 * width + 20]).toBe(0);
  });
});

describe('video copies', () => {
  let dir: string;
  /** A slideshow of two fixture photos (3 s each, 320x180): the reference. */
  let reference: string;
  /** A slow pan across a third photo: what a reposter lays the copy over. */
  let background: string;
  /** The reference at half size in the top-right corner of the background (10 px in). */
  let pip: string;
  let set: ReferenceSet;

  const slideshow = (out: string, a: string, b: string) =>
    ffmpeg('-loop', '1', '-t', '3', '-i', fixture(a), '-loop', '1', '-t', '3', '-i', fixture(b), '-filter_complex', '[0:v]scale=320:180,setsar=1,fps=10[a];[1:v]scale=320:180,setsar=1,fps=10[b];[a][b]concat=n=2:v=1:a=0[v]', '-map', '[v]', ...X264, out);
  const inset = (out: string, front: string) =>
    ffmpeg('-i', front, '-i', background, '-filter_complex', '[0:v]scale=iw/2:ih/2[fg];[1:v][fg]overlay=W-w-10:10:shortest=1', ...X264, out);

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'vigil-video-copy-'));
    reference = path.join(dir, 'reference.mp4');
    background = path.join(dir, 'background.mp4');
    pip = path.join(dir, 'pip.mp4');
    slideshow(reference, 'astronaut.jpg', 'rocket.jpg');
    ffmpeg('-loop', '1', '-t', '6', '-i', fixture('coffee.jpg'), '-vf', "scale=640:426,crop=320:180:x='320*t/6':y='246*t/6',fps=10,setsar=1", ...X264, background);
    inset(pip, reference);
    set = ReferenceSet.from([{ id: 'reference', hashes: (await hashVideoReference(reference)).hashes }]);
  }, 60_000);

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('finds a picture-in-picture inset from the persistence of its edges, and none in a plain clip', async () => {
    const frames = async (file: string) => Promise.all((await sampleFrames(file)).pngs.map((p) => decodeLuma(p, { minSide: 144, largeSide: 256, largeFrom: 1000 })));
    const pipFrames = await frames(pip);
    const box = persistentInset(edgePersistence(pipFrames));
    // The inset is the right half of the top half, 10 px of 320 (8 of 256) in from the frame's edges.
    const { width, height } = pipFrames[0];
    expect(box).toBeDefined();
    expect(Math.abs(box!.x / width - (160 - 10) / 320)).toBeLessThan(0.015);
    expect(Math.abs(box!.y / height - 10 / 180)).toBeLessThan(0.02);
    expect(Math.abs(box!.w / width - 0.5)).toBeLessThan(0.02);
    expect(Math.abs(box!.h / height - 0.5)).toBeLessThan(0.03);
    expect(persistentInset(edgePersistence(await frames(reference)))).toBeUndefined();
    expect(persistentInset(edgePersistence(await frames(background)))).toBeUndefined();
  }, 60_000);

  it('matches a picture-in-picture copy through its inset, which its whole frames alone do not', async () => {
    const copy = await hashVideoCandidate(pip);
    const match = matchVideoCopy(copy, set);
    expect(copy.inset).toBeDefined();
    expect(match).toMatchObject({ referenceId: 'reference', isMatch: true });
    expect(match!.strictFrames).toBeGreaterThanOrEqual(4);

    // The same frames hashed as plain thumbnails (no inset) are not a copy.
    const plain = await Promise.all((await sampleFrames(pip)).pngs.map((p) => hashCandidate(p)));
    expect(matchVideoCopy(plain, set)?.isMatch ?? false).toBe(false);
  }, 60_000);

  it('does not match an unrelated clip shown as an inset over the same background', async () => {
    const other = path.join(dir, 'other.mp4');
    const otherPip = path.join(dir, 'other-pip.mp4');
    slideshow(other, 'chelsea.jpg', 'coffee.jpg');
    inset(otherPip, other);
    const copy = await hashVideoCandidate(otherPip);
    expect(copy.inset).toBeDefined();
    expect(matchVideoCopy(copy, set)?.isMatch ?? false).toBe(false);
  }, 60_000);

  it('matches a watermarked copy of a softly graded clip by painting the watermark out, which its whole frames alone do not', async () => {
    // A slow pan across a bokeh wallpaper (soft colour blobs and pale circles: a graphic with just enough
    // detail to fingerprint), and the same clip with a reposter's watermark in the lower left corner: a dark
    // translucent box with light marks, the strongest structure in every frame.
    const blob = (id: string, cx: number, cy: number, colour: string) =>
      `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="0.6"><stop offset="0" stop-color="${colour}"/><stop offset="1" stop-color="${colour}" stop-opacity="0"/></radialGradient>`;
    const wallpaper = (colours: string[], step: number) => {
      const circles = Array.from({ length: 14 }, (_, k) => `<circle cx="${(k * step) % 960}" cy="${(k * 89) % 540}" r="${30 + ((k * 23) % 60)}" fill="#fff" fill-opacity="0.25"/>`).join('');
      return `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="540"><defs>${blob('a', 0.25, 0.3, colours[0])}${blob('b', 0.75, 0.7, colours[1])}</defs><rect width="960" height="540" fill="${colours[2]}"/><rect width="960" height="540" fill="url(#a)"/><rect width="960" height="540" fill="url(#b)"/>${circles}</svg>`;
    };
    const marks = Array.from({ length: 8 }, (_, k) => `<rect x="${10 + 17 * k}" y="6" width="9" height="12" fill="#fff" fill-opacity="0.85"/>`).join('');
    const mark = `<svg xmlns="http://www.w3.org/2000/svg" width="150" height="24"><rect x="0.5" y="0.5" width="149" height="23" rx="4" fill="#202020" fill-opacity="0.6"/>${marks}</svg>`;
    const markPng = path.join(dir, 'mark.png');
    await sharp(Buffer.from(mark)).png().toFile(markPng);
    const panAndCopy = async (name: string, svg: string) => {
      const [still, pan, marked] = [`${name}.png`, `${name}.mp4`, `${name}-marked.mp4`].map((f) => path.join(dir, f));
      await sharp(Buffer.from(svg)).png().toFile(still);
      ffmpeg('-loop', '1', '-t', '8', '-i', still, '-vf', "crop=320:180:x='640*t/8':y='360*t/8',fps=10,setsar=1", ...X264, pan);
      ffmpeg('-i', pan, '-i', markPng, '-filter_complex', '[0:v][1:v]overlay=8:H-h-8', ...X264, marked);
      return [pan, marked];
    };
    const [pan, marked] = await panAndCopy('bokeh', wallpaper(['#f0f', '#ff0', '#08c'], 137));
    const panSet = ReferenceSet.from([{ id: 'pan', ...(await hashVideoReference(pan)) }]);

    const copy = await hashVideoCandidate(marked);
    // One overlay, around the watermark (150x24 at 8 px from the left and bottom of 320x180).
    expect(copy.overlays).toHaveLength(1);
    const [box] = copy.overlays;
    expect(box.x).toBeLessThanOrEqual(8 / 320);
    expect(box.y + box.h).toBeGreaterThanOrEqual((180 - 8) / 180);
    expect(box.w).toBeLessThan(0.6);
    expect(box.h).toBeLessThan(0.25);
    expect(matchVideoCopy(copy, panSet)).toMatchObject({ referenceId: 'pan', isMatch: true });

    // The same frames hashed as plain thumbnails are not a copy, nor is the reference's own clip found to have an overlay.
    const plain = await Promise.all((await sampleFrames(marked)).pngs.map((p) => hashCandidate(p)));
    expect(matchVideoCopy(plain, panSet)?.isMatch ?? false).toBe(false);
    expect((await hashVideoCandidate(pan)).overlays).toEqual([]);

    // Another wallpaper of the kind under the same watermark is not a copy: painting the shared mark out takes
    // away what the two clips have in common.
    const [, otherMarked] = await panAndCopy('other-bokeh', wallpaper(['#0f8', '#f80', '#60c'], 211));
    expect(matchVideoCopy(await hashVideoCandidate(otherMarked), panSet)?.isMatch ?? false).toBe(false);
  }, 60_000);

  it('needs several frames to agree: one matching frame in a clip of unrelated frames is not a copy', async () => {
    const frames = await Promise.all((await sampleFrames(reference)).pngs.map((p) => hashCandidate(p)));
    const unrelated = await hashCandidate(readFileSync(fixture('chelsea.jpg')));
    expect(matchVideoCopy(frames, set)).toMatchObject({ isMatch: true, informativeFrames: frames.length });
    // One frame of the reference among five unrelated ones: below the share, though it matches on its own.
    const mostlyOther = [frames[0], unrelated, unrelated, unrelated, unrelated, unrelated];
    expect(bestMatch(frames[0], set)?.isMatch).toBe(true);
    expect(matchVideoCopy(mostlyOther, set)?.isMatch ?? false).toBe(false);
    // Frames too flat to hash do not count either way.
    const flat = { hashes: new Uint32Array(0), quality: 0 };
    expect(matchVideoCopy([frames[0], frames[1], flat, flat, flat], set)).toMatchObject({ isMatch: true, informativeFrames: 2 });
  }, 60_000);

  it('is a copy when two frames match by fingerprint alone, however many other frames there are', async () => {
    const frames = await Promise.all((await sampleFrames(reference)).pngs.map((p) => hashCandidate(p)));
    const unrelated = await hashCandidate(readFileSync(fixture('chelsea.jpg')));
    // Two frames of the reference among six others (a slideshow whose other slides the creator never uploaded):
    // a quarter of the clip, under the share, but each frame is a match on its own as a thumbnail would be.
    expect(frames.slice(0, 2).map((f) => decide(bestMatch(f, set)!.distance, f.quality))).toEqual(['fingerprint', 'fingerprint']);
    const slideshow = [frames[0], frames[1], ...Array(6).fill(unrelated)];
    expect(matchVideoCopy(slideshow, set)).toMatchObject({ referenceId: 'reference', isMatch: true, decisiveFrames: 2, informativeFrames: 8 });
    // Without that rule the same clip is not a copy (the share rule alone).
    expect(matchVideoCopy(slideshow, set, { ...VIDEO_RULE, minDecisiveFrames: Infinity })?.isMatch).toBe(false);
  }, 60_000);
});
