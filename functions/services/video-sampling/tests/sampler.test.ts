import { execFileSync } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { VideoSamplingConfig } from '../../../lib/config';
import { mediaUrlsInHtml, sampleVideo } from '..';

/**
 * The sampler against a loopback server. Paths under /sandbox stand for the public web (the fetcher is told
 * they are the sandbox); everything else on it stands for a private service the fetcher must never reach.
 * Clips are made with ffmpeg: a small one (read whole) and a large one with its index at the end (read by
 * ranges: the index, then a few keyframes).
 */
let server: http.Server;
let origin: string;
let sandbox: string;
const hits: string[] = [];
let small: Buffer;
let large: Buffer;
/** An HLS stream (issue 24): a master playlist, its low variant's playlist and 2 s MPEG-TS segments, by path. */
const hls = new Map<string, Buffer>();
const limits: VideoSamplingConfig = { maxBytesPerCandidate: 8 * 1024 * 1024, timeoutMs: 30_000, maxCandidatesPerScan: 10, framesPerCandidate: 8 };

function serve(res: http.ServerResponse, req: http.IncomingMessage, data: Buffer, type = 'video/mp4', ranges = true) {
  const m = /^bytes=(\d+)-(\d*)$/.exec(String(req.headers.range ?? ''));
  if (!m || !ranges) return res.writeHead(200, { 'content-type': type, 'content-length': String(data.length) }).end(data);
  const start = Number(m[1]);
  const end = Math.min(data.length - 1, m[2] ? Number(m[2]) : data.length - 1);
  res.writeHead(206, { 'content-type': type, 'content-range': `bytes ${start}-${end}/${data.length}`, 'content-length': String(end - start + 1) }).end(data.subarray(start, end + 1));
}

beforeAll(async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sampler-test-'));
  const make = (name: string, args: string[]) => {
    execFileSync('ffmpeg', ['-v', 'error', '-y', ...args, path.join(dir, name)]);
    return readFileSync(path.join(dir, name));
  };
  small = make('small.mp4', ['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=10', '-t', '6', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p']);
  // About 12 MB with keyframes every 2 s and the index at the end (no faststart): more than the budget.
  large = make('large.mp4', ['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25', '-t', '24', '-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '4M', '-g', '50', '-pix_fmt', 'yuv420p']);
  // 12 s in six 2 s segments; the master playlist's other (higher) variant does not exist, so reading it fails.
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=10', '-t', '12', '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '20', '-pix_fmt', 'yuv420p', '-f', 'hls', '-hls_time', '2', '-hls_playlist_type', 'vod', '-hls_segment_filename', path.join(dir, 'seg%d.ts'), path.join(dir, 'low.m3u8')]);
  for (const f of readdirSync(dir).filter((n) => /^(seg\d+\.ts|low\.m3u8)$/.test(n))) hls.set(`/sandbox/hls/${f}`, readFileSync(path.join(dir, f)));
  hls.set('/sandbox/hls/master.m3u8', Buffer.from('#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=2000000,RESOLUTION=1280x720\nhigh.m3u8\n#EXT-X-STREAM-INF:BANDWIDTH=200000,RESOLUTION=320x180\nlow.m3u8\n'));
  hls.set('/sandbox/hls/to-private.m3u8', Buffer.from(`#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2.0,\n${'ORIGIN'}/private/seg0.ts\n#EXT-X-ENDLIST\n`));
  hls.set('/sandbox/hls/encrypted.m3u8', Buffer.from('#EXTM3U\n#EXT-X-KEY:METHOD=AES-128,URI="key.bin"\n#EXTINF:2.0,\nseg0.ts\n#EXT-X-ENDLIST\n'));
  rmSync(dir, { recursive: true, force: true });
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    hits.push(url.pathname);
    const page = (body: string) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html><head>${body}</head><body></body></html>`);
    switch (url.pathname) {
      case '/sandbox/watch/small':
        return page('<meta property="og:video" content="/sandbox/media/small.mp4">');
      case '/sandbox/watch/large':
        return page('</head><body><video controls><source src="../media/large.mp4" type="video/mp4"></video>');
      case '/sandbox/watch/no-player':
        return page('<title>Nothing to play</title>');
      case '/sandbox/watch/to-private':
        return page('<meta property="og:video" content="/sandbox/redirect">');
      case '/sandbox/redirect':
        // A redirect from the public web to a private address (this server outside /sandbox).
        return res.writeHead(302, { location: `${origin}/private/clip.mp4` }).end();
      case '/sandbox/watch/wrong-type':
        return page('<meta property="og:video" content="/sandbox/media/not-a-video">');
      case '/sandbox/media/not-a-video':
        return res.writeHead(200, { 'content-type': 'image/svg+xml' }).end('<svg xmlns="http://www.w3.org/2000/svg"/>');
      case '/sandbox/watch/no-ranges':
        return page('<meta property="og:video" content="/sandbox/media/no-ranges.mp4">');
      case '/sandbox/media/no-ranges.mp4':
        return serve(res, req, large, 'video/mp4', false);
      case '/sandbox/media/small.mp4':
        return serve(res, req, small);
      case '/sandbox/media/large.mp4':
        return serve(res, req, large);
      case '/sandbox/watch/hls':
        return page('</head><body><video controls><source src="/sandbox/hls/master.m3u8" type="application/x-mpegURL"></video>');
      case '/sandbox/watch/hls-to-private':
        return page('<meta property="og:video" content="/sandbox/hls/to-private.m3u8">');
      case '/sandbox/watch/hls-encrypted':
        return page('<meta property="og:video" content="/sandbox/hls/encrypted.m3u8">');
      case '/private/seg0.ts':
        return res.writeHead(200, { 'content-type': 'video/mp2t' }).end(hls.get('/sandbox/hls/seg0.ts'));
      case '/private/clip.mp4':
        return serve(res, req, small);
      default: {
        const file = hls.get(url.pathname);
        if (file) return res.writeHead(200, { 'content-type': url.pathname.endsWith('.ts') ? 'video/mp2t' : 'application/vnd.apple.mpegurl' }).end(file.toString('latin1').replace('ORIGIN', origin), 'latin1');
        res.writeHead(404).end();
      }
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  sandbox = `${origin}/sandbox`;
}, 60_000);

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const sample = (url: string, extra: Partial<VideoSamplingConfig> = {}) => sampleVideo(url, { limits: { ...limits, ...extra }, sandboxOrigin: sandbox });

describe('the media URL of a page', () => {
  it('comes from the player, then og:video, relative to the page; HLS playlists after the files', () => {
    const html = '<meta property="og:video" content="https://cdn.example/og.mp4"><video src="/a.mp4"></video><video><source src="b.m3u8" type="application/x-mpegURL"><source src="c.webm" type="video/webm"><source src="d.vtt" type="text/vtt"></video>';
    expect(mediaUrlsInHtml(html, 'https://tube.example/watch/1')).toEqual(['https://tube.example/a.mp4', 'https://tube.example/watch/c.webm', 'https://cdn.example/og.mp4', 'https://tube.example/watch/b.m3u8']);
  });
});

describe('sampling a candidate video', () => {
  it('reads a small clip whole through og:video and returns frames spread over it', async () => {
    const seen: number[] = [];
    const out = await sampleVideo(`${sandbox}/watch/small`, { limits, sandboxOrigin: sandbox, onSampledFrames: (frames) => void seen.push(frames.length) });
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(out.sample).toMatchObject({ mode: 'whole', mediaUrl: `${sandbox}/media/small.mp4` });
    expect(out.sample.frames.length).toBe(6);
    expect(out.sample.frames.map((f) => Math.round(f.seconds))).toEqual([0, 1, 2, 3, 4, 5]);
    for (const f of out.sample.frames) expect(f.png.subarray(1, 4).toString()).toBe('PNG');
    expect(out.sample.bytesFetched).toBeLessThanOrEqual(small.length + 2000);
    // The seam for other frame checks sees the same frames once.
    expect(seen).toEqual([6]);
  }, 60_000);

  it('reads a large clip by ranges: the index at its end, then keyframes over its whole length, within the byte budget', async () => {
    expect(large.length).toBeGreaterThan(limits.maxBytesPerCandidate);
    const out = await sample(`${sandbox}/watch/large`);
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(out.sample.mode).toBe('ranges');
    expect(out.sample.bytesFetched).toBeLessThanOrEqual(limits.maxBytesPerCandidate);
    expect(out.sample.frames.length).toBe(8);
    const times = out.sample.frames.map((f) => f.seconds);
    expect(Math.min(...times)).toBeLessThan(4);
    expect(Math.max(...times)).toBeGreaterThan(18);
  }, 60_000);

  it('refuses a media URL that redirects to a private address', async () => {
    const before = hits.filter((p) => p === '/private/clip.mp4').length;
    const out = await sample(`${sandbox}/watch/to-private`);
    expect(out).toMatchObject({ ok: false });
    if (out.ok) return;
    expect(out.reason).toMatch(/^BlockedAddressError: Refused to connect to 127\.0\.0\.1/);
    expect(hits.filter((p) => p === '/private/clip.mp4').length).toBe(before);
  });

  it('refuses a direct link to a private address', async () => {
    const out = await sample(`${origin}/private/clip.mp4`);
    expect(out).toMatchObject({ ok: false, reason: expect.stringMatching(/^BlockedAddressError/) });
  });

  it('refuses media of the wrong content type', async () => {
    const out = await sample(`${sandbox}/watch/wrong-type`);
    expect(out).toMatchObject({ ok: false, reason: expect.stringMatching(/^UnexpectedContentTypeError: Content type image\/svg\+xml/) });
  });

  it('refuses a file larger than the budget from a host that ignores ranges, reading no more than the budget', async () => {
    const out = await sample(`${sandbox}/watch/no-ranges`, { maxBytesPerCandidate: 2 * 1024 * 1024 });
    expect(out).toMatchObject({ ok: false, reason: expect.stringMatching(/more bytes than the sampling budget allows/) });
    if (out.ok) return;
    expect(out.bytesFetched).toBeLessThanOrEqual(2 * 1024 * 1024);
  });

  it("samples an HLS stream from the player's m3u8: the low variant, one frame per segment spread over it (issue 24)", async () => {
    const out = await sample(`${sandbox}/watch/hls`);
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(out.sample).toMatchObject({ mode: 'hls', mediaUrl: `${sandbox}/hls/low.m3u8` });
    expect(out.sample.frames.map((f) => Math.round(f.seconds))).toEqual([0, 2, 4, 6, 8, 10]);
    for (const f of out.sample.frames) expect(f.png.subarray(1, 4).toString()).toBe('PNG');
    expect(hits).not.toContain('/sandbox/hls/high.m3u8');
    // Fewer frames wanted: only the segments nearest the spread times are fetched.
    const before = hits.filter((p) => p.endsWith('.ts')).length;
    const three = await sample(`${sandbox}/watch/hls`, { framesPerCandidate: 3 });
    expect(three.ok && three.sample.frames.map((f) => Math.round(f.seconds))).toEqual([2, 6, 10]);
    expect(hits.filter((p) => p.endsWith('.ts')).length - before).toBe(3);
    // A direct link to a playlist (a search result, a source's post) is sampled the same way.
    const direct = await sample(`${sandbox}/hls/low.m3u8`, { framesPerCandidate: 2 });
    expect(direct.ok && direct.sample).toMatchObject({ mode: 'hls', frames: [expect.objectContaining({ seconds: 2 }), expect.objectContaining({ seconds: 8 })] });
  }, 60_000);

  it('refuses an HLS segment at a private address, and an encrypted stream, with the reason', async () => {
    const out = await sample(`${sandbox}/watch/hls-to-private`);
    expect(out).toMatchObject({ ok: false, reason: expect.stringMatching(/^BlockedAddressError: Refused to connect to 127\.0\.0\.1/) });
    expect(hits).not.toContain('/private/seg0.ts');
    expect(await sample(`${sandbox}/watch/hls-encrypted`)).toMatchObject({ ok: false, reason: 'the HLS stream is not sampled: the stream is encrypted (AES-128)' });
  });

  it('says so when a page has no player', async () => {
    expect(await sample(`${sandbox}/watch/no-player`)).toMatchObject({ ok: false, reason: 'the page has no video player or og:video' });
  });
});
