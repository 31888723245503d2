import * as z from 'zod';

/**
 * The creator's domain allowlist (PRODUCT.md sections 3 and 5): domains whose copies are authorised, dropped from
 * scan results before they are stored. One entry per domain; an entry also covers its subdomains.
 */

export const ALLOWLIST_REASONS = ['authorized_partner', 'fair_use', 'licensing_agreement', 'owned_property'] as const;
export const allowlistReasonSchema = z.enum(ALLOWLIST_REASONS, { error: 'Choose a reason for allowing this domain.' });
export type AllowlistReason = z.infer<typeof allowlistReasonSchema>;

export const DOMAIN_MESSAGE = 'Enter a domain such as example.com';
export const MAX_NOTES_LENGTH = 500;
/** Most entries one user may hold; the scan loads the whole list, so it stays bounded. */
export const MAX_ALLOWLIST_ENTRIES = 500;

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const TLD = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/**
 * Reduces what a person pastes (`https://www.Example.com/page?x`, `example.com.`, `user@host:8080`) to a bare
 * lower-case host name without `www.`, or `undefined` when it is not a domain name (IP addresses are not).
 * Internationalised names come back in their ASCII (punycode) form, the form URLs carry.
 */
export function normaliseDomain(input: string): string | undefined {
  let s = input.trim().toLowerCase();
  s = s.replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  s = s.split(/[/?#\\]/, 1)[0] ?? '';
  s = s.slice(s.lastIndexOf('@') + 1);
  s = s.replace(/:\d*$/, '').replace(/\.$/, '');
  if (/[^\x21-\x7e]/.test(s)) {
    // The WHATWG URL parser (a global in browsers and Node) does IDNA; hand-written punycode would not be better.
    try {
      s = new URL(`http://${s}`).hostname;
    } catch {
      return undefined;
    }
  }
  if (s.startsWith('www.')) s = s.slice(4);
  if (s.length === 0 || s.length > 253) return undefined;
  const labels = s.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) return undefined;
  return TLD.test(labels[labels.length - 1]!) ? s : undefined;
}

/** True when `host` is `domain` itself or one of its subdomains (`cdn.example.com` is covered by `example.com`). */
export function domainCovers(domain: string, host: string): boolean {
  return host === domain || host.endsWith(`.${domain}`);
}

/** A domain as typed, normalised by {@link normaliseDomain}; refused with {@link DOMAIN_MESSAGE}. */
export const allowlistDomainSchema = z.string({ error: DOMAIN_MESSAGE }).transform((value, ctx) => {
  const domain = normaliseDomain(value);
  if (!domain) {
    ctx.addIssue({ code: 'custom', message: DOMAIN_MESSAGE });
    return z.NEVER;
  }
  return domain;
});

/** `POST /api/user/{id}/allowlist` body. */
export const allowlistCreateSchema = z.object({
  domain: allowlistDomainSchema,
  reason: allowlistReasonSchema,
  notes: z
    .string({ error: 'Notes must be text.' })
    .trim()
    .max(MAX_NOTES_LENGTH, `Notes must be at most ${MAX_NOTES_LENGTH} characters.`)
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type AllowlistCreate = z.infer<typeof allowlistCreateSchema>;

/** An allowlist entry as the API returns it. */
export const allowlistEntrySchema = z.object({
  id: z.string(),
  domain: z.string(),
  reason: allowlistReasonSchema,
  notes: z.string().optional(),
  createdAt: z.string(),
});
export type AllowlistEntry = z.infer<typeof allowlistEntrySchema>;

export const allowlistListSchema = z.array(allowlistEntrySchema);

export const DUPLICATE_DOMAIN_MESSAGE = 'This domain is already on your allowlist.';
