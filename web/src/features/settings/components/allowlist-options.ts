import type { AllowlistEntry, AllowlistReason } from '@shared/schemas/allowlist';
import { domainCovers } from '@shared/schemas/allowlist';

/** Readable labels of the allowlist reasons (PRODUCT.md section 3). */
export const REASON_LABELS: Record<AllowlistReason, string> = {
  authorized_partner: 'Authorized Partner',
  fair_use: 'Fair Use',
  licensing_agreement: 'Licensing Agreement',
  owned_property: 'Owned Property',
};

/** The quick-add reference sites (PRODUCT.md section 2): added with reason fair_use. */
export const QUICK_ADD_SITES: readonly { domain: string; name: string }[] = [
  { domain: 'wikipedia.org', name: 'Wikipedia' },
  { domain: 'imdb.com', name: 'IMDb' },
  { domain: 'youtube.com', name: 'YouTube' },
  { domain: 'instagram.com', name: 'Instagram' },
];

export const QUICK_ADD_REASON: AllowlistReason = 'fair_use';

/** True when the list already covers `domain` (itself, or a parent domain whose entry covers its subdomains). */
export function isAllowlisted(entries: readonly Pick<AllowlistEntry, 'domain'>[], domain: string): boolean {
  return entries.some((e) => domainCovers(e.domain, domain));
}
