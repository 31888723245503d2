import * as z from 'zod';
import { jsonTextField } from './json-field';

/**
 * Sources (issue 25): places Vigil reads directly, next to the search engines. A scan or a monitor names them as
 * `{kind, target}` (the connector contract is functions/adapters/sources/types.ts; this is its API shape, shared
 * with the web forms). Site rule ids are checked against the connectors' registry by the server (only it knows
 * the rules); the format checks here run in the browser too.
 */
export const SOURCE_KINDS = ['telegram', 'reddit', 'site'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

/** Most sources one scan or monitor names (each source is at most one connector run per scan; docs/PRODUCT.md). */
export const MAX_SOURCES = 10;

export const SOURCE_KIND_LABELS: Readonly<Record<SourceKind, string>> = {
  telegram: 'Telegram channel',
  reddit: 'Subreddit',
  site: 'Leak site',
};

/** Telegram usernames: 5 to 32 characters, letters, digits and underscores, starting with a letter. */
const TELEGRAM_USERNAME = /^[A-Za-z][A-Za-z0-9_]{3,30}[A-Za-z0-9]$/;
/** Subreddit names: 2 to 21 letters, digits and underscores (old subreddits may be as short as 2). */
const SUBREDDIT = /^[A-Za-z0-9][A-Za-z0-9_]{1,20}$/;
/** Site rule ids (lower-case words joined by hyphens), with `:<id>` when the rule reads a folder or thread the creator names. */
const SITE_RULE_ID = /^[a-z0-9][a-z0-9-]{1,40}(?::[A-Za-z0-9._-]{1,100})?$/;

/**
 * What a person types, made canonical: a Telegram channel as `@name`, `t.me/name` or `https://t.me/s/name`; a
 * subreddit as `r/name`, `/r/name` or a reddit.com URL.
 */
export function normaliseTarget(kind: SourceKind, raw: string): string {
  const t = raw.trim();
  if (kind === 'telegram') {
    const m = /^(?:https?:\/\/)?(?:www\.)?(?:t\.me|telegram\.me)\/(?:s\/)?([^/?#]+)/i.exec(t);
    return (m ? m[1]! : t).replace(/^@/, '');
  }
  if (kind === 'reddit') {
    const m = /^(?:https?:\/\/)?(?:www\.|old\.)?reddit\.com\/r\/([^/?#]+)/i.exec(t);
    return (m ? m[1]! : t).replace(/^\/?r\//i, '');
  }
  const [id, ...entry] = t.split(':');
  return [id!.toLowerCase(), ...entry].join(':');
}

/** Why a target is not one of its kind, in words a person can act on; undefined when it is. */
export function targetProblem(kind: SourceKind, target: string): string | undefined {
  if (kind === 'telegram' && !TELEGRAM_USERNAME.test(target)) {
    return `"${target}" is not a Telegram channel username (5 to 32 letters, digits or underscores, starting with a letter).`;
  }
  if (kind === 'reddit' && target !== '*' && !SUBREDDIT.test(target)) {
    return `"${target}" is not a subreddit name (2 to 21 letters, digits or underscores), or * for all of Reddit.`;
  }
  if (kind === 'site' && !SITE_RULE_ID.test(target)) return `"${target}" is not a leak site id.`;
  return undefined;
}

export const sourceSpecSchema = z
  .object({
    kind: z.enum(SOURCE_KINDS, { error: `A source's kind must be one of ${SOURCE_KINDS.join(', ')}.` }),
    target: z.string({ error: "A source needs a target (a channel, a subreddit or a site's id)." }).max(200),
  })
  .strict()
  .transform((s) => ({ kind: s.kind, target: normaliseTarget(s.kind, s.target) }))
  .superRefine((s, ctx) => {
    const problem = targetProblem(s.kind, s.target);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['target'] });
  });
export type SourceSpec = z.output<typeof sourceSpecSchema>;

/** Two specs name the same source (channel and subreddit names are case-insensitive). */
export const sourceKey = (s: { kind: string; target: string }) => `${s.kind}:${s.target.toLowerCase()}`;

/** A list of sources: at most MAX_SOURCES, duplicates dropped. */
export const sourceListSchema = z
  .array(sourceSpecSchema)
  .max(MAX_SOURCES, `Add at most ${MAX_SOURCES} sources.`)
  .transform((list) => {
    const seen = new Set<string>();
    return list.filter((s) => !seen.has(sourceKey(s)) && seen.add(sourceKey(s)));
  });

/** The `sources` field of the multipart scan and monitor forms: a JSON list, absent or empty for none. */
export const sourcesFieldSchema = jsonTextField('sources must be a JSON list such as [{"kind":"telegram","target":"channelname"}].', () => []).pipe(sourceListSchema);

/** How a result was found when a source (not a search engine) returned it: shown on results, review and cases. */
export const resultViaSchema = z.object({
  kind: z.enum(SOURCE_KINDS),
  /** The channel, subreddit (`*` for a search of all of Reddit) or site rule id. */
  target: z.string(),
  /** The post's own link (a Telegram post, a Reddit permalink, a thread post or album). */
  postUrl: z.string(),
  /** When the post was published, when the source says. */
  postedAt: z.string().optional(),
  /** The post's medium this result is about (the photo's or the video's own file URL), when the post had media. */
  mediaUrl: z.string().optional(),
});
export type ResultVia = z.infer<typeof resultViaSchema>;

/** A source in words: `Telegram channel @name`, `Subreddit r/name`, `Reddit search`, `Leak site name`. */
export function sourceLabel(s: { kind: SourceKind; target: string }): string {
  if (s.kind === 'telegram') return `Telegram channel @${s.target}`;
  if (s.kind === 'reddit') return s.target === '*' ? 'Reddit search' : `Subreddit r/${s.target}`;
  return `Leak site ${s.target}`;
}

/** One source's health for the admin (issue 25): runs, failures, last success, requests and rate-limit waits. */
export const sourceHealthSchema = z.object({
  kind: z.enum(SOURCE_KINDS),
  target: z.string(),
  runs: z.number().int().nonnegative(),
  failures: z.number().int().nonnegative(),
  /** failures / runs, 0..1 (0 before any run). */
  errorRate: z.number().min(0).max(1),
  requests: z.number().int().nonnegative(),
  candidates: z.number().int().nonnegative(),
  rateLimitWaitMs: z.number().nonnegative(),
  lastRunAt: z.string().nullable(),
  lastSuccessAt: z.string().nullable(),
  /** Why the last run stopped early or failed, when it did. */
  lastProblem: z.string().nullable(),
});
export type SourceHealth = z.infer<typeof sourceHealthSchema>;
export const sourceHealthListSchema = z.array(sourceHealthSchema);

/** A leak site a scan or a monitor can watch: its rule's id, the name shown and what kind of site it is. */
export const siteRuleSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** forum, album, archive or cyberlocker. */
  kind: z.string(),
  /** The rule reads a folder or thread the creator names (`<id>:<folder id>`), not a search by name. */
  needsEntry: z.boolean(),
});
export type SiteRuleSummary = z.infer<typeof siteRuleSummarySchema>;
export const siteRuleListSchema = z.array(siteRuleSummarySchema);
