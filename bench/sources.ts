/**
 * bench:sources (issue 25): a scan over every sandbox source, with seeded planted copies among unrelated posts.
 *
 *   npm run bench:sources -- [--images DIR] [--seed N] [--references K] [--no-video] [--out FILE] [--port P]
 *   npm run bench:sources -- --direct [...]
 *
 * By default it runs the product path (bench/sources-product.ts): the local runtime, two scans with every source
 * posted through the API as the site posts them, the search workflow's QuerySource branches (store-backed per-host
 * rate limit), Triage and Persist, and the figures read back from the API and the sandbox. Its unit is the post
 * (a source's result is its post).
 *
 * `--direct` is the connector-level run this bench was first: the sandbox web runs in this process on a loopback
 * port. K reference photos (default 4: the demo creator's originals, or K photos of DIR chosen by the seed) and,
 * when ffmpeg is installed, one reference clip made from a further photo, are planted (`plantBytes`, as a reverse
 * image search plants them), which puts copies on every source. Then each source is read by its real connector
 * (functions/adapters/sources: safe fetcher, a per-process rate limit, robots.txt, caps), all at once, with the
 * creator's names "Luna Vale" and "lunavale". Every medium found goes through Triage's matching functions
 * (hashCandidate, bestMatch, verifyCopy for the grey zone; hashVideoCandidate and matchVideoCopy for clips). Its
 * unit is the medium.
 *
 * Per source: planted (copies of the references the sandbox serves there: its ground truth, used only to score),
 * found (of those, matched to the right reference), falsePositives (a match on anything else), requests,
 * maxRequestsPerMinutePerHost (the most requests any host of the source saw in a sliding minute), its
 * rateLimitPerMinute and seconds (the source's run). Goal: found = planted everywhere, 0 false positives, no
 * host above its rate limit.
 */
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { safeFetch } from '../functions/adapters/fetch/safe-fetch';
import { connectorFor, describeSource, sourcesConfig, type SourceSpec } from '../functions/adapters/sources';
import { bestMatch, hashCandidate, hashReference, hashVideoReference, ReferenceSet } from '../functions/matching';
import { verifyCopy } from '../functions/matching/verify';
import { hashVideoCandidate, matchVideoCopy } from '../functions/matching/video-copy';
import { createSandbox } from '../local/sandbox';
import { findFfmpeg, stillToVideo } from '../local/sandbox/ffmpeg';
import { DEMO_FOLDER, SANDBOX_CHANNELS, SANDBOX_SUBREDDITS } from '../local/sandbox/sources';
import { listImages } from './matching/dataset';
import { Rng } from './matching/rng';
import { OUT_DIR, writeReport } from './support/output';
import { renderTable } from './support/table';
import { productMain } from './sources-product';
import { maxInWindow } from './support/rate-window';

const log = (...parts: unknown[]) => process.stderr.write(parts.join(' ') + '\n');
const TERMS = ['Luna Vale', 'lunavale'];

interface Reference {
  id: string;
  /** The sandbox's plant id (first 12 hex digits of the bytes' SHA-256). */
  ref: string;
  bytes: Buffer;
  video: boolean;
  /** What the sandbox's ground truth calls copies of it. */
  truthIds: string[];
}

interface BenchSource {
  name: string;
  kind: string;
  specs: SourceSpec[];
  /** Keys of the sandbox's ground truth whose media this source serves. */
  truthKeys: string[];
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      images: { type: 'string' },
      seed: { type: 'string', default: '1' },
      references: { type: 'string', default: '4' },
      'no-video': { type: 'boolean', default: false },
      out: { type: 'string' },
      direct: { type: 'boolean', default: false },
      port: { type: 'string', default: '0' },
    },
  });
  const seed = Number(values.seed);
  const k = Number(values.references);
  if (!values.direct) {
    return productMain({ images: values.images, seed, references: k, video: !values['no-video'], out: values.out ?? path.join(OUT_DIR, 'sources.json'), port: Number(values.port) });
  }
  values.out ??= path.join(OUT_DIR, 'sources-direct.json');
  const ffmpeg = values['no-video'] ? null : findFfmpeg();

  // The sandbox on a loopback port, mounted at /sandbox as the local runtime mounts it.
  const mounted: { handler?: ReturnType<typeof createSandbox> } = {};
  const server = http.createServer((req, res) => (mounted.handler ? mounted.handler(req, res) : res.writeHead(503).end()));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sandbox`;
  const sandbox = (mounted.handler = createSandbox({ origin, ffmpegPath: ffmpeg }));
  await sandbox.ready;

  // References: the demo originals, or K photos of DIR by the seed; plus one clip from a further photo.
  log('planting references...');
  const stills: Array<{ id: string; bytes: Buffer }> = [];
  let clipPhoto: { id: string; bytes: Buffer };
  if (values.images) {
    const files = await listImages(values.images);
    new Rng(seed).fork('sources').shuffle(files);
    if (files.length < k + 1) throw new Error(`${k + 1} photos needed in ${values.images}, ${files.length} found`);
    for (const f of files.slice(0, k)) stills.push({ id: path.basename(f), bytes: await readFile(f) });
    clipPhoto = { id: path.basename(files[k]), bytes: await readFile(files[k]) };
  } else {
    const get = async (p: string) => Buffer.from(await (await fetch(`${origin}${p}`)).arrayBuffer());
    for (let i = 1; i <= Math.min(k, 4); i++) stills.push({ id: `demo-original-${i}`, bytes: await get(`/demo/originals/${i}.jpg`) });
    // The clip is of a picture no source shows otherwise (a garden-blog photo of the search sites).
    clipPhoto = { id: 'roses-1.jpg', bytes: await get('/sites/gardenblog.example/media/roses-1.jpg') };
  }
  const references: Reference[] = [];
  for (const p of stills) {
    const planted = await sandbox.plantBytes(p.bytes);
    if (!planted.ok) throw new Error(`planting ${p.id}: ${planted.reason}`);
    // In the demo, the sources' own copies of the creator's originals count as planted copies too.
    references.push({ id: p.id, ref: planted.ref, bytes: p.bytes, video: false, truthIds: [`reference-${planted.ref}`, ...(values.images ? [] : [p.id])] });
  }
  if (ffmpeg) {
    const clip = await stillToVideo(ffmpeg, clipPhoto.bytes, 4);
    const planted = await sandbox.plantBytes(clip);
    if (!planted.ok) throw new Error(`planting the clip: ${planted.reason}`);
    references.push({ id: `clip-of-${clipPhoto.id}`, ref: planted.ref, bytes: clip, video: true, truthIds: [`reference-${planted.ref}`] });
  }
  log(`hashing ${references.length} references...`);
  const hashed = await Promise.all(references.map(async (r) => ({ id: r.id, ...(r.video ? await hashVideoReference(r.bytes) : await hashReference(r.bytes)) })));
  const set = ReferenceSet.from(hashed.map((h) => ({ id: h.id, hashes: h.hashes, quality: h.quality })));
  const byTruth = new Map(references.flatMap((r) => r.truthIds.map((t) => [t, r.id] as const)));

  const sources: BenchSource[] = [
    { name: `telegram:${SANDBOX_CHANNELS.leaks}`, kind: 'telegram', specs: [{ kind: 'telegram', target: SANDBOX_CHANNELS.leaks }], truthKeys: [`telegram:${SANDBOX_CHANNELS.leaks}`] },
    { name: `telegram:${SANDBOX_CHANNELS.clean}`, kind: 'telegram', specs: [{ kind: 'telegram', target: SANDBOX_CHANNELS.clean }], truthKeys: [`telegram:${SANDBOX_CHANNELS.clean}`] },
    { name: `reddit:${SANDBOX_SUBREDDITS.leaks}`, kind: 'reddit', specs: [{ kind: 'reddit', target: SANDBOX_SUBREDDITS.leaks }], truthKeys: [`reddit:${SANDBOX_SUBREDDITS.leaks}`] },
    { name: `reddit:${SANDBOX_SUBREDDITS.clean}`, kind: 'reddit', specs: [{ kind: 'reddit', target: SANDBOX_SUBREDDITS.clean }], truthKeys: [`reddit:${SANDBOX_SUBREDDITS.clean}`] },
    { name: 'site:xenforo-forum', kind: 'site/forum', specs: [{ kind: 'site', target: 'xenforo-forum' }], truthKeys: ['site:xenforo-forum'] },
    { name: 'site:erome-album', kind: 'site/album', specs: [{ kind: 'site', target: 'erome-album' }], truthKeys: ['site:erome-album'] },
    { name: 'site:coomer-archive', kind: 'site/archive', specs: [{ kind: 'site', target: 'coomer-archive' }], truthKeys: ['site:coomer-archive'] },
    {
      name: 'site:pixeldrain-folder',
      kind: 'site/cyberlocker',
      specs: [DEMO_FOLDER, ...references.map((r) => `p-${r.ref}`)].map((f) => ({ kind: 'site' as const, target: `pixeldrain-folder:${f}` })),
      truthKeys: ['site:pixeldrain-folder'],
    },
  ];

  const config = sourcesConfig({ SANDBOX_ORIGIN: origin });
  const truth = sandbox.sources.truth();
  const requestLog = new Map<string, number[]>();
  log(`reading ${sources.length} sources at once...`);
  const started = Date.now();
  const runs = await Promise.all(
    sources.map(async (s) => {
      const t0 = Date.now();
      let requests = 0;
      const stopped: string[] = [];
      const media: Array<{ url: string; kind: 'image' | 'video'; thumbnailUrl?: string }> = [];
      const hosts = new Set<string>();
      for (const spec of s.specs) {
        const onRequest = (e: { host: string; at: number }) => {
          hosts.add(e.host);
          requestLog.set(e.host, [...(requestLog.get(e.host) ?? []), e.at]);
        };
        const connector = connectorFor(spec.kind, config, { deps: { onRequest } });
        const run = await connector.collect(spec, { terms: TERMS });
        requests += run.requests;
        if (run.stoppedBecause) stopped.push(run.stoppedBecause);
        for (const c of run.candidates) for (const m of c.media) if (!media.some((x) => x.url === m.url)) media.push(m);
      }
      return { s, media, hosts, requests, stopped, seconds: (Date.now() - t0) / 1000 };
    }),
  );
  const readSeconds = (Date.now() - started) / 1000;

  log('matching what was found...');
  const report: Record<string, unknown> = {};
  const rows: string[][] = [];
  let goalMet = true;
  for (const r of runs) {
    const { s } = r;
    const served = s.truthKeys.flatMap((key) => truth.bySource.get(key) ?? []);
    const plantedUrls = new Set(served.filter((u) => byTruth.has(truth.media.get(u) ?? '')));
    let found = 0;
    let falsePositives = 0;
    const misses: string[] = [];
    const fps: string[] = [];
    for (const m of r.media) {
      const matched = await matchMedium(m.url, m.kind, set, references, origin).catch((err: Error) => {
        log(`  ${m.url}: ${err.message}`);
        return undefined;
      });
      const expected = byTruth.get(truth.media.get(m.url) ?? '');
      if (matched && matched === expected) found++;
      else if (matched) {
        falsePositives++;
        fps.push(m.url);
      } else if (expected) misses.push(m.url);
    }
    const description = describeSource(s.specs[0], config);
    // Hosts are shared between sources (two channels, one t.me): the whole process's requests to each host count.
    const maxPerMinute = Math.max(0, ...[...r.hosts].map((h) => maxInWindow(requestLog.get(h) ?? [], 60_000)));
    const entry = {
      kind: s.kind,
      planted: plantedUrls.size,
      found,
      falsePositives,
      requests: r.requests,
      maxRequestsPerMinutePerHost: maxPerMinute,
      rateLimitPerMinute: description.rateLimitPerMinute,
      seconds: Number(r.seconds.toFixed(2)),
      ...(r.stopped.length ? { stoppedBecause: r.stopped } : {}),
      ...(misses.length ? { missed: misses } : {}),
      ...(fps.length ? { falsePositiveUrls: fps } : {}),
    };
    const met = found >= plantedUrls.size && falsePositives === 0 && maxPerMinute <= description.rateLimitPerMinute && r.stopped.length === 0;
    goalMet &&= met;
    report[s.name] = entry;
    rows.push([s.name, s.kind, String(entry.planted), String(found), String(falsePositives), String(r.requests), String(maxPerMinute), String(entry.rateLimitPerMinute), entry.seconds.toFixed(2), met ? 'MET' : 'MISSED']);
  }
  process.stdout.write(
    renderTable(['source', 'kind', 'planted', 'found', 'false pos.', 'requests', 'max req/min/host', 'limit/min', 'seconds', 'goal'], rows, ['left', 'left', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'left']) + '\n',
  );
  process.stdout.write(`\n${references.length} references (${references.filter((r) => r.video).length} video), sources read in ${readSeconds.toFixed(1)} s; goal ${goalMet ? 'MET' : 'MISSED'}\n`);
  const out = await writeReport(values.out!, {
    images: values.images ?? 'demo originals',
    seed,
    references: references.map((r) => ({ id: r.id, video: r.video })),
    terms: TERMS,
    mode: 'direct',
    matching: 'Triage matching functions called directly (hashCandidate, bestMatch, verifyCopy; hashVideoCandidate, matchVideoCopy)',
    sources: report,
    readSeconds,
    goalMet,
  });
  log(`report: ${out}`);
  sandbox.close();
  server.closeAllConnections();
  server.close();
}

/** The reference a medium copies, by Triage's rules, or undefined. */
async function matchMedium(url: string, kind: 'image' | 'video', set: ReferenceSet, references: Reference[], origin: string): Promise<string | undefined> {
  const res = await safeFetch(url, { accept: kind === 'video' ? ['video/*'] : ['image/*'], maxBytes: 50 * 1024 * 1024, timeoutMs: 120_000, sandboxOrigin: origin });
  if (!res.ok) return undefined;
  if (kind === 'video') {
    const m = matchVideoCopy(await hashVideoCandidate(res.body), set);
    return m?.isMatch ? m.referenceId : undefined;
  }
  const best = bestMatch(await hashCandidate(res.body), set);
  if (!best) return undefined;
  if (best.isMatch) return best.referenceId;
  if (!best.needsVerification) return undefined;
  const ref = references.find((r) => r.id === best.referenceId);
  if (!ref || ref.video) return undefined;
  return (await verifyCopy(res.body, ref.bytes, ref.id)).verified ? best.referenceId : undefined;
}

main().catch((err: Error) => {
  log(err.stack ?? err.message);
  process.exit(1);
});
