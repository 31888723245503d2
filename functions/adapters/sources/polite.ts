import { isSandboxUrl, safeFetch, SafeFetchError, type Resolver, type SafeFetchResponse } from '../fetch/safe-fetch';
import { perConfig } from '../../lib/config';
import { SourceStop } from './errors';
import { ALLOW_ALL, DISALLOW_ALL, parseRobots, type RobotsRules } from './robots';
import type { SourceLimits } from './types';

/** Time, injectable so tests need not wait. */
export interface Clock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (ms <= 0) return resolve();
      if (signal?.aborted) return reject(signal.reason as Error);
      const t = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      const onAbort = () => {
        clearTimeout(t);
        reject(signal!.reason as Error);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
};

/** What spaces a run's requests to a host: waits for the host's next slot and returns the milliseconds waited. */
export interface RateLimiter {
  acquire(host: string, perMinute: number, minIntervalMs: number, signal?: AbortSignal): Promise<number>;
}

/**
 * Requests per host over a sliding minute, shared by every run in the process (concurrent runs of one host queue
 * behind each other). Each request waits until fewer than `perMinute` requests to its host were made in the last
 * 60 s and `minIntervalMs` has passed since the last one, so no host ever sees more than `perMinute` in any minute.
 */
export class HostLimiter implements RateLimiter {
  private readonly hits = new Map<string, number[]>();
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(private readonly clock: Clock = systemClock) {}

  /** Waits for a slot for `host`; returns the milliseconds waited. */
  acquire(host: string, perMinute: number, minIntervalMs: number, signal?: AbortSignal): Promise<number> {
    const prev = this.queues.get(host) ?? Promise.resolve();
    const mine = prev.then(async () => {
      const start = this.clock.now();
      for (;;) {
        const now = this.clock.now();
        const times = (this.hits.get(host) ?? []).filter((t) => t > now - 60_000);
        this.hits.set(host, times);
        let until = now;
        if (times.length >= perMinute) until = Math.max(until, times[times.length - perMinute] + 60_000);
        if (times.length) until = Math.max(until, times[times.length - 1] + minIntervalMs);
        if (until <= now) {
          times.push(now);
          return now - start;
        }
        await this.clock.sleep(until - now, signal);
      }
    });
    this.queues.set(host, mine.catch(() => undefined));
    return mine;
  }
}

/**
 * Reserves a send time for a request to `host` in a window every process shares (the store's per-host window, on
 * AWS a DynamoDB item: services/search/sources.ts wires it) and returns it, in ms since the epoch. The rule: at most
 * `perWindow` reserved times in any `windowMs + marginMs`, each `minIntervalMs` after the one before.
 */
export type ReserveSlot = (host: string, rule: { perWindow: number; windowMs: number; minIntervalMs: number; marginMs: number }, nowMs: number) => Promise<number>;

/**
 * The rate limit of a host held across processes (Lambda containers): each request reserves its send time in a
 * shared window (`reserve`), then waits until that time. The rule's margin is what a request may be late by: one
 * that finds itself more than `marginMs` past its reserved time (a slow reservation, a timer woken late) does not
 * go, and reserves again, so sent requests keep the window's spacing minus at most the margin, never less than the
 * window itself. Reservations are asked for a little ahead (the last reservation's own latency), so they are
 * punctual. One process's reservations to one host are made one after another (its runs do not contend with each
 * other on the shared window, only with other processes); the waits overlap. `windowMs` is a minute for the
 * per-minute limits (tests shorten it).
 */
export class SharedHostLimiter implements RateLimiter {
  private readonly queues = new Map<string, Promise<unknown>>();
  /** How long the last reservation took, in ms: the lead of the next. */
  private latencyMs = 0;
  /** Reservations one request may make before giving up (each late one wastes its slot, which only slows the host). */
  static readonly ATTEMPTS = 6;

  constructor(
    private readonly reserve: ReserveSlot,
    private readonly options: { clock?: Clock; windowMs?: number; marginMs?: number } = {},
  ) {}

  async acquire(host: string, perMinute: number, minIntervalMs: number, signal?: AbortSignal): Promise<number> {
    const clock = this.options.clock ?? systemClock;
    const start = clock.now();
    const marginMs = this.options.marginMs ?? 1_000;
    const rule = { perWindow: perMinute, windowMs: this.options.windowMs ?? 60_000, minIntervalMs, marginMs };
    for (let attempt = 0; attempt < SharedHostLimiter.ATTEMPTS; attempt++) {
      signal?.throwIfAborted();
      const at = await this.reserveInTurn(host, rule, clock);
      const wait = at - clock.now();
      if (wait > 0) await clock.sleep(wait, signal);
      if (clock.now() <= at + marginMs) return clock.now() - start;
    }
    throw new SourceStop(`no punctual send time for ${host} after ${SharedHostLimiter.ATTEMPTS} reservations`);
  }

  private reserveInTurn(host: string, rule: Parameters<ReserveSlot>[1], clock: Clock): Promise<number> {
    const prev = this.queues.get(host) ?? Promise.resolve();
    const slot = prev.then(async () => {
      const asked = clock.now();
      const at = await this.reserve(host, rule, asked + this.latencyMs);
      this.latencyMs = Math.min(rule.marginMs, clock.now() - asked);
      return at;
    });
    this.queues.set(host, slot.catch(() => undefined));
    return slot;
  }
}

/** The process's limiter (one per configuration, so a test that resets the configuration starts afresh). */
export const processLimiter = perConfig(() => new HostLimiter());

/** robots.txt read once an hour per site, shared by every run in the process. */
export class RobotsCache {
  private readonly entries = new Map<string, { at: number; rules: Promise<RobotsRules> }>();
  constructor(private readonly clock: Clock = systemClock) {}
  get(site: string, load: () => Promise<RobotsRules>): Promise<RobotsRules> {
    const hit = this.entries.get(site);
    if (hit && this.clock.now() - hit.at < 3_600_000) return hit.rules;
    const rules = load();
    this.entries.set(site, { at: this.clock.now(), rules });
    rules.catch(() => this.entries.delete(site));
    return rules;
  }
}

export const processRobots = perConfig(() => new RobotsCache());

/** What every source request shares: who we are and the bounds of one request. */
export interface PoliteSettings {
  userAgent: string;
  rateLimitPerMinute: number;
  minIntervalMs: number;
  maxPageBytes: number;
  timeoutMs: number;
  sandboxOrigin?: string;
  robotsExceptions: string[];
}

/** Injected in tests and the benchmark. */
export interface PoliteDeps {
  clock?: Clock;
  /** Default: the process's HostLimiter; the product's QuerySource passes the shared SharedHostLimiter. */
  limiter?: RateLimiter;
  robots?: RobotsCache;
  /** The safe fetcher's resolver (tests: a fixed public address for made-up hosts). */
  resolve?: Resolver;
  /** The transport (default the safe fetcher): fast tests replay recorded pages through it. */
  fetch?: typeof safeFetch;
  /** Told of every request made (the benchmark's per-host rate). */
  onRequest?: (event: { url: string; host: string; at: number }) => void;
}

export interface GetOptions {
  /** Accepted content types of a 2xx answer; anything else ends the run as a wrong shape. */
  accept: readonly string[];
  headers?: Record<string, string>;
  /** Skip robots.txt: an authorised API (Reddit's OAuth API), never a page. */
  robots?: boolean;
  method?: 'GET' | 'POST';
  body?: string;
  /** Requests a minute for this host, when the source's rule says fewer than the default. */
  rateLimitPerMinute?: number;
  /** A 404 is an answer (no such creator on this site), not the end of the run. */
  notFoundIsEmpty?: boolean;
}

/**
 * The host a request counts against. A sandbox URL stands for a simulated host: the first path segment under the
 * sandbox base (two for `leaksites/<rule>` and `reddit/<www|oauth>`), so each simulated site keeps its own rate.
 */
export function hostKey(url: URL, sandboxOrigin: string | undefined): string {
  if (sandboxOrigin && isSandboxUrl(url, sandboxOrigin)) return `sandbox:${siteRoot(url, sandboxOrigin).slice(sandboxOrigin.length + 1) || '/'}`;
  return url.host.toLowerCase();
}

/** The URL robots.txt sits under: the origin, or for a simulated host its root under the sandbox. */
export function siteRoot(url: URL, sandboxOrigin: string | undefined): string {
  if (!sandboxOrigin || !isSandboxUrl(url, sandboxOrigin)) return url.origin;
  const base = sandboxOrigin.replace(/\/+$/, '');
  const rest = url.pathname.slice(new URL(base).pathname.replace(/\/+$/, '').length).split('/').filter(Boolean);
  const depth = rest[0] === 'leaksites' || rest[0] === 'reddit' ? 2 : 1;
  return `${base}/${rest.slice(0, depth).join('/')}`;
}

/**
 * One run's polite HTTP: every request through the safe fetcher, carrying the identifying User-Agent, counted
 * against the run's cap, spaced by the host's rate limit, and refused where robots.txt disallows it (unless the
 * operator recorded an exception for this source). A refused, failed, oversized, throttled or non-2xx answer
 * throws `SourceStop` with the reason, which the connector's run loop turns into `stoppedBecause`.
 */
export class PoliteSession {
  requests = 0;
  rateLimitWaitMs = 0;
  private readonly clock: Clock;
  private readonly limiter: RateLimiter;
  private readonly robots: RobotsCache;

  constructor(
    private readonly settings: PoliteSettings,
    private readonly limits: SourceLimits,
    /** The source's key for robots exceptions, e.g. `telegram:lunavale`. */
    private readonly sourceKey: string,
    private readonly deps: PoliteDeps = {},
    private readonly signal?: AbortSignal,
  ) {
    this.clock = deps.clock ?? systemClock;
    this.limiter = deps.limiter ?? processLimiter();
    this.robots = deps.robots ?? processRobots();
  }

  private get robotsExcepted(): boolean {
    const key = this.sourceKey.toLowerCase();
    const kind = key.split(':')[0];
    return this.settings.robotsExceptions.some((e) => e === key || e === `${kind}:*`);
  }

  async get(rawUrl: string, options: GetOptions): Promise<SafeFetchResponse> {
    let url: URL;
    try {
      url = new URL(rawUrl);
    } catch {
      throw new SourceStop(`the page gave a link that is not a URL: ${rawUrl.slice(0, 120)}`);
    }
    if (options.robots !== false && !this.robotsExcepted) {
      const root = siteRoot(url, this.settings.sandboxOrigin);
      const rules = await this.robots.get(root, () => this.loadRobots(root, url));
      const path = `${url.pathname.slice(new URL(root).pathname.replace(/\/+$/, '').length) || '/'}${url.search}`;
      if (!rules.allows(path)) throw new SourceStop(`robots.txt of ${new URL(root).host}${new URL(root).pathname.replace(/\/$/, '')} disallows ${path.slice(0, 120)}`);
    }
    return this.fetch(url, options);
  }

  private async loadRobots(root: string, forUrl: URL): Promise<RobotsRules> {
    const res = await this.fetch(new URL(`${root}/robots.txt`), { accept: ['text/*'], robots: false }, true).catch((err: unknown) => {
      if (err instanceof SourceStop) throw err;
      throw new SourceStop(`robots.txt of ${forUrl.host} could not be read`);
    });
    if (res.status >= 500) return DISALLOW_ALL;
    if (!res.ok) return ALLOW_ALL;
    return parseRobots(res.body.toString('utf8'), productToken(this.settings.userAgent));
  }

  private async fetch(url: URL, options: GetOptions, anyStatus = false): Promise<SafeFetchResponse> {
    if (this.requests >= this.limits.maxRequests) throw new SourceStop(`the run's cap of ${this.limits.maxRequests} requests was reached`);
    this.requests++;
    const host = hostKey(url, this.settings.sandboxOrigin);
    const perMinute = Math.min(options.rateLimitPerMinute ?? this.settings.rateLimitPerMinute, this.settings.rateLimitPerMinute);
    this.rateLimitWaitMs += await this.limiter.acquire(host, perMinute, this.settings.minIntervalMs, this.signal);
    this.deps.onRequest?.({ url: url.href, host, at: this.clock.now() });
    let res: SafeFetchResponse;
    try {
      res = await (this.deps.fetch ?? safeFetch)(url, {
        method: options.method ?? 'GET',
        body: options.body,
        headers: { 'user-agent': this.settings.userAgent, accept: options.accept.join(', '), ...options.headers },
        accept: anyStatus ? undefined : options.accept,
        maxBytes: this.settings.maxPageBytes,
        timeoutMs: this.settings.timeoutMs,
        maxRedirects: 3,
        signal: this.signal,
        sandboxOrigin: this.settings.sandboxOrigin ?? null,
        resolve: this.deps.resolve,
      });
    } catch (err) {
      if (err instanceof SafeFetchError) throw new SourceStop(describeFetchError(err));
      throw err;
    }
    if (anyStatus) return res;
    if (res.status === 429) throw new SourceStop(`${url.host} asked us to slow down (HTTP 429)`);
    if (res.status === 404 && options.notFoundIsEmpty) return res;
    if (!res.ok) throw new SourceStop(`${shortUrl(url)} answered HTTP ${res.status}`);
    return res;
  }
}

function productToken(userAgent: string): string {
  return (/^([A-Za-z_-]+)/.exec(userAgent)?.[1] ?? 'vigilbot').toLowerCase();
}

function shortUrl(url: URL): string {
  return `${url.host}${url.pathname}`.slice(0, 160);
}

function describeFetchError(err: SafeFetchError): string {
  switch (err.name) {
    case 'BlockedAddressError':
      return `a request was refused: ${err.message} (a redirect or link to a private address)`;
    case 'BlockedUrlError':
      return `a link was refused: ${err.message}`;
    case 'TooManyRedirectsError':
      return `too many redirects: ${err.message}`;
    case 'ResponseTooLargeError':
      return `an answer was too large: ${err.message}`;
    case 'FetchTimeoutError':
      return `an answer took too long: ${err.message}`;
    case 'UnexpectedContentTypeError':
      return `an answer had the wrong shape: ${err.message}`;
    default:
      return err.message;
  }
}
