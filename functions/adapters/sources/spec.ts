import { sourceSettings, type Environment, type SourceSettings } from '../../lib/config';
import { sourceKey } from '../../../shared/schemas/sources';
import { SourceConfigError } from './errors';
import { SITE_RULES, type SiteRule } from './site-rules';
import type { SourceSpec } from './types';

/*
 * What a source names and where it is read, without any connector: the checks of the scan and monitor forms
 * and the descriptions of the admin's health view. Kept apart from the connectors so that an API bundle which
 * only checks a form does not carry the HTML parser (bench:lambda's 400 KB budget).
 */

/** Telegram usernames: 5 to 32 letters, digits and underscores, starting with a letter. */
export const TELEGRAM_CHANNEL = /^[A-Za-z][A-Za-z0-9_]{4,31}$/;

/** Subreddit names: 3 to 21 letters, digits and underscores (2-letter legacy names too). */
export const SUBREDDIT = /^[A-Za-z0-9][A-Za-z0-9_]{1,20}$/;

/** Reddit's free tier allows about 100 queries a minute per client id; we stay well under it. */
export const REDDIT_RATE_LIMIT_PER_MINUTE = 60;

const ENTRY = /^[A-Za-z0-9_-]{1,64}$/;

/** Splits a site target, `<rule id>` or `<rule id>:<entry>`, and checks it against the rules. */
export function parseSiteTarget(target: string, rules: readonly SiteRule[] = SITE_RULES): { rule: SiteRule; entry?: string } {
  const [id, ...rest] = target.trim().split(':');
  const entry = rest.join(':') || undefined;
  const rule = rules.find((r) => r.id === id);
  if (!rule) throw new SourceConfigError(`"${id}" is not a known site (one of ${rules.map((r) => r.id).join(', ')})`);
  if (rule.find === 'entry' && !entry) throw new SourceConfigError(`${rule.name} cannot be searched by name: give the folder as ${rule.id}:<id>`);
  if (entry !== undefined && !ENTRY.test(entry)) throw new SourceConfigError(`"${entry}" is not an id on ${rule.name}`);
  return { rule, entry };
}

/** The base URL a rule is read at: its own host, or its stand-in under the sandbox web. */
export function ruleBaseUrl(rule: SiteRule, sandboxOrigin?: string): string {
  return sandboxOrigin ? `${sandboxOrigin.replace(/\/+$/, '')}/leaksites/${rule.id}` : rule.baseUrl.replace(/\/+$/, '');
}

/** What the connectors take: the deployment's source settings and the site rules. */
export interface SourcesConfig extends SourceSettings {
  rules: readonly SiteRule[];
}

/** The source settings from the environment (or a record a test passes), with the built-in site rules. */
export function sourcesConfig(env?: Environment, rules: readonly SiteRule[] = SITE_RULES): SourcesConfig {
  return { ...sourceSettings(env), rules };
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
