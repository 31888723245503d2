/**
 * HLS (issue 24): the playlists a player's `.m3u8` source names (RFC 8216), read as text. A master playlist lists
 * variants (the sampler takes the one with the lowest bandwidth: frames are downscaled to 512 px anyway, and it
 * costs the fewest bytes); a media playlist lists segments with their durations. Encrypted playlists and
 * byte-range segments are not sampled (a reason is given instead).
 */

export interface HlsSegment {
  url: string;
  /** Where the segment starts in the stream, in seconds. */
  start: number;
  duration: number;
}

export type HlsPlaylist =
  | { kind: 'master'; variants: { url: string; bandwidth: number }[] }
  | { kind: 'media'; segments: HlsSegment[]; durationSeconds: number; initUrl?: string; unsupported?: string };

/** The value of `NAME=` in an attribute list (quoted or not). */
function attribute(list: string, name: string): string | undefined {
  const m = new RegExp(`(?:^|,)${name}=("([^"]*)"|[^,]*)`).exec(list);
  return m ? (m[2] ?? m[1]) : undefined;
}

/** Parses a playlist's text; throws when it is not an HLS playlist. Relative URIs are resolved against `base`. */
export function parsePlaylist(text: string, base: string): HlsPlaylist {
  const lines = text.split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
  if (lines[0] !== '#EXTM3U') throw new Error('not an HLS playlist (no #EXTM3U)');
  const resolve = (uri: string) => new URL(uri, base).href;
  const variants: { url: string; bandwidth: number }[] = [];
  const segments: HlsSegment[] = [];
  let pendingVariant: number | undefined;
  let pendingDuration: number | undefined;
  let start = 0;
  let initUrl: string | undefined;
  let unsupported: string | undefined;
  for (const line of lines.slice(1)) {
    if (line.startsWith('#EXT-X-STREAM-INF:')) {
      pendingVariant = Number(attribute(line.slice(18), 'BANDWIDTH') ?? Number.MAX_SAFE_INTEGER);
    } else if (line.startsWith('#EXTINF:')) {
      pendingDuration = Number.parseFloat(line.slice(8));
    } else if (line.startsWith('#EXT-X-KEY:')) {
      const method = attribute(line.slice(11), 'METHOD');
      if (method && method !== 'NONE') unsupported = `the stream is encrypted (${method})`;
    } else if (line.startsWith('#EXT-X-BYTERANGE')) {
      unsupported = 'the playlist addresses segments by byte range';
    } else if (line.startsWith('#EXT-X-MAP:')) {
      const uri = attribute(line.slice(11), 'URI');
      if (uri) initUrl = resolve(uri);
    } else if (!line.startsWith('#')) {
      if (pendingVariant !== undefined) {
        variants.push({ url: resolve(line), bandwidth: pendingVariant });
        pendingVariant = undefined;
      } else if (pendingDuration !== undefined && Number.isFinite(pendingDuration) && pendingDuration >= 0) {
        segments.push({ url: resolve(line), start, duration: pendingDuration });
        start += pendingDuration;
        pendingDuration = undefined;
      }
    }
  }
  if (variants.length > 0) return { kind: 'master', variants };
  return { kind: 'media', segments, durationSeconds: start, ...(initUrl ? { initUrl } : {}), ...(unsupported ? { unsupported } : {}) };
}

/** The segments nearest `n` times spread over the stream (each once, in order). */
export function spreadSegments(segments: readonly HlsSegment[], n: number): HlsSegment[] {
  if (segments.length <= n) return [...segments];
  const total = segments.at(-1)!.start + segments.at(-1)!.duration;
  const picked = new Set<HlsSegment>();
  for (let i = 0; i < n; i++) {
    const t = ((i + 0.5) / n) * total;
    picked.add(segments.find((s) => t < s.start + s.duration) ?? segments.at(-1)!);
  }
  return segments.filter((s) => picked.has(s));
}

/** Whether a URL names an HLS playlist by its extension. */
export const isHlsUrl = (url: string) => /\.m3u8(\?|$)/i.test(url);
