import { createHash } from 'node:crypto';
import { plantedContent, type MediaSpec } from './catalogue';
import { isCreatorFacePhoto, likenessContent } from './faces';
import { extractFrame } from './ffmpeg';
import { imageSize } from './images';
import { referenceKeys, type MediaRenderer } from './media';
import type { Content, SiteIndex } from './site-index';
import type { SandboxStore } from './store';

const MAX_REFERENCE_BYTES = 200 * 1024 * 1024;
const MANIFEST = 'planted/manifest.json';

export type PlantResult = { ok: true; ref: string } | { ok: false; reason: string };

/** The SigV4 query parameters every presigned GET carries. */
const PRESIGN_PARAMS = ['X-Amz-Algorithm', 'X-Amz-Credential', 'X-Amz-Signature'];

/** Whether `url` is under `base` (an origin with an optional path), compared as parsed URLs. */
function isUnder(url: URL, base: string): boolean {
  let b: URL;
  try {
    b = new URL(base);
  } catch {
    return false;
  }
  if (url.origin !== b.origin) return false;
  const prefix = b.pathname.replace(/\/+$/, '');
  return url.pathname === prefix || url.pathname.startsWith(`${prefix}/`);
}

/**
 * Why the sandbox will not download `raw` for a reverse image search, or undefined when it may: only its own URLs
 * and presigned URLs of the object store it was given.
 */
export function fetchRefusal(raw: string, sandboxOrigin: string, objectStoreOrigins: string[]): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'not a URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `the scheme ${url.protocol} is not fetched`;
  if (url.username || url.password) return 'URLs with credentials are not fetched';
  if (isUnder(url, sandboxOrigin)) return undefined;
  if (objectStoreOrigins.some((o) => isUnder(url, o))) {
    if (PRESIGN_PARAMS.every((p) => url.searchParams.has(p))) return undefined;
    return 'only presigned URLs of the object store are fetched';
  }
  return 'the sandbox fetches only its own URLs and presigned URLs of the local object store';
}

/**
 * Plants transformed copies of an uploaded reference on the simulated sites, the first time a reverse image search
 * names it. The reference is fetched directly, but only from where a reference can be: a presigned GET URL of the
 * local S3 stand-in (`objectStoreOrigins`, SigV4 query parameters present) or a URL of the sandbox itself. Any
 * other URL (loopback services, the metadata address, the local API) is refused without a request, and redirects
 * are not followed, so a search request cannot make the sandbox fetch for it (issue 27). Copies are keyed by a hash of the bytes, so the three
 * engines asking about the same file at once, or two presigned URLs of it, share one set; the manifest under
 * dataDir keeps the links working after a restart.
 */
export class Planter {
  private readonly inflight = new Map<string, Promise<PlantResult>>();
  private writes: Promise<void> = Promise.resolve();
  /** Set by `stop()`: background renders still queued are dropped (the sandbox is closing). */
  private stopped = false;

  /** Drops the video renders still queued in the background. */
  stop(): void {
    this.stopped = true;
  }

  constructor(
    private readonly deps: {
      store: SandboxStore;
      index: SiteIndex;
      renderer: MediaRenderer;
      ffmpeg: string | null;
      now: () => Date;
      fetchTimeoutMs?: number;
      /** The sandbox's own origin (with its path): its URLs may be fetched. */
      origin: string;
      /** Origins (with path) of the object store whose presigned URLs may be fetched; read at each fetch. */
      objectStoreOrigins: () => string[];
    },
  ) {}

  /** Loads the copies planted before a restart. */
  async load(): Promise<void> {
    const saved = (await this.deps.store.getJson<Content[]>(MANIFEST)) ?? [];
    for (const content of saved) this.deps.index.add(content);
  }

  async plant(imageUrl: string): Promise<PlantResult> {
    let bytes: Buffer;
    try {
      bytes = await this.download(imageUrl);
    } catch (err) {
      return { ok: false, reason: `could not download the image: ${(err as Error).message}` };
    }
    return this.plantBytes(bytes);
  }

  /** Plants copies of a reference given its bytes (the benchmark's photos; `plant` once it has downloaded them). */
  async plantBytes(bytes: Buffer): Promise<PlantResult> {
    const ref = createHash('sha256').update(bytes).digest('hex').slice(0, 12);
    if (this.deps.index.plantedSet(ref)) return { ok: true, ref };
    let p = this.inflight.get(ref);
    if (!p) {
      p = this.create(ref, bytes).catch((err: Error) => ({ ok: false as const, reason: err.message }));
      this.inflight.set(ref, p);
      p.finally(() => this.inflight.delete(ref)).catch(() => undefined);
    }
    return p;
  }

  private async download(url: string): Promise<Buffer> {
    const refusal = fetchRefusal(url, this.deps.origin, this.deps.objectStoreOrigins());
    if (refusal) throw new Error(refusal);
    const res = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(this.deps.fetchTimeoutMs ?? 15_000) });
    if (res.status >= 300 && res.status < 400) throw new Error(`HTTP ${res.status}: redirects are not followed`);
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    if (Number(res.headers.get('content-length') ?? 0) > MAX_REFERENCE_BYTES) throw new Error('too large');
    const data = Buffer.from(await res.arrayBuffer());
    if (data.length > MAX_REFERENCE_BYTES) throw new Error('too large');
    return data;
  }

  private async create(ref: string, bytes: Buffer): Promise<PlantResult> {
    const { store, index, renderer, ffmpeg, now } = this.deps;
    let video = false;
    if (!(await imageSize(bytes))) {
      if (!ffmpeg) return { ok: false, reason: 'not an image, and ffmpeg is not installed to read it as a video' };
      const frame = await extractFrame(ffmpeg, bytes).catch(() => undefined);
      if (!frame || !(await imageSize(frame))) return { ok: false, reason: 'neither an image nor a video' };
      video = true;
      await store.put(referenceKeys(ref).still, frame);
    }
    await store.put(referenceKeys(ref).upload, bytes);
    const content = plantedContent(ref, video, now());
    // One of the demo creator's face photos: an engine's answer also shows a new picture of her (issue 24).
    if (!video && (await isCreatorFacePhoto(bytes))) {
      const faces = likenessContent(ref, now());
      content.pages.push(...faces.pages);
      content.media.push(...faces.media);
    }
    // Render the picture copies now (a few hundred ms), so answers carry real sizes and the first fetch is fast;
    // a video reupload is transcoded on first request instead.
    await Promise.all(
      content.media
        .filter((m) => m.kind === 'image')
        .map(async (m: MediaSpec) => {
          const size = await imageSize((await renderer.render(m)).data);
          if (size) Object.assign(m, size);
        }),
    );
    for (const m of content.media) {
      if (m.kind === 'video' && m.poster) {
        const poster = content.media.find((x) => x.file === m.poster);
        Object.assign(m, { width: poster?.width, height: poster?.height });
      }
    }
    index.add(content);
    await this.persist(content);
    // The video copies are transcoded now, one at a time in the background, so a scan's first look at them is
    // not kept waiting on ffmpeg (each is rendered once; a request that comes first waits for the same render).
    const videos = content.media.filter((m) => m.kind === 'video');
    void videos.reduce((chain, m) => chain.then(() => (this.stopped ? undefined : renderer.render(m).then(() => undefined, () => undefined))), Promise.resolve());
    return { ok: true, ref };
  }

  private persist(content: Content): Promise<void> {
    // Serialised: concurrent plants must not overwrite each other's manifest entries.
    this.writes = this.writes.then(async () => {
      const saved = (await this.deps.store.getJson<Content[]>(MANIFEST)) ?? [];
      saved.push(content);
      await this.deps.store.putJson(MANIFEST, saved);
    });
    return this.writes;
  }
}
