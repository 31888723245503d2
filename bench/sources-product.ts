import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { SOURCE_USER_AGENT } from '../functions/lib/config';
import { hostKey } from '../functions/adapters/sources/polite';
import { describeSource, sourcesConfig, type SourceSpec } from '../functions/adapters/sources';
import { findFfmpeg, stillToVideo } from '../local/sandbox/ffmpeg';
import { DEMO_FOLDER, SANDBOX_CHANNELS, SANDBOX_SUBREDDITS } from '../local/sandbox/sources';
import { startServer } from '../local/server';
import type { SearchResult } from '../shared/schemas/search';
import { listImages } from './matching/dataset';
import { Rng } from './matching/rng';
import { writeReport } from './support/output';
import { ScanClient, type ScanRun, type Upload } from './support/scan-client';
import { renderTable } from './support/table';
import { maxInWindow } from './support/rate-window';

/*
 * bench:sources on the product path (issue 25): the local runtime (startServer: dynalite, s3rver, the IdP, the
 * gateway, the sandbox web, the search workflow's real ASL in the Step Functions stand-in) runs scans with every
 * sandbox source, signed in as a creator over HTTP, as the site does. Each source is read by its QuerySource task
 * (connectors, safe fetcher, the store-backed per-host rate limit, robots.txt, caps) and its posts go through the
 * scan's Triage (fingerprints, verification, video frames) and Persist; the figures are read back from the API
 * (the scan's per-source branches, its results) and from the sandbox (its ground truth, and the requests each
 * simulated host received).
 *
 * A source's result is its post (one result per post and content type, as the product stores them; an album or a
 * cyberlocker folder is one page), so the figures count those pages: planted = posts of that source holding a copy of a reference; found = those among the
 * source's results matched to the reference the post copies; falsePositives = results matched to a reference the
 * post does not copy (or a post with none). nameOnly = results kept for naming the creator without a visual match
 * (for the creator to check; not counted as found). requests and seconds are the scan's own record of the
 * source's branch; maxRequestsPerMinutePerHost is the most requests carrying the sources' User-Agent that the
 * source's simulated host received in any sliding minute (hosts shared by two sources count both).
 */

const log = (...parts: unknown[]) => process.stderr.write(parts.join(' ') + '\n');
const QUERY = 'Luna Vale, lunavale';
const TIMEOUT_MS = 15 * 60_000;

interface Reference {
  id: string;
  ref: string;
  upload: Upload;
  video: boolean;
  /** What the sandbox's ground truth calls copies of it. */
  truthIds: string[];
}

interface BenchSource {
  name: string;
  kind: string;
  specs: SourceSpec[];
  truthKey: string;
}

interface Truth {
  media: Record<string, string | null | undefined>;
  posts: Record<string, string>;
  bySource: Record<string, string[]>;
}

export interface ProductOptions {
  images?: string;
  seed: number;
  references: number;
  video: boolean;
  out: string;
  port: number;
}

export async function productMain(opts: ProductOptions): Promise<void> {
  const t0 = performance.now();
  const app = await startServer({ port: opts.port, inMemory: true, env: { LOG_LEVEL: 'ERROR' } });
  log(`local runtime up at ${app.url} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  try {
    await run(app.url, opts);
  } finally {
    await app.close();
  }
}

async function run(base: string, opts: ProductOptions): Promise<void> {
  const sandbox = `${base}/sandbox`;
  const get = async (p: string) => {
    const res = await fetch(`${sandbox}${p}`);
    if (!res.ok) throw new Error(`GET /sandbox${p}: ${res.status}`);
    return Buffer.from(await res.arrayBuffer());
  };
  const plant = async (bytes: Buffer): Promise<string> => {
    const res = await fetch(`${sandbox}/control/plant`, { method: 'POST', body: new Uint8Array(bytes) });
    const body = (await res.json()) as { ref?: string; error?: string };
    if (res.status !== 201 || !body.ref) throw new Error(`planting: ${res.status} ${body.error ?? ''}`);
    return body.ref;
  };

  // References: the demo originals, or K photos of DIR by the seed; plus one clip made from a further photo.
  const stills: Array<{ id: string; bytes: Buffer }> = [];
  let clipPhoto: { id: string; bytes: Buffer };
  if (opts.images) {
    const files = await listImages(opts.images);
    new Rng(opts.seed).fork('sources').shuffle(files);
    if (files.length < opts.references + 1) throw new Error(`${opts.references + 1} photos needed in ${opts.images}, ${files.length} found`);
    for (const f of files.slice(0, opts.references)) stills.push({ id: path.basename(f), bytes: await readFile(f) });
    clipPhoto = { id: path.basename(files[opts.references]!), bytes: await readFile(files[opts.references]!) };
  } else {
    for (let i = 1; i <= Math.min(opts.references, 4); i++) stills.push({ id: `demo-original-${i}`, bytes: await get(`/demo/originals/${i}.jpg`) });
    clipPhoto = { id: 'roses-1.jpg', bytes: await get('/sites/gardenblog.example/media/roses-1.jpg') };
  }
  log('planting references on the sandbox sources...');
  const references: Reference[] = [];
  for (const p of stills) {
    const ref = await plant(p.bytes);
    const type = /\.png$/i.test(p.id) ? 'image/png' : /\.webp$/i.test(p.id) ? 'image/webp' : 'image/jpeg';
    const name = /\.\w+$/.test(p.id) ? p.id : `${p.id}.jpg`;
    references.push({ id: p.id, ref, upload: { name, type, bytes: new Uint8Array(p.bytes) }, video: false, truthIds: [`reference-${ref}`, ...(opts.images ? [] : [p.id])] });
  }
  const ffmpeg = opts.video ? findFfmpeg() : null;
  if (ffmpeg) {
    const clip = await stillToVideo(ffmpeg, clipPhoto.bytes, 4);
    const ref = await plant(clip);
    references.push({ id: `clip-of-${clipPhoto.id}`, ref, upload: { name: 'clip.mp4', type: 'video/mp4', bytes: new Uint8Array(clip) }, video: true, truthIds: [`reference-${ref}`] });
  }
  const byTruth = new Map(references.flatMap((r) => r.truthIds.map((t) => [t, r] as const)));
  const byRef = new Map(references.map((r) => [r.ref, r]));

  const sources: BenchSource[] = [
    { name: `telegram:${SANDBOX_CHANNELS.leaks}`, kind: 'telegram', specs: [{ kind: 'telegram', target: SANDBOX_CHANNELS.leaks }], truthKey: `telegram:${SANDBOX_CHANNELS.leaks}` },
    { name: `telegram:${SANDBOX_CHANNELS.clean}`, kind: 'telegram', specs: [{ kind: 'telegram', target: SANDBOX_CHANNELS.clean }], truthKey: `telegram:${SANDBOX_CHANNELS.clean}` },
    { name: `reddit:${SANDBOX_SUBREDDITS.leaks}`, kind: 'reddit', specs: [{ kind: 'reddit', target: SANDBOX_SUBREDDITS.leaks }], truthKey: `reddit:${SANDBOX_SUBREDDITS.leaks}` },
    { name: `reddit:${SANDBOX_SUBREDDITS.clean}`, kind: 'reddit', specs: [{ kind: 'reddit', target: SANDBOX_SUBREDDITS.clean }], truthKey: `reddit:${SANDBOX_SUBREDDITS.clean}` },
    { name: 'site:xenforo-forum', kind: 'site/forum', specs: [{ kind: 'site', target: 'xenforo-forum' }], truthKey: 'site:xenforo-forum' },
    { name: 'site:erome-album', kind: 'site/album', specs: [{ kind: 'site', target: 'erome-album' }], truthKey: 'site:erome-album' },
    { name: 'site:coomer-archive', kind: 'site/archive', specs: [{ kind: 'site', target: 'coomer-archive' }], truthKey: 'site:coomer-archive' },
    {
      name: 'site:pixeldrain-folder',
      kind: 'site/cyberlocker',
      specs: [DEMO_FOLDER, ...references.map((r) => `p-${r.ref}`)].map((f) => ({ kind: 'site' as const, target: `pixeldrain-folder:${f}` })),
      truthKey: 'site:pixeldrain-folder',
    },
  ];

  // Two scans at once (a scan takes at most 10 sources, a creator runs one scan at a time): two creators, the
  // channels, subreddits, forum, album and archive in one scan, the cyberlocker folders in the other. Their
  // branches run concurrently, through the one per-host window.
  const clients = await Promise.all(['bench-sources-1@example.com', 'bench-sources-2@example.com'].map((email) => ScanClient.signIn(base, email, 'benchmark-password')));
  const uploads = references.map((r) => r.upload);
  const groups = [sources.filter((s) => s.kind !== 'site/cyberlocker'), sources.filter((s) => s.kind === 'site/cyberlocker')];
  await fetch(`${sandbox}/control/sources/requests`, { method: 'DELETE' });
  log(`running ${groups.length} scans with ${sources.reduce((n, s) => n + s.specs.length, 0)} sources and ${references.length} references...`);
  const started = performance.now();
  const scans: ScanRun[] = await Promise.all(
    groups.map((g, i) =>
      clients[i]!.scan({ query: QUERY, searchEngines: ['google'], contentType: 'images,videos', references: uploads, sources: g.flatMap((s) => s.specs) }, { pollMs: 500, timeoutMs: TIMEOUT_MS }),
    ),
  );
  const wallSeconds = (performance.now() - started) / 1000;
  for (const s of scans) log(`scan ${s.searchId}: ${s.status} in ${s.seconds.toFixed(1)} s, ${s.results} results`);

  const truth = (await (await fetch(`${sandbox}/control/sources/truth`)).json()) as Truth;
  const { requests } = (await (await fetch(`${sandbox}/control/sources/requests`)).json()) as { requests: Array<{ at: number; path: string; userAgent: string }> };
  const origin = sandbox;
  // Requests the connectors made (their User-Agent), by the host key the rate limit counts them under.
  const perHost = new Map<string, number[]>();
  for (const r of requests) {
    if (r.userAgent !== SOURCE_USER_AGENT) continue;
    const host = hostKey(new URL(`${origin}${r.path}`), origin);
    perHost.set(host, [...(perHost.get(host) ?? []), r.at]);
  }

  // Each scan's branches and results.
  type Branch = { kind: string; target: string; ok: boolean; candidates: number; requests?: number; seconds?: number; reason?: string };
  const branches: Branch[] = [];
  const results: SearchResult[] = [];
  for (const [i, s] of scans.entries()) {
    const client = clients[i]!;
    const search = await client.getJson<{ metadata?: { sources?: Branch[] } }>(`/api/search/${s.searchId}`);
    branches.push(...(search.metadata?.sources ?? []));
    results.push(...(await client.getJson<SearchResult[]>(`/api/search/${s.searchId}/results`)));
  }

  // The reference each matched result names: a video reference by its frame; a picture by its file's bytes.
  const refOfId = new Map<string, Reference | undefined>();
  const clip = references.find((r) => r.video);
  async function matchedReference(r: SearchResult): Promise<Reference | undefined> {
    const id = r.evidence.matchedReferenceId;
    if (!id) return undefined;
    if (r.evidence.video?.referenceFrameKey) return clip;
    if (!refOfId.has(id)) {
      const url = r.evidence.matchedReferenceUrl;
      const bytes = url ? Buffer.from(await (await fetch(url)).arrayBuffer()) : undefined;
      refOfId.set(id, bytes ? byRef.get(createHash('sha256').update(bytes).digest('hex').slice(0, 12)) : undefined);
    }
    return refOfId.get(id);
  }

  const config = sourcesConfig({ SANDBOX_ORIGIN: origin });
  const report: Record<string, unknown> = {};
  const rows: string[][] = [];
  let goalMet = true;
  for (const s of sources) {
    // Posts of this source holding copies of the references, and which.
    const planted = new Map<string, Set<string>>();
    for (const url of truth.bySource[s.truthKey] ?? []) {
      const ref = byTruth.get(truth.media[url] ?? '');
      const post = truth.posts[url];
      if (!ref || !post) continue;
      planted.set(post, (planted.get(post) ?? new Set()).add(ref.ref));
    }
    const targets = new Set(s.specs.map((x) => `${x.kind}:${x.target}`));
    const mine = results.filter((r) => r.evidence.via && targets.has(`${r.evidence.via.kind}:${r.evidence.via.target}`));
    const found = new Set<string>();
    const falsePositiveUrls: string[] = [];
    let nameOnly = 0;
    const methods: Record<string, number> = {};
    for (const r of mine) {
      const method = r.evidence.matchMethod ?? 'none';
      methods[method] = (methods[method] ?? 0) + 1;
      const ref = await matchedReference(r);
      if (!r.evidence.matchedReferenceId) {
        nameOnly++;
        continue;
      }
      const post = r.evidence.via?.mediaUrl ? truth.posts[r.evidence.via.mediaUrl] : undefined;
      if (ref && post && planted.get(post)?.has(ref.ref)) found.add(post);
      else falsePositiveUrls.push(r.url);
    }
    const mineBranches = branches.filter((b) => targets.has(`${b.kind}:${b.target}`));
    const stopped = mineBranches.filter((b) => b.reason).map((b) => `${b.target}: ${b.reason}`);
    const requestsMade = mineBranches.reduce((n, b) => n + (b.requests ?? 0), 0);
    const seconds = Math.max(0, ...mineBranches.map((b) => b.seconds ?? 0));
    const description = describeSource(s.specs[0]!, config);
    const hosts = new Set(s.specs.map((spec) => hostKey(new URL(describeSource(spec, config).baseUrl), origin)));
    if (s.kind === 'reddit') hosts.add(hostKey(new URL(config.redditAuthBaseUrl), origin));
    const maxPerMinute = Math.max(0, ...[...hosts].map((h) => maxInWindow(perHost.get(h) ?? [], 60_000)));
    const missed = [...planted.keys()].filter((p) => !found.has(p));
    const entry = {
      kind: s.kind,
      planted: planted.size,
      found: found.size,
      falsePositives: falsePositiveUrls.length,
      nameOnly,
      methods,
      requests: requestsMade,
      maxRequestsPerMinutePerHost: maxPerMinute,
      rateLimitPerMinute: description.rateLimitPerMinute,
      seconds: Number(seconds.toFixed(2)),
      ...(stopped.length ? { stoppedBecause: stopped } : {}),
      ...(missed.length ? { missed } : {}),
      ...(falsePositiveUrls.length ? { falsePositiveUrls } : {}),
    };
    const met = found.size >= planted.size && falsePositiveUrls.length === 0 && maxPerMinute <= description.rateLimitPerMinute && stopped.length === 0 && mineBranches.length === s.specs.length;
    goalMet &&= met;
    report[s.name] = entry;
    rows.push([s.name, s.kind, String(entry.planted), String(entry.found), String(entry.falsePositives), String(nameOnly), String(requestsMade), String(maxPerMinute), String(entry.rateLimitPerMinute), entry.seconds.toFixed(2), met ? 'MET' : 'MISSED']);
  }
  process.stdout.write(
    renderTable(
      ['source', 'kind', 'planted posts', 'found', 'false pos.', 'name only', 'requests', 'max req/min/host', 'limit/min', 'seconds', 'goal'],
      rows,
      ['left', 'left', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'left'],
    ) + '\n',
  );
  process.stdout.write(
    `\n${references.length} references (${references.filter((r) => r.video).length} video); ${scans.length} scans (${scans.map((s) => s.status).join(', ')}) in ${wallSeconds.toFixed(1)} s; goal ${goalMet ? 'MET' : 'MISSED'}\n`,
  );
  const out = await writeReport(opts.out, {
    mode: 'product',
    images: opts.images ?? 'demo originals',
    seed: opts.seed,
    references: references.map((r) => ({ id: r.id, video: r.video })),
    query: QUERY,
    path: 'local runtime: POST /api/search with sources, the search workflow (QuerySource, Triage, Persist) in the Step Functions stand-in, results read back through the API',
    unit: 'pages (a source result is its post; an album or a folder is one page)',
    scans: scans.map((s) => ({ id: s.searchId, status: s.status, seconds: Number(s.seconds.toFixed(2)), results: s.results })),
    sources: report,
    wallSeconds: Number(wallSeconds.toFixed(1)),
    goalMet,
  });
  log(`report: ${out}`);
}

