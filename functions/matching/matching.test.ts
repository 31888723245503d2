// @integration: hashes and verifies dozens of photos, seconds of CPU, so it runs in the integration tier (test/tiers.ts).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { DIHEDRAL, GRID, dct64To16, dihedralBlock, writeBits } from './dct';
import { oneEdgeGraphicPair } from './fixtures/graphics';
import { hashCandidateImage, hashReferenceImage } from './hash-image';
import { hammingAt, nearest, popcount32 } from './hamming';
import { resampleToGrid } from './resample';
import {
  CONFIDENT_QUALITY,
  HASH_WORDS,
  LOOSE_THRESHOLD,
  MATCH_THRESHOLD,
  MIN_QUALITY,
  NEAR_IDENTICAL,
  ReferenceSet,
  STRICT_THRESHOLD,
  bestMatch,
  decide,
  decodeHashes,
  encodeHashes,
  hashCandidate,
  hashFromHex,
  hashReference,
  hashToHex,
  similarityFromDistance,
} from './index';

const fixture = (name: string) => readFileSync(path.join(__dirname, 'fixtures', `${name}.jpg`));
const PHOTOS = ['astronaut', 'coffee', 'chelsea', 'rocket'];

/** A deterministic, asymmetric 64x64 test image: waves, a ramp and an off-centre square. */
function syntheticGrid(): Float64Array {
  const g = new Float64Array(GRID * GRID);
  for (let y = 0; y < GRID; y++) {
    for (let x = 0; x < GRID; x++) {
      const square = x > 10 && x < 30 && y > 35 && y < 55 ? 60 : 0;
      g[y * GRID + x] = 90 + 40 * Math.sin(x / 5) + 30 * Math.cos(y / 9) + 25 * Math.sin((x * y) / 150) + x * 0.8 + square;
    }
  }
  return g;
}

function bitsOf(grid: Float64Array): Uint32Array {
  const out = new Uint32Array(8);
  writeBits(dct64To16(grid), out);
  return out;
}

function transformGrid(g: Float64Array, map: (x: number, y: number) => [number, number]): Float64Array {
  const out = new Float64Array(g.length);
  for (let y = 0; y < GRID; y++) {
    for (let x = 0; x < GRID; x++) {
      const [sx, sy] = map(x, y);
      out[y * GRID + x] = g[sy * GRID + sx];
    }
  }
  return out;
}

/*
 * The hashes themselves are pinned: bench:match's figures (bench/README.md) and its cache are for this output. A
 * change that only makes hashing faster (as trim.ts's in issue 29) must keep this digest; a change that moves a
 * hash must change it here on purpose, and the bench figures must be measured again.
 */
describe('hash output', () => {
  it('is bit for bit what the benchmarks measured, for candidates (whole, padded, in a screenshot) and references', async () => {
    const digest = createHash('sha256');
    const add = (h: { hashes: Uint32Array; quality: number }) => digest.update(Buffer.from(h.hashes.buffer, h.hashes.byteOffset, h.hashes.byteLength)).update(`q${h.quality}`);
    for (const name of PHOTOS) {
      const photo = fixture(name);
      const padded = await sharp(photo).resize(300, 300, { fit: 'inside' }).extend({ top: 40, bottom: 40, left: 20, right: 20, background: '#ffffff' }).png().toBuffer();
      const inset = await sharp(photo).resize(400, 400, { fit: 'inside' }).png().toBuffer();
      const screenshot = await sharp({ create: { width: 1440, height: 900, channels: 3, background: '#e8e8ea' } }).composite([{ input: inset, left: 300, top: 150 }]).png().toBuffer();
      for (const candidate of [photo, padded, screenshot]) add(await hashCandidateImage(candidate));
      add(await hashReferenceImage(photo));
    }
    expect(digest.digest('hex')).toBe('a9bd69a340bf2583f97c46089020808045ba0a8498ce658900b9060a714a642a');
  });
});

describe('PDQ core', () => {
  it('hashes a fixed 64x64 image to a known vector', () => {
    // Arrange
    const grid = syntheticGrid();

    // Act
    const hex = hashToHex(bitsOf(grid));

    // Assert
    expect(hex).toBe(SYNTHETIC_HEX);
  });

  it('derives the flipped and rotated hashes from one DCT, equal to hashing the transformed image', () => {
    // Arrange
    const grid = syntheticGrid();
    const block = dct64To16(grid);
    const n = GRID - 1;
    const transformed: Record<(typeof DIHEDRAL)[number], Float64Array> = {
      original: grid,
      flipY: transformGrid(grid, (x, y) => [n - x, y]),
      flipX: transformGrid(grid, (x, y) => [x, n - y]),
      rotate180: transformGrid(grid, (x, y) => [n - x, n - y]),
      flipPlus1: transformGrid(grid, (x, y) => [y, x]),
      flipMinus1: transformGrid(grid, (x, y) => [n - y, n - x]),
      rotate90: transformGrid(grid, (x, y) => [n - y, x]),
      rotate270: transformGrid(grid, (x, y) => [y, n - x]),
    };

    for (const kind of DIHEDRAL) {
      // Act
      const derived = new Uint32Array(8);
      writeBits(dihedralBlock(block, kind), derived);

      // Assert: the transforms are exact on the 64x64 grid, so the bits agree (bar rounding at the median).
      expect({ kind, distance: hammingAt(derived, 0, bitsOf(transformed[kind]), 0) }).toEqual({ kind, distance: 0 });
    }
  });
});

/**
 * The plain definitions the fast loops of dct.ts and resample.ts must reproduce bit for bit (every sum from 0, its
 * products added in source order): hashing speed work may rearrange the loops, never the sums (issue 29).
 */
describe('PDQ core, against its plain definitions', () => {
  const random = (seed: number) => () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);

  function plainDct(image: Float32Array): Float64Array {
    const scale = Math.sqrt(2 / GRID);
    const d = (i: number, j: number) => scale * Math.cos((Math.PI / 2 / GRID) * (i + 1) * (2 * j + 1));
    const t = new Float64Array(16 * GRID);
    for (let i = 0; i < 16; i++) {
      for (let j = 0; j < GRID; j++) {
        let sum = 0;
        for (let k = 0; k < 32; k++) {
          const a = image[k * GRID + j];
          const b = image[(GRID - 1 - k) * GRID + j];
          sum += d(i, k) * (i % 2 === 0 ? a - b : a + b);
        }
        t[i * GRID + j] = sum;
      }
    }
    const out = new Float64Array(256);
    for (let i = 0; i < 16; i++) {
      for (let j = 0; j < 16; j++) {
        let sum = 0;
        for (let k = 0; k < 32; k++) sum += (j % 2 === 0 ? t[i * GRID + k] - t[i * GRID + GRID - 1 - k] : t[i * GRID + k] + t[i * GRID + GRID - 1 - k]) * d(j, k);
        out[i * 16 + j] = sum;
      }
    }
    return out;
  }

  function plainResample(img: { data: Float32Array; width: number; height: number }, box: { x: number; y: number; w: number; h: number }): Float32Array {
    const taps = (from: number, length: number, limit: number) =>
      Array.from({ length: GRID }, (_, c) => {
        const a = from + (c * length) / GRID;
        const b = a + length / GRID;
        const pixels: { at: number; weight: number }[] = [];
        for (let s = Math.max(0, Math.floor(a)); s <= Math.min(limit - 1, Math.ceil(b) - 1); s++) pixels.push({ at: s, weight: Math.max(0, Math.min(b, s + 1) - Math.max(a, s)) });
        let total = 0;
        for (const p of pixels) total += p.weight;
        return total > 0 ? pixels.map((p) => ({ at: p.at, weight: p.weight / total })) : pixels;
      });
    const xs = taps(box.x, box.w, img.width);
    const ys = taps(box.y, box.h, img.height);
    const row = (y: number) => xs.map((cell) => cell.reduce((sum, p) => sum + img.data[y * img.width + p.at] * p.weight, 0));
    const out = new Float32Array(GRID * GRID);
    for (let r = 0; r < GRID; r++) {
      const sums = ys[r].map((p) => ({ row: row(p.at), weight: p.weight }));
      for (let c = 0; c < GRID; c++) out[r * GRID + c] = sums.reduce((sum, p) => sum + p.row[c] * p.weight, 0);
    }
    return out;
  }

  it('computes the DCT block of any grid exactly as the plain triple loop', () => {
    const next = random(7);
    for (let n = 0; n < 20; n++) {
      const grid = Float32Array.from({ length: GRID * GRID }, (_, i) => (n % 4 === 0 ? i % 7 : Math.round(next() * 255 * 100) / 100));
      expect(Array.from(dct64To16(grid))).toEqual(Array.from(plainDct(grid)));
    }
  });

  it('resamples any box exactly as the plain area average: copies, one to three taps, more, clipped edges', () => {
    const next = random(11);
    const image = (width: number, height: number) => ({ width, height, data: Float32Array.from({ length: width * height }, () => Math.round(next() * 25500) / 100) });
    const cases = [
      [image(64, 64), { x: 0, y: 0, w: 64, h: 64 }], // both passes copies
      [image(114, 64), { x: 0, y: 0, w: 114, h: 64 }], // a landscape thumbnail's whole view
      [image(64, 96), { x: 0, y: 0, w: 64, h: 96 }], // a portrait one
      [image(114, 64), { x: 17, y: 3, w: 41.5, h: 58.25 }], // a trimmed view, enlarged
      [image(300, 200), { x: 10.3, y: 7.9, w: 240.2, h: 180.6 }], // four or more taps a cell
      [image(120, 90), { x: 90, y: 70, w: 64, h: 40 }], // clipped by the right and bottom edges
    ] as const;
    for (const [img, box] of cases) expect({ box, grid: Array.from(resampleToGrid(img, box)) }).toEqual({ box, grid: Array.from(plainResample(img, box)) });
  });

  it('sets the bits above the median of the block, ties and zeros included, as a sorted copy finds it', () => {
    const next = random(3);
    for (let n = 0; n < 200; n++) {
      const block = Float64Array.from({ length: 256 }, (_, i) => (n % 3 === 0 ? (i % 5) - 2 : n % 3 === 1 ? Math.round(next() * 4) : (next() - 0.5) * 1000));
      const sorted = Array.from(block).sort((a, b) => a - b);
      const median = (sorted[127] + sorted[128]) / 2;
      const expected = new Uint32Array(8);
      block.forEach((v, k) => {
        if (v > median) expected[k >>> 5] |= 1 << (k & 31);
      });
      const bits = new Uint32Array(8);
      writeBits(block, bits);
      expect(Array.from(bits)).toEqual(Array.from(expected));
    }
  });
});

describe('the decision rule', () => {
  it('lets the fingerprint decide alone a confident picture within the strict threshold, and any near-identical one', () => {
    expect(decide(STRICT_THRESHOLD, CONFIDENT_QUALITY)).toBe('fingerprint');
    expect(decide(0, 100)).toBe('fingerprint');
    // A graphic of a few flat areas: decided alone only when near-identical, verified beyond.
    expect(decide(NEAR_IDENTICAL, MIN_QUALITY)).toBe('fingerprint');
    expect(decide(NEAR_IDENTICAL + 1, CONFIDENT_QUALITY - 1)).toBe('verify');
    expect(decide(30, 55)).toBe('verify');
    expect(decide(STRICT_THRESHOLD, CONFIDENT_QUALITY - 1)).toBe('verify');
    expect(decide(STRICT_THRESHOLD + 1, 100)).toBe('verify');
    expect(decide(LOOSE_THRESHOLD, 100)).toBe('verify');
    expect(decide(LOOSE_THRESHOLD + 1, 100)).toBe('none');
    // Too flat to fingerprint: never a match, never verified.
    expect(decide(0, MIN_QUALITY - 1)).toBe('none');
  });

  it('sends an unrelated graphic with the same one diagonal edge to verification instead of matching it', async () => {
    // Arrange: the calibration folder's worst false positives were such pairs (a two-tone painting and a
    // wallpaper tile, 28 to 38 bits apart): a hash of one edge says where the edge runs, not what the picture is.
    const pair = await oneEdgeGraphicPair();
    const reference = await hashReference(pair.reference);
    const other = pair.other;

    // Act
    const candidate = await hashCandidate(other);
    const match = bestMatch(candidate, ReferenceSet.from([{ id: 'wallpaper', hashes: reference.hashes }]));

    // Assert: close enough for the fingerprint alone to have matched it, but not near-identical nor confident.
    expect(match!.distance).toBeLessThanOrEqual(STRICT_THRESHOLD);
    expect(match!.distance).toBeGreaterThan(NEAR_IDENTICAL);
    expect(candidate.quality).toBeLessThan(CONFIDENT_QUALITY);
    expect(match).toMatchObject({ isMatch: false, needsVerification: true });
  });

  it('holds the reference to the confident quality too: a photograph near a graphic reference is verified', () => {
    // Arrange: one stored hash and a candidate 30 bits from it, of a photograph's quality. On the calibration
    // folder a detailed picture came 38 bits from a wallpaper tile of two flat blues and one edge (quality 64).
    const stored = Uint32Array.from({ length: HASH_WORDS }, (_, i) => (0x9e3779b9 * (i + 1)) >>> 0);
    const near = stored.slice();
    for (let bit = 0; bit < 30; bit++) near[bit % HASH_WORDS] ^= 1 << (bit >> 3);
    const candidate = { hashes: near, quality: 100 };
    const setOf = (quality?: number) => ReferenceSet.from([{ id: 'reference', hashes: stored, quality }]);

    // Act
    const byQuality = [CONFIDENT_QUALITY - 6, CONFIDENT_QUALITY, undefined].map((quality) => bestMatch(candidate, setOf(quality)));

    // Assert: a graphic reference needs verification; a photograph, or a set stored before qualities were kept, does not.
    expect(byQuality.map((m) => m!.distance)).toEqual([30, 30, 30]);
    expect(byQuality.map((m) => m!.quality)).toEqual([CONFIDENT_QUALITY - 6, CONFIDENT_QUALITY, 100]);
    expect(byQuality.map((m) => (m!.isMatch ? 'fingerprint' : m!.needsVerification ? 'verify' : 'none'))).toEqual(['verify', 'fingerprint', 'fingerprint']);
  });
});

describe('Hamming distance and storage', () => {
  it('counts bits like a naive loop', () => {
    for (const x of [0, 1, 0x80000000, 0xffffffff, 0x12345678, 0xdeadbeef]) {
      expect(popcount32(x)).toBe(x.toString(2).split('').filter((c) => c === '1').length);
    }
  });

  it('finds the nearest hash in a set', () => {
    const a = hashFromHex('00'.repeat(32));
    const set = new Uint32Array([...hashFromHex('ff'.repeat(32)), ...hashFromHex('0f' + '00'.repeat(31))]);
    expect(nearest(a, set)).toEqual({ distance: 4, index: 1 });
  });

  it('round-trips hash sets through base64', () => {
    const words = Uint32Array.from({ length: 24 }, (_, i) => (i * 2654435761) >>> 0);
    expect(decodeHashes(encodeHashes(words))).toEqual(words);
    expect(() => decodeHashes(Buffer.from('abc').toString('base64'))).toThrow(RangeError);
  });

  it('maps distance to similarity: 1 at 0, 0.8 at the threshold, 0 for unrelated images', () => {
    expect(similarityFromDistance(0)).toBe(1);
    expect(similarityFromDistance(MATCH_THRESHOLD)).toBeCloseTo(0.8);
    expect(similarityFromDistance(128)).toBe(0);
    expect(similarityFromDistance(MATCH_THRESHOLD + 1)).toBeLessThan(0.8);
  });
});

describe('hashing images', () => {
  // Reference hashing is the slow side (~190 variants each): hash each photo once for the whole suite.
  const references = new Map<string, Uint32Array>();
  beforeAll(async () => {
    for (const name of PHOTOS) references.set(name, (await hashReference(fixture(name))).hashes);
  }, 120_000);

  it('hashes a fixed photo to a known vector', async () => {
    const candidate = await hashCandidate(fixture('astronaut'));
    expect(hashToHex(candidate.hashes, 0)).toBe(ASTRONAUT_HEX);
    expect(candidate.quality).toBeGreaterThan(50);
  });

  it('includes hashes for the mirrored and rotated reference', async () => {
    const reference = { hashes: references.get('chelsea')! };
    for (const op of [(s: Sharp) => s.flop(), (s: Sharp) => s.flip(), (s: Sharp) => s.rotate(90)]) {
      const copy = await hashCandidate(await op(sharp(fixture('chelsea'))).jpeg({ quality: 90 }).toBuffer());
      expect(nearest(copy.hashes, reference.hashes).distance).toBeLessThanOrEqual(16);
    }
  });

  describe.each(PHOTOS)('%s', (name) => {
    const edits: Record<string, (img: Buffer, w: number, h: number) => Promise<Buffer>> = {
      'crop 10% off-centre': (b, w, h) =>
        sharp(b)
          .extract({ left: Math.round(w * 0.08), top: Math.round(h * 0.02), width: Math.round(w * 0.9), height: Math.round(h * 0.9) })
          .jpeg()
          .toBuffer(),
      'pad 25% black': (b, w, h) =>
        sharp(b)
          .extend({ top: Math.round(h / 4), bottom: Math.round(h / 4), left: Math.round(w / 4), right: Math.round(w / 4), background: '#000' })
          .jpeg()
          .toBuffer(),
      mirror: (b) => sharp(b).flop().jpeg().toBuffer(),
      'rotate 5 degrees': async (b, w, h) => {
        const turned = await sharp(b).rotate(5, { background: '#fff' }).toBuffer({ resolveWithObject: true });
        const left = Math.round((turned.info.width - w) / 2);
        const top = Math.round((turned.info.height - h) / 2);
        return sharp(turned.data).extract({ left, top, width: w, height: h }).jpeg().toBuffer();
      },
      'JPEG q30': (b) => sharp(b).jpeg({ quality: 30 }).toBuffer(),
      watermark: (b, w, h) =>
        sharp(b)
          .composite([
            {
              input: Buffer.from(
                `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><text x="10" y="${h * 0.8}" font-family="DejaVu Sans" font-size="${h / 10}" fill="#fff" fill-opacity="0.7">@repost_account</text></svg>`,
              ),
            },
          ])
          .jpeg()
          .toBuffer(),
    };

    it.each(Object.keys(edits))('matches its copy after %s', async (edit) => {
      // Arrange
      const original = fixture(name);
      const { width, height } = await sharp(original).metadata();
      const set = ReferenceSet.from([{ id: name, hashes: references.get(name)! }]);

      // Act
      const candidate = await hashCandidate(await edits[edit](original, width!, height!));
      const match = bestMatch(candidate, set);

      // Assert: found within the strict threshold, so decided by the fingerprint, or sent to verification when
      // the copy's picture is under CONFIDENT_QUALITY (rocket's flat sky, cropped) and not near-identical.
      const alone = candidate.quality >= CONFIDENT_QUALITY || match!.distance <= NEAR_IDENTICAL;
      expect(match).toMatchObject({ referenceId: name, isMatch: alone, needsVerification: !alone });
      expect(match!.distance).toBeLessThanOrEqual(MATCH_THRESHOLD);
    });

    it('does not match the other photos', async () => {
      const set = ReferenceSet.from([{ id: name, hashes: references.get(name)! }]);
      for (const other of PHOTOS.filter((p) => p !== name)) {
        const match = bestMatch(await hashCandidate(fixture(other)), set);
        expect(match!.distance).toBeGreaterThan(MATCH_THRESHOLD);
        expect(match!.isMatch).toBe(false);
      }
    });
  });

  /**
   * A desktop browser screenshot (1440x900, a grey page, an address bar, a sidebar and a caption) showing a
   * 10% crop of the photo at about 500 px: the photo's box at the working size is about 90 px wide, so
   * without the second, finer decode of the box (hash-image.ts, `REFINE_*`) rocket's copy is 80 bits from
   * its reference and coffee's and chelsea's 50.
   */
  async function screenshotOfCrop(photo: Buffer): Promise<Buffer> {
    const { width, height } = await sharp(photo).metadata();
    const cut = await sharp(photo)
      .extract({ left: Math.round(width! * 0.1), top: Math.round(height! * 0.1), width: Math.round(width! * 0.9), height: Math.round(height! * 0.9) })
      .resize(497, 497, { fit: 'inside' })
      .toBuffer();
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1440" height="900"><rect width="1440" height="900" fill="#f4f4f4"/><rect width="1440" height="70" fill="#dcdcdc"/><text x="40" y="48" font-family="DejaVu Sans" font-size="22" fill="#222">https://forum.example/thread/42</text><rect x="980" y="170" width="400" height="260" fill="#e9e9e9"/><text x="311" y="727" font-family="DejaVu Sans" font-size="18" fill="#333">Posted by anon_808, full set in the thread below</text></svg>`;
    return sharp(Buffer.from(svg))
      .composite([{ input: cut, left: 311, top: 190 }])
      .png()
      .toBuffer();
  }

  it.each(PHOTOS)('matches a screenshot of a crop of %s by fingerprint, and no other photo', async (name) => {
    // Arrange
    const own = ReferenceSet.from([{ id: name, hashes: references.get(name)! }]);
    const others = ReferenceSet.from(PHOTOS.filter((p) => p !== name).map((id) => ({ id, hashes: references.get(id)! })));

    // Act
    const copy = await hashCandidate(await screenshotOfCrop(fixture(name)));

    // Assert: the finer box adds a hash; it finds the photo, and an unrelated photo in the same frame is far.
    expect(copy.hashes.length).toBe(4 * 8);
    expect(bestMatch(copy, own)).toMatchObject({ referenceId: name, isMatch: true });
    expect(bestMatch(copy, others)).toMatchObject({ isMatch: false, needsVerification: false });
  });

  it.each(['astronaut', 'rocket'])('matches 20%% crops of %s with a flat sky across its top third', async (name) => {
    // Arrange: contentBox peels the flat band from the reference; a crop keeps part of it. Without crops of
    // the whole picture (REFERENCE_PLAN.cropWhole) these copies are 60 to 104 bits away.
    const photo = fixture(name);
    const { width, height } = await sharp(photo).metadata();
    const band = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${Math.round(height! * 0.3)}" fill="#f0f0f0"/></svg>`;
    const reference = await sharp(photo).composite([{ input: Buffer.from(band) }]).png().toBuffer();
    const set = ReferenceSet.from([{ id: name, hashes: (await hashReference(reference)).hashes }]);

    for (const [fx, fy] of [
      [0.02, 0.01],
      [0.18, 0.03],
      [0.03, 0.19],
      [0.19, 0.18],
    ]) {
      // Act
      const copy = await sharp(reference)
        .extract({ left: Math.round(width! * fx), top: Math.round(height! * fy), width: Math.round(width! * 0.8), height: Math.round(height! * 0.8) })
        .jpeg()
        .toBuffer();
      const candidate = await hashCandidate(copy);
      const match = bestMatch(candidate, set);

      // Assert: within the strict threshold; decided by the fingerprint, or verified when under CONFIDENT_QUALITY.
      expect({ at: [fx, fy], distance: match!.distance <= STRICT_THRESHOLD, decided: match!.isMatch || match!.needsVerification }).toEqual({ at: [fx, fy], distance: true, decided: true });
      expect(match!.isMatch).toBe(candidate.quality >= CONFIDENT_QUALITY || match!.distance <= NEAR_IDENTICAL);
    }
  });

  it('decodes a large photo without a frame once (no finer box)', async () => {
    const big = await sharp(fixture('chelsea')).resize(1600).jpeg().toBuffer();
    expect((await hashCandidate(big)).hashes.length).toBeLessThanOrEqual(3 * 8);
  });

  it('names the right reference among several', async () => {
    const set = ReferenceSet.from(PHOTOS.map((id) => ({ id, hashes: references.get(id)! })));
    const copy = await sharp(fixture('coffee')).resize(200).jpeg({ quality: 50 }).toBuffer();
    expect(bestMatch(await hashCandidate(copy), set)).toMatchObject({ referenceId: 'coffee', isMatch: true });
    expect(bestMatch(new Uint32Array(8), ReferenceSet.from([]))).toBeUndefined();
  });

  it('refuses bytes that are not an image', async () => {
    await expect(hashCandidate(Buffer.from('not an image'))).rejects.toThrow();
  });
});

describe('flat pictures (each view gated by its own quality)', () => {
  const SIDE = 512;
  /** A grey ramp across the picture: no edges, PDQ quality 0 at every scale. */
  const linearRamp = (x: number) => 60 + (140 * x) / SIDE;
  /** Another ramp (quadratic, lighter): a different flat picture whose hash lies within 45 bits of the first's. */
  const quadraticRamp = (x: number) => 80 + 120 * (x / SIDE) ** 2;

  function rampImage(ramp: (x: number) => number, side: number): Sharp {
    const data = Buffer.alloc(side * side);
    for (let y = 0; y < side; y++) for (let x = 0; x < side; x++) data[y * side + x] = Math.round(ramp((x * SIDE) / side));
    return sharp(data, { raw: { width: side, height: side, channels: 1 } });
  }

  /** The quadratic ramp's hash as an ungated hasher would keep it (its 64x64 grid hashed directly). */
  function ungatedRampHash(): Uint32Array {
    const grid = new Float64Array(GRID * GRID);
    for (let y = 0; y < GRID; y++) for (let x = 0; x < GRID; x++) grid[y * GRID + x] = quadraticRamp(((x + 0.5) * SIDE) / GRID);
    return bitsOf(grid);
  }

  it('does not match a flat gradient padded with a black border to a flat gradient of another pattern', async () => {
    // Arrange: the black border gives the whole copy strong edges (quality 100); its trimmed view is flat.
    const padded = await rampImage(linearRamp, 400).extend({ top: 60, bottom: 60, left: 60, right: 60, background: '#000' }).jpeg({ quality: 90 }).toBuffer();
    const set = ReferenceSet.from([
      { id: 'stored', hashes: (await hashReference(await rampImage(quadraticRamp, SIDE).png().toBuffer())).hashes },
      { id: 'ungated', hashes: ungatedRampHash() },
    ]);

    // Act
    const copy = await hashCandidate(padded);
    const best = bestMatch(copy, set);

    // Assert: no view is kept (the whole view's edges are the border's), so nothing matches or is verified.
    expect(copy.hashes.length).toBe(0);
    expect(copy.quality).toBe(0);
    expect(best).toBeUndefined();
  });

  it('keeps no hash of an entirely flat reference, and nothing matches it', async () => {
    // Arrange
    const flat = await rampImage(quadraticRamp, SIDE).png().toBuffer();

    // Act
    const reference = await hashReference(flat);
    const set = ReferenceSet.from([{ id: 'flat', hashes: reference.hashes }]);

    // Assert: Fingerprint skips it as too plain; even the same picture as a candidate finds nothing.
    expect(reference).toEqual({ hashes: new Uint32Array(0), quality: 0 });
    expect(set.size).toBe(0);
    expect(bestMatch(await hashCandidate(flat), set)).toBeUndefined();
    expect(bestMatch(await hashCandidate(fixture('coffee')), set)).toBeUndefined();
  });
});

const SYNTHETIC_HEX = '86fd78e81907cef82655922a4a55afaa55aab1175ee8a955512aa1155eea8edc';
const ASTRONAUT_HEX = '24b799fc55b8260ade04ddc6816c19d436a86f52d6a39c6729c556a8f35a2f2d';
