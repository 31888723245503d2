import type { Environment } from '../../lib/config';
import { loadSourceSettings } from './config';
import { SourceConfigError } from './errors';
import type { PoliteDeps, PoliteSettings } from './polite';
import { redditConnector } from './reddit';
import { siteConnector } from './site';
import { SITE_RULES, type SiteRule } from './site-rules';
import type { SourcesConfig } from './spec';
import { telegramConnector } from './telegram';
import { SOURCE_KINDS, type SourceConnector, type SourceKind, type SourceLimits } from './types';

export * from './types';
export { SourceConfigError } from './errors';
export { SITE_RULES, type SiteRule } from './site-rules';
export { describeSource, normaliseSourceSpec, sourcesConfig, type SourcesConfig } from './spec';
export { telegramChannelsIn } from './run';
export { HostLimiter, SharedHostLimiter, type PoliteDeps, type RateLimiter } from './polite';

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

