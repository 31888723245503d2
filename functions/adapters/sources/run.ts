import { SourceConfigError, SourceStop } from './errors';
import type { PoliteSession } from './polite';
import type { SourceCandidate, SourceLimits, SourceRun } from './types';

/** Gathers one run's candidates: deduplicated by post URL, older than `since` dropped, capped at `maxCandidates`. */
export class Collector {
  readonly candidates: SourceCandidate[] = [];
  private readonly seen = new Set<string>();
  private readonly sinceMs?: number;

  constructor(
    private readonly limits: SourceLimits,
    since?: string,
  ) {
    const t = since ? Date.parse(since) : NaN;
    this.sinceMs = Number.isFinite(t) ? t : undefined;
  }

  /** True when the post is older than the run wants (the caller stops paging back). */
  tooOld(postedAt: string | undefined): boolean {
    if (this.sinceMs === undefined || !postedAt) return false;
    const t = Date.parse(postedAt);
    return Number.isFinite(t) && t < this.sinceMs;
  }

  /** Adds a candidate unless seen or too old; throws SourceStop once the cap is reached. */
  add(c: SourceCandidate): void {
    if (this.seen.has(c.url) || this.tooOld(c.postedAt)) return;
    if (c.media.length === 0 && !c.telegramChannels?.length) return;
    if (this.candidates.length >= this.limits.maxCandidates) {
      throw new SourceStop(`the run's cap of ${this.limits.maxCandidates} candidates was reached`);
    }
    this.seen.add(c.url);
    this.candidates.push(c);
  }
}

/**
 * Runs a connector's body and turns whatever ends it into a SourceRun: a SourceStop or any other failure becomes
 * `stoppedBecause` with the candidates gathered so far; only SourceConfigError is thrown on.
 */
export async function runSource(session: PoliteSession, collector: Collector, body: () => Promise<void>, signal?: AbortSignal): Promise<SourceRun> {
  let stoppedBecause: string | undefined;
  try {
    await body();
  } catch (err) {
    if (err instanceof SourceConfigError) throw err;
    if (signal?.aborted) stoppedBecause = 'the run was cancelled';
    else if (err instanceof SourceStop) stoppedBecause = err.message;
    else stoppedBecause = `the source's answer could not be read: ${(err as Error).message ?? String(err)}`.slice(0, 300);
  }
  return {
    candidates: collector.candidates,
    requests: session.requests,
    rateLimitWaitMs: session.rateLimitWaitMs,
    ...(stoppedBecause ? { stoppedBecause } : {}),
  };
}

/** Parses JSON or ends the run as a wrong shape. */
export function jsonOf(body: Buffer, what: string): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    throw new SourceStop(`${what} was not JSON (the page has the wrong shape)`);
  }
}

const TELEGRAM_LINK = /(?:^|[^\w.])(?:https?:\/\/)?(?:t\.me|telegram\.me)\/(?:s\/)?([A-Za-z][A-Za-z0-9_]{3,31})(?![A-Za-z0-9_])/g;
/** Paths of t.me that are not channels. */
const NOT_CHANNELS = new Set(['joinchat', 'addstickers', 'share', 'proxy', 'socks', 'iv', 'addtheme', 'setlanguage', 'login', 'contact']);

/** Telegram channel usernames linked in a text or a list of links (`t.me/<name>`, `t.me/s/<name>`), lower case, once each. */
export function telegramChannelsIn(...texts: string[]): string[] {
  const out = new Set<string>();
  for (const text of texts) {
    for (const m of text.matchAll(TELEGRAM_LINK)) {
      const name = m[1].toLowerCase();
      if (!NOT_CHANNELS.has(name)) out.add(name);
    }
  }
  return [...out];
}

/** Kind of a media URL by its file extension: video for mp4/webm/mov/m4v/m3u8, image otherwise. */
export function mediaKindOf(url: string): 'image' | 'video' {
  let path = url;
  try {
    path = new URL(url).pathname;
  } catch {
    // keep the raw text
  }
  return /\.(mp4|webm|mov|m4v|m3u8|mkv)$/i.test(path) ? 'video' : 'image';
}
