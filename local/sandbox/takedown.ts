import { DOMAIN_RECORDS, NETWORKS, REGISTRARS } from './rdap';
import { hash } from './site-index';

/**
 * How each simulated host answers takedown notices (issue 23), seeded and deterministic, so the escalation ladder
 * meets the web's behaviours offline:
 * - removes: takes the copy down on the first notice (after `delayMs` on the sandbox clock);
 * - yields-to-network: ignores its own abuse mailbox, acts when its network (or anyone above it) writes;
 * - behind-cdn: the site sits behind ClipCDN (its address is in ClipCDN's range, its pages answer `x-cdn`);
 *   only the CDN's complaint desk gets it removed;
 * - ignores-everyone: no notice works; only search-engine delisting hides it;
 * - counter-notice: removes it, and the uploader files a counter-notice (listed at /control/counter-notices);
 * - reuploads: removes it, and the copy comes back `reuploadAfterMs` later;
 * - behind-form-cdn: the page sits behind ShieldCDN, whose complaint desk is a web form (its pages answer
 *   `x-cdn: ShieldCDN`): no e-mail works; the agent files the form (`POST /cdn/shieldcdn/reports`) and it is removed.
 * Notices arrive at `POST /control/inbox` (the local runtime's mail sender delivers every message to it).
 */
export const TAKEDOWN_POLICIES = ['removes', 'yields-to-network', 'behind-cdn', 'ignores-everyone', 'counter-notice', 'reuploads', 'behind-form-cdn'] as const;
export type TakedownPolicy = (typeof TAKEDOWN_POLICIES)[number];
export type RecipientClass = 'host' | 'network' | 'cdn' | 'registrar';

/** Sites whose whole domain has one policy; pages elsewhere get a seeded one of the page-level policies. */
const SITE_POLICY: Record<string, TakedownPolicy> = {
  'tubeclips.example': 'behind-cdn',
  'filedrop.example': 'ignores-everyone',
  'gardenblog.example': 'removes',
};
const PAGE_POLICIES: readonly TakedownPolicy[] = ['removes', 'yields-to-network', 'counter-notice', 'reuploads'];

/** The policy of a page (`/sites/<domain>/<path>`), from the seed; `overrides` (test control) win. */
export function policyFor(rel: string, seed: string, overrides: ReadonlyMap<string, TakedownPolicy>): TakedownPolicy {
  const set = overrides.get(rel);
  if (set) return set;
  const domain = /^\/sites\/([^/]+)/.exec(rel)?.[1] ?? '';
  return SITE_POLICY[domain] ?? PAGE_POLICIES[hash(`${seed}:${rel}`) % PAGE_POLICIES.length]!;
}

/** Who a recipient is for a domain's copy: its own mailbox, its network's desk, the CDN's, its registrar's. */
export function recipientClass(domain: string, recipient: string): RecipientClass | undefined {
  const r = recipient.toLowerCase();
  if (r === `abuse@${domain}`) return 'host';
  if (r === 'dmca@clipcdn.example') return 'cdn';
  const record = DOMAIN_RECORDS[domain];
  if (!record) return undefined;
  if (REGISTRARS[record.registrar]?.abuseEmail === r) return 'registrar';
  if (NETWORKS.some((n) => n.abuseEmail === r)) return 'network';
  return undefined;
}

export type TakedownAction = 'remove' | 'remove-and-counter-notice' | 'remove-and-reupload' | 'ignore';

/** What a host with `policy` does with a notice from `who`. */
export function reaction(policy: TakedownPolicy, who: RecipientClass): TakedownAction {
  switch (policy) {
    case 'removes':
      return 'remove';
    case 'yields-to-network':
      return who === 'host' ? 'ignore' : 'remove';
    case 'behind-cdn':
      return who === 'cdn' ? 'remove' : 'ignore';
    case 'ignores-everyone':
    case 'behind-form-cdn':
      return 'ignore';
    case 'counter-notice':
      return 'remove-and-counter-notice';
    case 'reuploads':
      return 'remove-and-reupload';
  }
}

/** Whether some rung of the ladder gets a copy under `policy` removed at the source. */
export const yieldsToSomeStep = (policy: TakedownPolicy) => policy !== 'ignores-everyone';

/** Sandbox page URLs in a message's text (`<origin>/sites/<domain>/...`), without trailing punctuation. */
export function sandboxUrlsIn(text: string, origin: string): string[] {
  const esc = origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const re = new RegExp(`${esc}/sites/[^\\s<>"')\\]]+`, 'g');
  return [...new Set((text.match(re) ?? []).map((u) => u.replace(/[.,;:]+$/, '')))];
}
