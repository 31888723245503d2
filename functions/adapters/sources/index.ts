import { sourceSettings, type Environment, type SourceSettings } from '../../lib/config';
import { loadSourceSettings } from './config';
import { SourceConfigError } from './errors';
import type { PoliteDeps, PoliteSettings } from './polite';
import { REDDIT_RATE_LIMIT_PER_MINUTE, redditConnector, SUBREDDIT } from './reddit';
import { parseSiteTarget, ruleBaseUrl, siteConnector } from './site';
import { SITE_RULES, type SiteRule } from './site-rules';
import { TELEGRAM_CHANNEL, telegramConnector } from './telegram';
import { SOURCE_KINDS, type SourceConnector, type SourceKind, type SourceLimits, type SourceSpec } from './types';

export * from './types';
export { SourceConfigError } from './errors';
export { SITE_RULES, type SiteRule } from './site-rules';
export { telegramChannelsIn } from './run';
export { HostLimiter, SharedHostLimiter, type PoliteDeps, type RateLimiter } from './polite';

/** What the connectors take: the deployment's source settings and the site rules. */
export interface SourcesConfig extends SourceSettings {
  rules: readonly SiteRule[];
}

/** The source settings from the environment (or a record a test passes), with the built-in site rules. */
export function sourcesConfig(env?: Environment, rules: readonly SiteRule[] = SITE_RULES): SourcesConfig {
  return { ...sourceSettings(env), rules };
}

/**
 * The same, with Reddit's credentials read from the provider secret when PROVIDER_SECRET_ARN names one (on AWS):
 * what the workflow's source task should call.
 */
export async function loadSourcesConfig(env?: Environment, rules: readonly SiteRule[] = SITE_RULES, deps?: Parameters<typeof loadSourceSettings>[1]): Promise<SourcesConfig> {
  return { ...(await loadSourceSettings(env, deps)), rules };
}

/** Default caps of one run of one source (a monitor run's branch). */
export const DEFAULT_SOURCE_LIMITS: SourceLimits = { maxRequests: 40, maxCandidates: 200 };

function politeSettings(config: SourcesConfig): PoliteSettings {
  return {
    userAgent: config.userAgent,
    rateLimitPerMinute: config.rateLimitPerMinute,
    minIntervalMs: config.minIntervalMs,
    maxPageBytes: config.maxPageBytes,
    timeoutMs: config.timeoutMs,
    sandboxOrigin: config.sandboxOrigin,
    robotsExceptions: config.robotsExceptions,
  };
}

/**
 * The connector of a source kind. `limits` caps each run (default DEFAULT_SOURCE_LIMITS); `deps` are for tests
 * and the benchmark (a clock, a resolver, a request log). Connectors never throw for a bad page: see
 * SourceConnector. Reddit without credentials (and no sandbox) throws SourceConfigError from `collect`.
 */
export function connectorFor(kind: SourceKind, config: SourcesConfig, options: { limits?: SourceLimits; deps?: PoliteDeps } = {}): SourceConnector {
  const limits = options.limits ?? DEFAULT_SOURCE_LIMITS;
  const settings = politeSettings(config);
  switch (kind) {
    case 'telegram':
      return telegramConnector({ baseUrl: config.telegramBaseUrl, settings, limits, deps: options.deps });
    case 'reddit':
      return redditConnector({
        authBaseUrl: config.redditAuthBaseUrl,
        apiBaseUrl: config.redditApiBaseUrl,
        clientId: config.redditClientId,
        clientSecret: config.redditClientSecret,
        settings,
        limits,
        deps: options.deps,
      });
    case 'site':
      return siteConnector({ rules: config.rules, sandboxOrigin: config.sandboxOrigin, settings, limits, deps: options.deps });
    default:
      throw new SourceConfigError(`unknown source kind ${String(kind)} (one of ${SOURCE_KINDS.join(', ')})`);
  }
}

/**
 * Checks a source a creator names and returns it normalised (`@Chan` -> `chan`, `r/Sub` -> `sub`), or throws
 * SourceConfigError with a message a person can act on (for the scan and monitor forms' 400s).
 */
export function normaliseSourceSpec(spec: SourceSpec, config: SourcesConfig): SourceSpec {
  const target = spec.target.trim();
  switch (spec.kind) {
    case 'telegram': {
      const name = target.replace(/^(?:https?:\/\/)?(?:t\.me|telegram\.me)\/(?:s\/)?/i, '').replace(/^@/, '').replace(/\/.*$/, '');
      if (!TELEGRAM_CHANNEL.test(name)) throw new SourceConfigError(`"${spec.target}" is not a public Telegram channel's username (5-32 letters, digits or _)`);
      return { kind: 'telegram', target: name.toLowerCase() };
    }
    case 'reddit': {
      const name = target.replace(/^(?:https?:\/\/(?:www\.|old\.)?reddit\.com)?\/?r\//i, '').replace(/\/.*$/, '');
      if (name !== '*' && !SUBREDDIT.test(name)) throw new SourceConfigError(`"${spec.target}" is not a subreddit name (or * for all of Reddit)`);
      // With a provider secret named, the credentials are checked where they are read (the QuerySource task).
      if (!config.redditClientId && !config.redditInSecret) throw new SourceConfigError('Reddit is not configured on this deployment (REDDIT_CLIENT_ID and REDDIT_CLIENT_SECRET)');
      return { kind: 'reddit', target: name === '*' ? '*' : name.toLowerCase() };
    }
    case 'site': {
      parseSiteTarget(target, config.rules);
      return { kind: 'site', target };
    }
    default:
      throw new SourceConfigError(`unknown source kind ${String((spec as SourceSpec).kind)}`);
  }
}

/** A source's stable key, e.g. `telegram:lunavale`, `reddit:*`, `site:coomer-archive` (robots exceptions, health, dedupe). */
export function sourceKey(spec: SourceSpec): string {
  return `${spec.kind}:${spec.target.toLowerCase()}`;
}

/** Where a source is read and how fast: for the admin's health view, the benchmark and the docs. */
export interface SourceDescription {
  key: string;
  /** The host (or the site's base URL) requests go to. */
  baseUrl: string;
  /** Requests a minute to that host. */
  rateLimitPerMinute: number;
  /** True when the source is the sandbox web's stand-in. */
  sandbox: boolean;
  /** For a site: the rule's name and kind. */
  site?: { name: string; kind: SiteRule['kind'] };
}

export function describeSource(spec: SourceSpec, config: SourcesConfig): SourceDescription {
  const key = sourceKey(spec);
  const sandbox = config.sandboxOrigin;
  switch (spec.kind) {
    case 'telegram':
      return { key, baseUrl: config.telegramBaseUrl, rateLimitPerMinute: config.rateLimitPerMinute, sandbox: Boolean(sandbox && config.telegramBaseUrl.startsWith(sandbox)) };
    case 'reddit':
      return { key, baseUrl: config.redditApiBaseUrl, rateLimitPerMinute: Math.min(REDDIT_RATE_LIMIT_PER_MINUTE, config.rateLimitPerMinute), sandbox: config.redditSandbox };
    case 'site': {
      const { rule } = parseSiteTarget(spec.target, config.rules);
      return { key, baseUrl: ruleBaseUrl(rule, sandbox), rateLimitPerMinute: Math.min(rule.rateLimitPerMinute, config.rateLimitPerMinute), sandbox: Boolean(sandbox), site: { name: rule.name, kind: rule.kind } };
    }
    default:
      throw new SourceConfigError(`unknown source kind ${String((spec as SourceSpec).kind)}`);
  }
}
