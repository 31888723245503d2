import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { DEMO_ORIGINALS, demoContent, siteByDomain } from './catalogue';
import { creatorFacePhoto, FACE_PHOTO_COUNT } from './faces';
import { FaultController, faultRequestSchema, type FaultConfig } from './faults';
import { findFfmpeg } from './ffmpeg';
import { goneHtml, homeHtml, pageHtml, siteIndexHtml } from './html';
import { MediaRenderer } from './media';
import { Leaks } from './leaks';
import { Planter, type PlantResult } from './planter';
import { braveAnswer, serpApiAnswer, tinEyeAnswer, type Answer, type ShapeContext } from './provider-shapes';
import { dnsJson, rdapDomain, rdapIp, type RdapAnswer } from './rdap';
import { SiteIndex } from './site-index';
import { SandboxSources } from './sources';
import { SandboxStore } from './store';
import { TAKEDOWN_POLICIES, policyFor, reaction, recipientClass, sandboxUrlsIn, type TakedownPolicy } from './takedown';

export type { FaultConfig } from './faults';
export type { PlantResult } from './planter';

export interface SandboxOptions {
  /** The sandbox's public base URL, origin plus mount path, e.g. http://localhost:3000/sandbox (= SANDBOX_ORIGIN). */
  origin: string;
  /** Where generated pictures, planted copies and removals are kept across restarts; memory only when absent. */
  dataDir?: string;
  /** Faults active from the start, per engine. */
  faults?: FaultConfig;
  /** Pre-render the demo pictures in the background (default: when dataDir is set, so restarts are instant). */
  warm?: boolean;
  /** ffmpeg binary for clips; found on PATH-like defaults when absent; `null` serves pages without video files. */
  ffmpegPath?: string | null;
  /** The sandbox's clock (default: the system's): dates on pages, and when a notice's removal is due. */
  now?: () => Date;
  /**
   * Origins (with path) of the object store whose presigned URLs a reverse image search may download, read at each
   * download. Default: S3_ENDPOINT (the local S3 stand-in). Nothing else outside the sandbox is ever fetched.
   */
  objectStoreOrigins?: () => string[];
  /** Seed of the hosts' takedown policies (issue 23; local/sandbox/takedown.ts). Default 'vigil'. */
  takedownSeed?: string;
  /** How long a host that acts on a notice takes, on the sandbox clock (default 0). */
  takedownDelayMs?: number;
  /** How long after its removal a `reuploads` host puts the copy back, on the sandbox clock (default an hour). */
  reuploadAfterMs?: number;
}

export interface Sandbox {
  /** Node request handler; mount it at the origin's path. Accepts request URLs with or without that prefix. */
  (req: IncomingMessage, res: ServerResponse): void;
  readonly origin: string;
  /** Resolves once planted copies and removals from dataDir are loaded (requests wait for it themselves). */
  readonly ready: Promise<void>;
  readonly faults: FaultController;
  /** Makes a page (and its pictures) or one picture answer 410 (or 404). Returns the paths removed. */
  remove(url: string, status?: 404 | 410): Promise<string[]>;
  restore(url: string): Promise<string[]>;
  /** Plants copies of the image at `imageUrl` as a reverse image search would. */
  plant(imageUrl: string): Promise<PlantResult>;
  /** Plants copies of a reference given its bytes (the benchmarks' photos). */
  plantBytes(bytes: Buffer): Promise<PlantResult>;
  /** The direct sources (issue 25): Telegram previews, Reddit's API, the rule sites (sources.ts). */
  readonly sources: SandboxSources;
  /** Renders every demo picture and thumbnail now. */
  warm(): Promise<void>;
  /** Cancels the removals notices scheduled. */
  close(): void;
}

const REMOVED = 'state/removed.json';
type Removed = Record<string, { status: 404 | 410; at: string }>;

class HttpProblem extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The sandbox web: the offline stand-in for the internet (ARCHITECTURE.md, "Search workflow"). Simulated sites, provider APIs in
 * SerpApi/Brave/TinEye shapes, RDAP, removal and fault-injection controls, all behind one Node request handler.
 */
export function createSandbox(options: SandboxOptions): Sandbox {
  const origin = options.origin.replace(/\/+$/, '');
  const basePath = new URL(origin).pathname.replace(/\/+$/, '');
  const now = options.now ?? (() => new Date());
  const ffmpeg = options.ffmpegPath === undefined ? findFfmpeg() : options.ffmpegPath;
  const store = new SandboxStore(options.dataDir);
  const index = new SiteIndex();
  index.add(demoContent(now()));
  const renderer = new MediaRenderer(store, ffmpeg);
  const objectStoreOrigins = options.objectStoreOrigins ?? (() => (process.env.S3_ENDPOINT ? [process.env.S3_ENDPOINT] : []));
  const planter = new Planter({ store, index, renderer, ffmpeg, now, origin, objectStoreOrigins });
  const leaks = new Leaks({ store, index, renderer, now });
  const sources = new SandboxSources({ index, renderer, now, origin });
  const faults = new FaultController(options.faults);
  const takedownSeed = options.takedownSeed ?? 'vigil';
  /** Test control: a page's policy set by hand (`POST /control/policy`). */
  const policyOverrides = new Map<string, TakedownPolicy>();
  /** Counter-notices the uploaders filed (`counter-notice` hosts), for the agent to record. */
  const counterNotices: Array<{ url: string; by: string; statement: string; at: string; recipient: string }> = [];
  /** Re-uploads due (`reuploads` hosts): page path -> when it comes back. */
  const reuploads = new Map<string, number>();
  /** Pages each engine delisted after a removal request: engine -> page paths. */
  const delisted = new Map<string, Set<string>>();
  /** Removal requests the simulated engines received: reference -> urls. */
  const removalRequests = new Map<string, { engine: string; urls: string[]; at: string }>();
  /** Requests to the simulated source hosts (`/telegram`, `/reddit`, `/leaksites`), oldest first. */
  const sourceRequests: Array<{ at: number; path: string; userAgent: string }> = [];
  const ctx: ShapeContext = {
    origin,
    index,
    planter,
    faults,
    now,
    isDelisted: (engine, page) => delisted.get(engine)?.has(`/sites/${page.domain}${page.path}`) === true,
  };
  /**
   * Removals that notices scheduled (`POST /control/notice`), by URL, with the time they are due on the sandbox's
   * clock. No timer: every request first applies the ones due (`applyDueNotices`), so what a request sees depends
   * only on the clock, never on whether a timer happened to have fired yet, and a test moves the clock (`now`)
   * instead of waiting.
   */
  const scheduled = new Map<string, number>();
  let removed: Removed = {};

  const ready = (async () => {
    await planter.load();
    await leaks.load();
    removed = (await store.getJson<Removed>(REMOVED)) ?? {};
  })();
  ready.catch(() => undefined);

  /** The sandbox-relative path of a URL or path: /sites/<domain>/... */
  const relative = (url: string): string => {
    const u = new URL(url, `${origin}/`);
    let p = decodeURIComponent(u.pathname);
    if (basePath && (p === basePath || p.startsWith(`${basePath}/`))) p = p.slice(basePath.length) || '/';
    return p.replace(/\/+$/, '') || '/';
  };

  const targetsOf = (url: string): string[] => {
    const rel = relative(url);
    const m = /^\/sites\/([^/]+)(\/.*)$/.exec(rel);
    if (!m) throw new HttpProblem(400, `not a simulated site URL: ${url}`);
    const [, domain, rest] = m;
    const page = index.page(domain, rest);
    if (page) return [rel, ...index.mediaOf(page).flatMap((x) => [`/sites/${domain}/media/${x.file}`, ...(x.poster ? [`/sites/${domain}/media/${x.poster}`] : [])])];
    if (rest.startsWith('/media/') && index.mediaFile(domain, rest.slice(7))) return [rel];
    throw new HttpProblem(404, `no such page or picture: ${url}`);
  };

  const saveRemoved = () => store.putJson(REMOVED, removed);

  const remove = async (url: string, status: 404 | 410 = 410) => {
    await ready;
    if (sources.isPost(url)) return sources.remove(url);
    const targets = targetsOf(url);
    for (const t of targets) removed[t] = { status, at: now().toISOString() };
    await saveRemoved();
    return targets;
  };

  const restore = async (url: string) => {
    await ready;
    if (sources.isPost(url)) return sources.restore(url);
    const targets = targetsOf(url);
    for (const t of targets) delete removed[t];
    await saveRemoved();
    return targets;
  };

  const applyDueNotices = async () => {
    const t = now().getTime();
    for (const [url, dueAt] of reuploads) {
      if (dueAt > t) continue;
      reuploads.delete(url);
      await restore(url).catch(() => undefined);
    }
    for (const [url, dueAt] of scheduled) {
      if (dueAt > t) continue;
      scheduled.delete(url);
      await remove(url).catch(() => undefined);
    }
  };

  const warm = async () => {
    const demo = demoContent(now()).media.filter((m) => m.kind === 'image');
    for (const m of demo) {
      const spec = index.mediaFile(m.domain, m.file)!;
      await renderer.render(spec);
      await renderer.thumb(spec);
    }
  };

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    await ready;
    await applyDueNotices();
    const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
    let path = url.pathname;
    if (basePath && (path === basePath || path.startsWith(`${basePath}/`))) path = path.slice(basePath.length) || '/';
    const method = req.method ?? 'GET';
    const params = url.searchParams;
    const read = method === 'GET' || method === 'HEAD';
    let m: RegExpExecArray | null;

    if (read && (path === '/' || path === '')) return html(res, 200, homeHtml(origin));
    if (read && path === '/serpapi/search.json') return answer(res, await serpApiAnswer(params, ctx));
    if (read && (m = /^\/brave\/res\/v1\/([a-z]+)\/search$/.exec(path))) {
      return answer(res, await braveAnswer(m[1], params, header(req, 'x-subscription-token'), ctx));
    }
    if (read && /^\/tineye\/rest\/search\/?$/.test(path)) return answer(res, await tinEyeAnswer(params, header(req, 'x-api-key'), ctx));
    if (read && (m = /^\/rdap\/domain\/([^/]+)$/.exec(path))) return rdap(res, rdapDomain(decodeURIComponent(m[1]), `${origin}/rdap`));
    if (read && (m = /^\/rdap\/ip\/([^/]+)$/.exec(path))) return rdap(res, rdapIp(decodeURIComponent(m[1]), `${origin}/rdap`));
    if (read && path === '/dns/resolve') return answer(res, dnsJson(params.get('name') ?? ''));
    if (read && (m = /^\/demo\/originals\/(\d+)\.jpg$/.exec(path))) {
      const n = Number(m[1]);
      if (n < 1 || n > DEMO_ORIGINALS.length) throw new HttpProblem(404, 'no such original');
      const spec = index.mediaFile('lunavale.example', `luna-${n}.jpg`)!;
      return bytes(res, await renderer.render(spec));
    }
    if (read && (m = /^\/demo\/faces\/(\d+)\.jpg$/.exec(path))) {
      const n = Number(m[1]);
      if (n < 1 || n > FACE_PHOTO_COUNT) throw new HttpProblem(404, 'no such face photo');
      return bytes(res, { data: await creatorFacePhoto(n), contentType: 'image/jpeg' });
    }
    if (read && (m = /^\/cdn\/thumbs\/([^/]+)\/([^/]+)$/.exec(path))) {
      const spec = index.mediaFile(m[1], m[2]);
      if (!spec) throw new HttpProblem(404, 'no such picture');
      return bytes(res, { data: await renderer.thumb(spec), contentType: 'image/jpeg' });
    }
    if (read && (m = /^\/sites\/([^/]+)(\/.*)?$/.exec(path))) return site(req, res, decodeURIComponent(m[1]), m[2] ?? '/');
    if (/^\/(telegram|reddit|leaksites)\//.test(path)) {
      // What each simulated source host sees, for bench:sources' per-host rate (`GET /control/sources/requests`).
      if (sourceRequests.length < MAX_LOGGED_SOURCE_REQUESTS) sourceRequests.push({ at: Date.now(), path, userAgent: header(req, 'user-agent') ?? '' });
      const a = await sources.answer(method, path, params, { authorization: header(req, 'authorization'), accept: header(req, 'accept') });
      if (a) return send(res, a.status, a.body, a.contentType, a.headers);
    }

    if (method === 'POST' && (m = /^\/engines\/(google|bing)\/removals$/.exec(path))) return engineRemoval(req, res, m[1]!);
    if (method === 'POST' && path === '/cdn/shieldcdn/reports') return cdnFormReport(req, res);
    if (path.startsWith('/control/')) return control(req, res, method, path, params);
    throw new HttpProblem(404, `nothing at ${path}`);
  }

  async function site(req: IncomingMessage, res: ServerResponse, domain: string, rest: string): Promise<void> {
    const info = siteByDomain(domain);
    if (!info) throw new HttpProblem(404, `${domain} is not a simulated site`);
    // A site behind the simulated CDN answers with its headers, as a proxied site does (issue 23, ladder step 3).
    if (policyFor(`/sites/${domain}/`, takedownSeed, policyOverrides) === 'behind-cdn') {
      res.setHeader('x-cdn', 'ClipCDN');
      res.setHeader('via', '1.1 clipcdn');
    }
    const rel = `/sites/${domain}${rest.replace(/\/+$/, '')}`;
    // A page behind the simulated web-form CDN (a test sets the policy per page): the agent files its form.
    if (policyFor(rel, takedownSeed, policyOverrides) === 'behind-form-cdn') res.setHeader('x-cdn', 'ShieldCDN');
    const gone = removed[rel];
    if (rest.startsWith('/media/')) {
      if (gone) return html(res, gone.status, goneHtml(origin, info, gone.status));
      const spec = index.mediaFile(domain, rest.slice(7));
      if (!spec) return html(res, 404, goneHtml(origin, info, 404));
      return ranged(req, res, await renderer.render(spec));
    }
    if (rest === '/' || rest === '') return html(res, 200, siteIndexHtml(origin, info, index.pagesOn(domain)));
    if (gone) return html(res, gone.status, goneHtml(origin, info, gone.status));
    const page = index.page(domain, rest.replace(/\/+$/, ''));
    if (!page) return html(res, 404, goneHtml(origin, info, 404));
    return html(res, 200, pageHtml(origin, info, page, index.mediaOf(page)));
  }

  /**
   * `POST /engines/<google|bing>/removals {urls}`: the engine's copyright removal form, as the agent files it. Each
   * URL of a simulated page is delisted from that engine's answers at once; answers a reference number.
   */
  async function engineRemoval(req: IncomingMessage, res: ServerResponse, engine: string): Promise<void> {
    const body = z.object({ urls: z.array(z.string().min(1)).min(1).max(1000) }).safeParse(await readJson(req));
    if (!body.success) throw new HttpProblem(400, 'body must be {urls: [...]} (the infringing URLs)');
    const reference = `${engine === 'google' ? 'GGL' : 'BNG'}-${(hashOf(`${engine}${removalRequests.size}${body.data.urls.join()}`) % 1_000_000).toString().padStart(6, '0')}`;
    const set = delisted.get(engine) ?? new Set<string>();
    const accepted: string[] = [];
    for (const url of body.data.urls) {
      try {
        const rel = relative(url);
        set.add(rel);
        accepted.push(url);
      } catch {
        // not a URL of the sandbox: the engine has nothing to delist
      }
    }
    delisted.set(engine, set);
    removalRequests.set(reference, { engine, urls: accepted, at: now().toISOString() });
    return json(res, 201, { reference, delisted: accepted });
  }

  /**
   * `POST /cdn/shieldcdn/reports {urls}`: ShieldCDN's abuse web form, as the agent files it (issue 23, a CDN task).
   * Each page behind ShieldCDN is removed (after the takedown delay, like a notice); answers a reference number.
   */
  async function cdnFormReport(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = z.object({ urls: z.array(z.string().min(1)).min(1).max(100) }).safeParse(await readJson(req));
    if (!body.success) throw new HttpProblem(400, 'body must be {urls: [...]} (the infringing URLs)');
    await ready;
    const accepted: string[] = [];
    for (const url of body.data.urls) {
      let rel: string;
      try {
        rel = relative(url);
      } catch {
        continue;
      }
      if (policyFor(rel, takedownSeed, policyOverrides) !== 'behind-form-cdn') continue; // not behind ShieldCDN
      accepted.push(url);
      if (!removed[rel] && !scheduled.has(url)) scheduled.set(url, now().getTime() + (options.takedownDelayMs ?? 0));
    }
    const reference = `SHD-${(hashOf(`shieldcdn${body.data.urls.join()}${now().getTime()}`) % 1_000_000).toString().padStart(6, '0')}`;
    return json(res, 201, { reference, accepted });
  }

  /** A notice arrives at a simulated recipient: each host acts as its policy says (issue 23). */
  async function inbox(to: string[], text: string): Promise<Array<{ url: string; policy: TakedownPolicy; from: string; action: string }>> {
    const out: Array<{ url: string; policy: TakedownPolicy; from: string; action: string }> = [];
    // Telegram and Reddit take a post down on a notice to their copyright desk (issue 25), as a host that removes.
    for (const url of sources.postUrlsIn(text)) {
      const desk = sources.copyrightDesk(url);
      if (!desk || !to.includes(desk)) continue;
      out.push({ url, policy: 'removes', from: desk, action: 'remove' });
      if (sources.isRemoved(url) || scheduled.has(url)) continue;
      scheduled.set(url, now().getTime() + (options.takedownDelayMs ?? 0));
    }
    for (const url of sandboxUrlsIn(text, origin)) {
      let rel: string;
      try {
        rel = relative(url);
      } catch {
        continue;
      }
      const domain = /^\/sites\/([^/]+)/.exec(rel)?.[1];
      if (!domain) continue;
      const policy = policyFor(rel, takedownSeed, policyOverrides);
      for (const recipient of to) {
        const who = recipientClass(domain, recipient);
        if (!who) continue;
        const action = reaction(policy, who);
        out.push({ url, policy, from: who, action });
        if (action === 'ignore' || removed[rel] || scheduled.has(url)) continue;
        const dueAt = now().getTime() + (options.takedownDelayMs ?? 0);
        scheduled.set(url, dueAt);
        if (action === 'remove-and-reupload') reuploads.set(url, dueAt + (options.reuploadAfterMs ?? 3_600_000));
        if (action === 'remove-and-counter-notice') {
          counterNotices.push({
            url,
            recipient,
            by: `Uploader of ${domain}${rel.slice(`/sites/${domain}`.length)}`,
            statement: 'I have a good faith belief that the material was removed or disabled as a result of mistake or misidentification, and I consent to the jurisdiction of the Federal District Court.',
            at: now().toISOString(),
          });
        }
      }
    }
    return out;
  }

  async function control(req: IncomingMessage, res: ServerResponse, method: string, path: string, params: URLSearchParams): Promise<void> {
    if (method === 'POST' && path === '/control/inbox') {
      const body = z.object({ to: z.union([z.string(), z.array(z.string())]), text: z.string().max(60_000) }).safeParse(await readJson(req));
      if (!body.success) throw new HttpProblem(400, 'body must be {to, text}');
      const to = (Array.isArray(body.data.to) ? body.data.to : [body.data.to]).map((t) => t.trim().toLowerCase());
      return json(res, 200, { actions: await inbox(to, body.data.text) });
    }
    if (path === '/control/policy') {
      if (method === 'GET') {
        const url = params.get('url');
        if (!url) throw new HttpProblem(400, 'url is required');
        targetsOf(url);
        return json(res, 200, { url, policy: policyFor(relative(url), takedownSeed, policyOverrides) });
      }
      if (method === 'POST') {
        const body = z.object({ url: z.string().min(1), policy: z.enum(TAKEDOWN_POLICIES) }).safeParse(await readJson(req));
        if (!body.success) throw new HttpProblem(400, `body must be {url, policy} with policy one of ${TAKEDOWN_POLICIES.join(', ')}`);
        targetsOf(body.data.url);
        policyOverrides.set(relative(body.data.url), body.data.policy);
        return json(res, 200, { url: body.data.url, policy: body.data.policy });
      }
    }
    if (path === '/control/counter-notices' && method === 'GET') return json(res, 200, { counterNotices });
    if (path === '/control/delisted' && method === 'GET') {
      return json(res, 200, { delisted: Object.fromEntries([...delisted].map(([e, s]) => [e, [...s].map((p) => `${origin}${p}`)])), requests: Object.fromEntries(removalRequests) });
    }
    if (path === '/control/state' && method === 'GET') {
      return json(res, 200, { faults: faults.list(), removed, plantedPages: index.allPages().filter((p) => p.plantedFor).length });
    }
    if (path === '/control/faults') {
      if (method === 'GET') return json(res, 200, { faults: faults.list() });
      if (method === 'DELETE') {
        faults.clear();
        return json(res, 200, { faults: {} });
      }
      if (method === 'POST') {
        const body = await readJson(req);
        const parsed = z.union([faultRequestSchema, z.array(faultRequestSchema)]).safeParse(body);
        if (!parsed.success) throw new HttpProblem(400, `bad fault: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
        for (const f of Array.isArray(parsed.data) ? parsed.data : [parsed.data]) {
          const { engine, ...fault } = f;
          faults.set(engine, fault.mode === 'none' ? undefined : (fault as Parameters<FaultController['set']>[1]));
        }
        return json(res, 200, { faults: faults.list() });
      }
    }
    if (method === 'POST' && (path === '/control/remove' || path === '/control/restore')) {
      const body = params.get('url') ? {} : ((await readJson(req)) as Record<string, unknown>);
      const target = params.get('url') ?? (typeof body.url === 'string' ? body.url : undefined);
      if (!target) throw new HttpProblem(400, 'url is required');
      if (path === '/control/restore') return json(res, 200, { restored: await restore(target) });
      const status = Number(params.get('status') ?? body.status ?? 410) === 404 ? 404 : 410;
      return json(res, 200, { removed: await remove(target, status) });
    }
    // bench:sources (issue 25): plants copies of a file on every source, as a reverse image search of it does
    // (raw bytes in the body); the sources' ground truth (medium -> what it copies, medium -> its post); the
    // requests the simulated source hosts received.
    if (method === 'POST' && path === '/control/plant') {
      const planted = await planter.plantBytes(await readBytes(req, 64 * 1024 * 1024));
      if (!planted.ok) throw new HttpProblem(400, `not planted: ${planted.reason}`);
      return json(res, 201, { ref: planted.ref });
    }
    if (method === 'GET' && path === '/control/sources/truth') {
      const truth = sources.truth();
      return json(res, 200, { media: Object.fromEntries(truth.media), posts: Object.fromEntries(truth.posts), bySource: Object.fromEntries(truth.bySource) });
    }
    if (path === '/control/sources/requests') {
      if (method === 'DELETE') sourceRequests.length = 0;
      return json(res, 200, { requests: sourceRequests });
    }
    if (method === 'POST' && path === '/control/repost') {
      // An uploader posts a Telegram or Reddit post again (issue 25, re-emergence in sources): a new post, now.
      const body = z.object({ url: z.string().min(1) }).safeParse(await readJson(req));
      if (!body.success) throw new HttpProblem(400, 'body must be {url} (a Telegram post link or a Reddit permalink of the sandbox)');
      const post = sources.repost(body.data.url);
      if (!post) throw new HttpProblem(404, `no such Telegram or Reddit post: ${body.data.url}`);
      return json(res, 201, { post });
    }
    if (method === 'POST' && path === '/control/leak') {
      const body = z
        .object({ name: z.string().trim().min(1).max(100), hash: z.string().regex(/^[0-9a-fA-F]{12,64}$/).optional() })
        .safeParse(await readJson(req));
      if (!body.success) throw new HttpProblem(400, 'body must be {name, hash?} (hash: the reference file\'s SHA-256 in hex)');
      const made = await leaks.leak(body.data.name, body.data.hash);
      if (!made) throw new HttpProblem(404, 'no planted copies for that hash yet: scan with the reference file first');
      return json(res, 201, { page: `${origin}${made.page}`, ...(made.image ? { image: `${origin}${made.image}` } : {}) });
    }
    if (method === 'POST' && path === '/control/notice') {
      // A site that honours notices: the copy goes away delayMs from now, as a host acting on an abuse report would
      // (requests from then on see it removed: see `scheduled`).
      const body = z.object({ url: z.string().min(1), delayMs: z.number().int().min(0).max(3_600_000).default(0) }).safeParse(await readJson(req));
      if (!body.success) throw new HttpProblem(400, 'body must be {url, delayMs?}');
      const targets = targetsOf(body.data.url);
      const dueAt = now().getTime() + body.data.delayMs;
      scheduled.set(body.data.url, dueAt);
      return json(res, 202, { scheduled: targets, removeAt: new Date(dueAt).toISOString() });
    }
    throw new HttpProblem(404, `no control ${method} ${path}`);
  }

  const handler = ((req: IncomingMessage, res: ServerResponse) => {
    route(req, res).catch((err: Error) => {
      if (res.headersSent) return res.destroy();
      const status = err instanceof HttpProblem ? err.status : 500;
      json(res, status, { error: err.message, sandbox: true });
    });
  }) as Sandbox;

  if (options.warm ?? Boolean(options.dataDir)) ready.then(warm).catch(() => undefined);

  return Object.assign(handler, {
    origin,
    ready,
    faults,
    remove,
    restore,
    plant: (imageUrl: string) => ready.then(() => planter.plant(imageUrl)),
    plantBytes: (bytes: Buffer) => ready.then(() => planter.plantBytes(bytes)),
    sources,
    warm,
    close: () => {
      scheduled.clear();
      planter.stop();
    },
  }) as Sandbox;
}

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function send(res: ServerResponse, status: number, body: Buffer | string, contentType: string, extra: Record<string, string> = {}) {
  res.writeHead(status, {
    'content-type': contentType,
    'content-length': String(Buffer.byteLength(body)),
    'cache-control': 'no-cache',
    'x-sandbox': 'simulated',
    ...extra,
  });
  res.end(body);
}

const json = (res: ServerResponse, status: number, body: unknown, headers?: Record<string, string>) =>
  send(res, status, JSON.stringify(body), 'application/json; charset=utf-8', headers);
const html = (res: ServerResponse, status: number, body: string) => send(res, status, body, 'text/html; charset=utf-8');
const bytes = (res: ServerResponse, b: { data: Buffer; contentType: string }) => send(res, 200, b.data, b.contentType);

/**
 * A media file with HTTP range requests honoured, as real hosts serve video: `Range: bytes=a-b` (or `a-`, or
 * the last `-n`) answers 206 with `Content-Range`; a range past the end answers 416; no range, the whole file.
 */
function ranged(req: IncomingMessage, res: ServerResponse, b: { data: Buffer; contentType: string }): void {
  const total = b.data.length;
  const m = /^bytes=(\d*)-(\d*)$/.exec(String(req.headers.range ?? '').trim());
  if (!m || (m[1] === '' && m[2] === '')) return send(res, 200, b.data, b.contentType, { 'accept-ranges': 'bytes' });
  let start = m[1] === '' ? Math.max(0, total - Number(m[2])) : Number(m[1]);
  let end = m[1] === '' || m[2] === '' ? total - 1 : Math.min(Number(m[2]), total - 1);
  if (start >= total || start > end) {
    res.writeHead(416, { 'content-range': `bytes */${total}`, 'accept-ranges': 'bytes' });
    res.end();
    return;
  }
  start = Math.max(0, start);
  end = Math.max(start, end);
  return send(res, 206, b.data.subarray(start, end + 1), b.contentType, { 'accept-ranges': 'bytes', 'content-range': `bytes ${start}-${end}/${total}` });
}
const answer = (res: ServerResponse, a: Answer) =>
  typeof a.body === 'string' ? send(res, a.status, a.body, 'application/json; charset=utf-8', a.headers) : json(res, a.status, a.body, a.headers);
/** Source requests kept for `GET /control/sources/requests` (a bench run makes a few hundred). */
const MAX_LOGGED_SOURCE_REQUESTS = 100_000;
const rdap = (res: ServerResponse, a: RdapAnswer) => send(res, a.status, JSON.stringify(a.body), 'application/rdap+json', { 'access-control-allow-origin': '*' });

async function readBytes(req: IncomingMessage, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > max) throw new HttpProblem(413, 'body too large');
    chunks.push(chunk as Buffer);
  }
  if (size === 0) throw new HttpProblem(400, 'the body must be the file to plant');
  return Buffer.concat(chunks);
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 64 * 1024) throw new HttpProblem(413, 'body too large');
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpProblem(400, 'body is not JSON');
  }
}

function hashOf(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
