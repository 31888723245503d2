/**
 * The little of ISO BMFF (MP4, MOV) the sampler needs: where the index (`moov`) is, and from it the video
 * track's keyframes with their presentation time, byte offset and size, so a few of them can be fetched by
 * HTTP range rather than the whole file. Pure: bytes in, numbers out.
 */

export interface BoxRef {
  type: string;
  /** Offset of the box's first byte in the file. */
  offset: number;
  /** Whole size, header included (to the file's end for a box of size 0, when `fileSize` is known). */
  size: number;
  headerSize: number;
}

export interface Keyframe {
  /** Presentation time in seconds (edit list applied). */
  seconds: number;
  offset: number;
  size: number;
}

export interface Mp4Index {
  durationSeconds: number;
  keyframes: Keyframe[];
  /** Samples of the video track (all frames, not only keyframes). */
  samples: number;
}

/**
 * Top-level boxes found in `head` (the file's first bytes, `base` its offset in the file); the last may run
 * past the end of what was read. Stops at the first malformed header.
 */
export function topLevelBoxes(head: Buffer, fileSize?: number, base = 0): BoxRef[] {
  const boxes: BoxRef[] = [];
  let at = 0;
  while (at + 8 <= head.length) {
    let size = head.readUInt32BE(at);
    const type = head.toString('latin1', at + 4, at + 8);
    let headerSize = 8;
    if (size === 1) {
      if (at + 16 > head.length) break;
      size = Number(head.readBigUInt64BE(at + 8));
      headerSize = 16;
    } else if (size === 0) {
      if (fileSize === undefined) break;
      size = fileSize - base - at;
    }
    if (size < headerSize || !/^[\x20-\x7e]{4}$/.test(type)) break;
    boxes.push({ type, offset: base + at, size, headerSize });
    at += size;
  }
  return boxes;
}

/** Children of a box whose payload is `buf[start..end)`. */
function children(buf: Buffer, start: number, end: number): Array<{ type: string; start: number; end: number }> {
  const out: Array<{ type: string; start: number; end: number }> = [];
  let at = start;
  while (at + 8 <= end) {
    let size = buf.readUInt32BE(at);
    let header = 8;
    if (size === 1) {
      size = Number(buf.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) size = end - at;
    if (size < header || at + size > end) break;
    out.push({ type: buf.toString('latin1', at + 4, at + 8), start: at + header, end: at + size });
    at += size;
  }
  return out;
}

const child = (buf: Buffer, parent: { start: number; end: number }, type: string) => children(buf, parent.start, parent.end).find((c) => c.type === type);

/**
 * The video track's keyframes from a `moov` box (its whole bytes, header included). Undefined when the box
 * has no video track or its sample table is not one this parser reads (fragmented MP4 keeps samples in
 * `moof` boxes instead).
 */
export function parseMoov(moov: Buffer): Mp4Index | undefined {
  const root = { start: 8, end: moov.length };
  if (moov.readUInt32BE(0) === 1) root.start = 16;
  let movieDuration = 0;
  const mvhd = child(moov, root, 'mvhd');
  if (mvhd) {
    const v = moov[mvhd.start];
    const timescale = moov.readUInt32BE(mvhd.start + (v === 1 ? 20 : 12));
    const duration = v === 1 ? Number(moov.readBigUInt64BE(mvhd.start + 24)) : moov.readUInt32BE(mvhd.start + 16);
    if (timescale > 0) movieDuration = duration / timescale;
  }
  for (const trak of children(moov, root.start, root.end).filter((c) => c.type === 'trak')) {
    const mdia = child(moov, trak, 'mdia');
    const hdlr = mdia && child(moov, mdia, 'hdlr');
    if (!mdia || !hdlr || moov.toString('latin1', hdlr.start + 8, hdlr.start + 12) !== 'vide') continue;
    const mdhd = child(moov, mdia, 'mdhd');
    const stbl = (() => {
      const minf = child(moov, mdia, 'minf');
      return minf && child(moov, minf, 'stbl');
    })();
    if (!mdhd || !stbl) return undefined;
    const v = moov[mdhd.start];
    const timescale = moov.readUInt32BE(mdhd.start + (v === 1 ? 20 : 12));
    const trackDuration = v === 1 ? Number(moov.readBigUInt64BE(mdhd.start + 24)) : moov.readUInt32BE(mdhd.start + 16);
    if (!timescale) return undefined;
    // Edit list: the media time the presentation starts at (B-frame delay), subtracted from every time.
    let mediaStart = 0;
    const elst = (() => {
      const edts = child(moov, trak, 'edts');
      return edts && child(moov, edts, 'elst');
    })();
    if (elst) {
      const ev = moov[elst.start];
      const count = moov.readUInt32BE(elst.start + 4);
      for (let i = 0, at = elst.start + 8; i < count; i++, at += ev === 1 ? 20 : 12) {
        const mediaTime = ev === 1 ? Number(moov.readBigInt64BE(at + 8)) : moov.readInt32BE(at + 4);
        if (mediaTime >= 0) {
          mediaStart = mediaTime;
          break;
        }
      }
    }
    const table = (type: string) => child(moov, stbl, type);
    const stts = table('stts');
    const stsz = table('stsz');
    const stsc = table('stsc');
    const stco = table('stco') ?? table('co64');
    if (!stts || !stsz || !stsc || !stco) return undefined;
    const count = moov.readUInt32BE(stsz.start + 8);
    if (count === 0) return undefined;
    const fixedSize = moov.readUInt32BE(stsz.start + 4);
    const sizeOf = (i: number) => (fixedSize ? fixedSize : moov.readUInt32BE(stsz.start + 12 + 4 * i));
    // Decode times.
    const dts = new Float64Array(count);
    {
      const entries = moov.readUInt32BE(stts.start + 4);
      let i = 0;
      let t = 0;
      for (let e = 0; e < entries && i < count; e++) {
        const n = moov.readUInt32BE(stts.start + 8 + 8 * e);
        const delta = moov.readUInt32BE(stts.start + 12 + 8 * e);
        for (let k = 0; k < n && i < count; k++, i++, t += delta) dts[i] = t;
      }
    }
    // Composition offsets (B-frames), when present.
    const ctts = table('ctts');
    const cto = new Float64Array(count);
    if (ctts) {
      const cv = moov[ctts.start];
      const entries = moov.readUInt32BE(ctts.start + 4);
      let i = 0;
      for (let e = 0; e < entries && i < count; e++) {
        const n = moov.readUInt32BE(ctts.start + 8 + 8 * e);
        const off = cv === 1 ? moov.readInt32BE(ctts.start + 12 + 8 * e) : moov.readUInt32BE(ctts.start + 12 + 8 * e);
        for (let k = 0; k < n && i < count; k++, i++) cto[i] = off;
      }
    }
    // Byte offsets: chunks from stco/co64, samples per chunk from stsc.
    const wide = moov.toString('latin1', stco.start - 4, stco.start) === 'co64';
    const chunks = moov.readUInt32BE(stco.start + 4);
    const chunkOffset = (c: number) => (wide ? Number(moov.readBigUInt64BE(stco.start + 8 + 8 * c)) : moov.readUInt32BE(stco.start + 8 + 4 * c));
    const offsets = new Float64Array(count);
    {
      const entries = moov.readUInt32BE(stsc.start + 4);
      let sample = 0;
      for (let e = 0; e < entries; e++) {
        const first = moov.readUInt32BE(stsc.start + 8 + 12 * e) - 1;
        const perChunk = moov.readUInt32BE(stsc.start + 12 + 12 * e);
        const last = e + 1 < entries ? moov.readUInt32BE(stsc.start + 8 + 12 * (e + 1)) - 1 : chunks;
        for (let c = first; c < last && sample < count; c++) {
          let at = chunkOffset(c);
          for (let k = 0; k < perChunk && sample < count; k++, sample++) {
            offsets[sample] = at;
            at += sizeOf(sample);
          }
        }
      }
    }
    // Keyframes: stss lists them; without it every sample is one.
    const stss = table('stss');
    const keys: number[] = [];
    if (stss) {
      const n = moov.readUInt32BE(stss.start + 4);
      for (let k = 0; k < n; k++) {
        const s = moov.readUInt32BE(stss.start + 8 + 4 * k) - 1;
        if (s >= 0 && s < count) keys.push(s);
      }
    } else for (let s = 0; s < count; s++) keys.push(s);
    return {
      durationSeconds: trackDuration > 0 ? trackDuration / timescale : movieDuration,
      samples: count,
      keyframes: keys.map((s) => ({ seconds: Math.max(0, (dts[s] + cto[s] - mediaStart) / timescale), offset: offsets[s], size: sizeOf(s) })),
    };
  }
  return undefined;
}

/** Up to `n` keyframes spread over the whole duration: the one nearest each of `n` evenly spaced times. */
export function spreadKeyframes(index: Mp4Index, n: number): Keyframe[] {
  const keys = index.keyframes;
  if (keys.length <= n) return [...keys];
  const duration = index.durationSeconds || keys[keys.length - 1].seconds;
  const chosen = new Set<number>();
  for (let i = 0; i < n; i++) {
    const target = ((i + 0.5) * duration) / n;
    let best = 0;
    for (let k = 1; k < keys.length; k++) if (Math.abs(keys[k].seconds - target) < Math.abs(keys[best].seconds - target)) best = k;
    chosen.add(best);
  }
  return [...chosen].sort((a, b) => a - b).map((k) => keys[k]);
}
