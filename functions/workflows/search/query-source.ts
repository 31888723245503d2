import { connectorFor, loadSourcesConfig, type SourceCandidate, type SourceRun } from '../../adapters/sources';
import { candidateDomain } from '../../adapters/providers/candidate';
import { live } from '../../lib/config';
import { logger } from '../../lib/logger';
import { traced } from '../../lib/tracer';
import { recordSourceRead, recordSourceRun, sharedSourceLimiter } from '../../services/search/sources';
import { getSearch, updateSearchProgress } from '../../services/search/searches';
import { splitNames } from '../../../shared/schemas/search-start';
import { sourceKey } from '../../../shared/schemas/sources';
import type { FoundCandidate, QuerySourceInput, SourceOutcome } from './types';
import { putWork, workKey } from './work-store';

/**
 * Time one source's run may take: under the task's own timeout (2 minutes), so a slow or endless source ends
 * with its candidates so far and a reason, not with the Lambda killed.
 */
const SOURCE_RUN_MS = 100_000;


/**
 * Turns a source's posts into Triage's input, one candidate per medium (a post with three photos is three
 * pictures to compare; a post with none is its page, matched by name): the page is the post's own link, the
 * picture the medium (a video's poster image until its frames are sampled), and `via` says where it came from.
 */
export function toCandidates(posts: readonly SourceCandidate[], seenAt: string, sandboxOrigin?: string): FoundCandidate[] {
  const out: FoundCandidate[] = [];
  // The sandbox web stands in for the source when its pages or media are served from there (the UI says so).
  const fromSandbox = (post: SourceCandidate) => !!sandboxOrigin && [post.url, ...post.media.map((m) => m.url)].some((u) => u.startsWith(sandboxOrigin));
  for (const post of posts) {
    const sandbox = fromSandbox(post);
    const via = { kind: post.source.kind, target: post.source.target, postUrl: post.url, ...(post.postedAt ? { postedAt: post.postedAt } : {}) };
    const base = { url: post.url, title: post.title, snippet: post.title, domain: candidateDomain(post.url, sandboxOrigin), engine: post.source.kind, provider: post.source.kind, sandbox, seenAt, via };
    if (post.media.length === 0) {
      out.push({ ...base, kind: 'web' });
      continue;
    }
    for (const m of post.media) {
      const withMedium = { ...base, via: { ...via, mediaUrl: m.url } };
      if (m.kind === 'video') {
        out.push({ ...withMedium, kind: 'videos', videoUrl: m.url, ...(m.thumbnailUrl ? { imageUrl: m.thumbnailUrl, thumbnailUrl: m.thumbnailUrl } : {}) });
      } else {
        out.push({ ...withMedium, kind: 'images', imageUrl: m.url, ...(m.thumbnailUrl ? { thumbnailUrl: m.thumbnailUrl } : {}) });
      }
    }
  }
  return out;
}

/** Telegram channels named in `t.me/` links of a run's posts, other than the source itself (channel discovery). */
export function discoveredChannels(posts: readonly SourceCandidate[]): string[] {
  const found = new Set<string>();
  for (const post of posts) {
    for (const c of post.telegramChannels ?? []) {
      const name = c.replace(/^@/, '').toLowerCase();
      if (post.source.kind === 'telegram' && name === post.source.target.toLowerCase()) continue;
      found.add(name);
    }
  }
  return [...found].sort();
}

/**
 * QuerySource task (one branch of the QuerySources Map): reads one source through its connector (safe fetcher,
 * rate limit per host, cap per run, robots.txt: adapters/sources), stores its candidates in S3 for Triage and
 * records the run on the source's health counters. A run the connector ended early (`stoppedBecause`: a
 * malformed or hostile page, the cap, a refused fetch) keeps what it gathered and names the reason, which makes
 * the scan `partial`; so does a connector that throws (configuration), with its message as the reason.
 */
export async function querySource(input: QuerySourceInput, now = () => new Date()): Promise<SourceOutcome> {
  const search = await getSearch(input.searchId);
  if (!search) throw new Error(`search ${input.searchId} not found`);
  const spec = { kind: input.source.kind, target: input.source.target };
  const started = now();
  let run: SourceRun;
  let failedBefore = false;
  try {
    const signal = AbortSignal.timeout(SOURCE_RUN_MS);
    // Reddit's application credentials come from the provider secret on AWS (read at most every 5 minutes).
    const config = await loadSourcesConfig();
    // Each host's rate limit is a window in the table, shared by every container running a source at once.
    run = await connectorFor(spec.kind, config, { deps: { limiter: sharedSourceLimiter() } }).collect(spec, { terms: splitNames(search.query), ...(input.since ? { since: input.since } : {}) }, { signal });
  } catch (err) {
    // A configuration error (credentials missing, an unknown rule) or a connector bug: the branch ends with the
    // reason, the scan goes on (partial). Only a crash of the task itself reaches the Map's Catch.
    const problem = (err as Error).message || (err as Error).name;
    logger.error('source run failed', { searchId: input.searchId, source: sourceKey(spec), error: err as Error });
    await recordSourceRun({ ...spec, at: started.toISOString(), ok: false, requests: 0, candidates: 0, rateLimitWaitMs: 0, problem });
    run = { candidates: [], requests: 0, rateLimitWaitMs: 0, stoppedBecause: problem };
    failedBefore = true;
  }
  const candidates = toCandidates(run.candidates, started.toISOString(), live.sandboxOrigin());
  const candidatesKey = workKey(input.searchId, `source-${sourceKey(spec).replace(/[^a-z0-9_-]/gi, '_')}`);
  await putWork(candidatesKey, candidates);
  if (!failedBefore) await recordSourceRead(spec, run, started.toISOString());
  if (run.stoppedBecause) logger.warn('source stopped early', { searchId: input.searchId, source: sourceKey(spec), reason: run.stoppedBecause });
  await updateSearchProgress(input.searchId, { increment: { candidatesFound: candidates.length } });
  return {
    candidatesKey,
    candidates: candidates.length,
    posts: run.candidates.length,
    requests: run.requests,
    seconds: Math.round((now().getTime() - started.getTime()) / 10) / 100,
    ...(run.stoppedBecause ? { stoppedBecause: run.stoppedBecause } : {}),
    telegramChannels: discoveredChannels(run.candidates),
  };
}

export const handler = traced((input: QuerySourceInput) => querySource(input));
