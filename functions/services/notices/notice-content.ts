import * as z from 'zod';
import type { AgentIdentity } from './agent-identity';
import { parseOrThrow } from '../../lib/validation';

/**
 * What a notice says, shared by the PDF and the plain-text e-mail body so the two never drift apart. The
 * wording follows 17 U.S.C. 512(c)(3)(A) (docs/reference/takedown-channels.md). The input deliberately has no
 * place for the creator's own name, address, phone or e-mail: the authorized agent is the complaining party's
 * contact, and a notice cannot leak what it is never given.
 */

export const SEARCH_ENGINES = ['google', 'bing', 'duckduckgo', 'other'] as const;
export type SearchEngine = (typeof SEARCH_ENGINES)[number];

export interface NoticeEvidence {
  /** The infringing URL the capture belongs to. */
  url: string;
  /** When the copy was seen (a Date or an ISO 8601 string). */
  seenAt: Date | string;
  /** Similarity of the match, a fraction from 0 to 1. */
  similarity?: number;
  /** How the copy was matched, in words (fingerprint distance, verification; issue 23). */
  match?: string;
  /** The page as captured when the case was opened: final URL, time, HTTP status, title, SHA-256 of the bytes. */
  capture?: { finalUrl: string; at: Date | string; status: number; title?: string; sha256?: string };
  /** Small JPEGs of the reference (the work) and of the copy, shown side by side. */
  referenceImage?: Buffer;
  copyImage?: Buffer;
}

export interface NoticeInput {
  /** The readable case number, e.g. `VGL-000042`. */
  caseNumber: string;
  /** The case's id (a ULID); it goes into the PDF's metadata and the e-mail's headers, not the body. */
  caseId: string;
  /** The notice date (a Date or an ISO 8601 string); shown as a calendar date in UTC. */
  date: Date | string;
  /** The authorized original, when the creator gave one on their own sites (issue 23); else the description stands alone. */
  work: { description: string; originalUrl?: string };
  /** One or more URLs of the infringing copies; duplicates are dropped, order kept. */
  infringingUrls: string[];
  /** The engine the copies were found through, when there is one. */
  searchEngine?: SearchEngine;
  evidence?: NoticeEvidence[];
  agent: AgentIdentity;
  /** The rights owner when it is a studio or agency (not the creator): the notice names it ("on behalf of ..."). */
  rightsOwner?: string;
  /** In a grouped message (several cases to one recipient) the pictures are attached under the case number. */
  grouped?: boolean;
  /**
   * The rung of the escalation ladder the notice is for (issue 23): who it is addressed to and what it asks of
   * them. The host when absent.
   */
  rung?: NoticeRung;
  /** Who is behind the recipient (the network's owner, the CDN, the registrar), when known. */
  recipientName?: string;
  /** Notices already sent on this case, lower on the ladder (what the recipient is told was tried first). */
  earlier?: { step: NoticeRung; at: Date | string; recipient?: string }[];
}

/** The ladder's rungs a notice is written for (shared/schemas/cases.ts LADDER_STEPS). */
export const NOTICE_RUNGS = ['host', 'network', 'cdn', 'registrar', 'delisting'] as const;
export type NoticeRung = (typeof NOTICE_RUNGS)[number];

const RUNG_ROLE: Record<NoticeRung, string> = {
  host: 'the host',
  network: 'the network provider',
  cdn: 'the CDN',
  registrar: 'the registrar',
  delisting: 'the search engine',
};

/**
 * Who the notice is addressed to, by the recipient's role (takedown-channels.md): the host's designated agent;
 * the network that routes the site's IP address; the CDN or reverse proxy in front of the site; the domain's
 * registrar; a search engine's copyright removals team.
 */
export function addressee(rung: NoticeRung = 'host', name?: string): string {
  const who = name ? `${name}, ` : '';
  switch (rung) {
    case 'host':
      return 'The designated copyright agent of the service provider hosting the material identified below';
    case 'network':
      return `The abuse team of ${who || 'the network provider '}${name ? 'the network provider ' : ''}whose IP address space hosts the site identified below`;
    case 'cdn':
      return `The abuse team of ${who || 'the content delivery network '}${name ? 'the content delivery network ' : ''}serving the site identified below as its CDN or reverse proxy`;
    case 'registrar':
      return `The abuse contact of ${who || 'the registrar '}${name ? 'the registrar ' : ''}of the domain name of the site identified below`;
    case 'delisting':
      return `The copyright removals team of ${name ?? 'the search engine'}, for the search results listing the material identified below`;
  }
}

/**
 * Why this recipient gets the notice, after the earlier rungs (none for the host): what was sent to whom, and
 * what the recipient's role lets it do. Undefined for the host's first notice.
 */
export function rungContext(rung: NoticeRung = 'host', earlier: { step: NoticeRung; at: Date; recipient?: string }[] = []): string | undefined {
  const before = earlier.length
    ? ` Earlier notices about the same material went to ${earlier.map((e) => `${RUNG_ROLE[e.step]}${e.recipient ? ` (${e.recipient})` : ''} on ${formatDate(e.at)}`).join(', ')}; the material is still online.`
    : '';
  switch (rung) {
    case 'host':
      return before ? `This is a further notice.${before}` : undefined;
    case 'network':
      return `You are receiving this notice as the network provider of the IP address the site resolves to.${before} Please forward it to your customer operating the site and, as your acceptable use and repeat infringer policies provide, see that the material is removed or access to it disabled.`;
    case 'cdn':
      return `You are receiving this notice because the site reaches the public through your service, which hides its hosting provider.${before} Please forward it to the site's operator and its hosting provider, and stop serving or caching the material from your network.`;
    case 'registrar':
      return `You are receiving this notice as the registrar of the site's domain name.${before} Please forward it to the domain's registrant and take the action your registration agreement and abuse policy provide.`;
    case 'delisting':
      return `This notice asks you to remove the URLs below from your search results.${before} Delisting does not remove the copies; it stops your results from leading to them.`;
  }
}


/** The file name an evidence picture is attached under (the e-mail) and named by (the text). */
export function pictureFile(input: Pick<NoticeInput, 'caseNumber' | 'grouped'>, kind: 'reference' | 'copy', index: number): string {
  return `${input.grouped ? `${input.caseNumber}-` : ''}${kind}-${index + 1}.jpg`;
}

const httpUrl = z
  .string()
  .trim()
  .min(1)
  .refine((s) => {
    try {
      const u = new URL(s);
      return u.protocol === 'http:' || u.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'Must be an http or https URL');

const when = z.union([z.date(), z.string().datetime({ offset: true })]).transform((d) => new Date(d));

const inputSchema = z.object({
  caseNumber: z.string().trim().min(1),
  caseId: z.string().trim().min(1),
  date: when,
  work: z.object({ description: z.string().trim().min(1), originalUrl: z.union([z.literal('').transform(() => undefined), httpUrl]).optional() }),
  infringingUrls: z.array(httpUrl).min(1),
  searchEngine: z.enum(SEARCH_ENGINES).optional(),
  evidence: z
    .array(
      z.object({
        url: httpUrl,
        seenAt: when,
        similarity: z.number().min(0).max(1).optional(),
        match: z.string().trim().min(1).optional(),
        capture: z
          .object({ finalUrl: z.string(), at: when, status: z.number().int(), title: z.string().optional(), sha256: z.string().optional() })
          .optional(),
        referenceImage: z.instanceof(Buffer).optional(),
        copyImage: z.instanceof(Buffer).optional(),
      }),
    )
    .optional(),
  agent: z.object({
    name: z.string().trim().min(1),
    company: z.string().trim().min(1),
    address: z.string().trim().min(1),
    email: z.string().trim().email(),
    phone: z.string().trim().min(1),
    signatureName: z.string().trim().min(1),
  }),
  rightsOwner: z.string().trim().min(1).optional(),
  rung: z.enum(NOTICE_RUNGS).default('host'),
  recipientName: z.string().trim().min(1).optional(),
  earlier: z.array(z.object({ step: z.enum(NOTICE_RUNGS), at: when, recipient: z.string().optional() })).default([]),
});

/** The checked, normalised notice: dates parsed, strings trimmed, URLs de-duplicated. */
export interface Notice {
  caseNumber: string;
  caseId: string;
  date: Date;
  work: { description: string; originalUrl?: string };
  infringingUrls: string[];
  searchEngine?: SearchEngine;
  evidence: NoticeEvidenceChecked[];
  agent: AgentIdentity;
  rightsOwner?: string;
  rung: NoticeRung;
  recipientName?: string;
  earlier: { step: NoticeRung; at: Date; recipient?: string }[];
}

export interface NoticeEvidenceChecked {
  url: string;
  seenAt: Date;
  similarity?: number;
  match?: string;
  capture?: { finalUrl: string; at: Date; status: number; title?: string; sha256?: string };
  referenceImage?: Buffer;
  copyImage?: Buffer;
}

/** The capture of a page in words: "HTTP 200, \"Title\", captured 2026-11-20 14:03 UTC". */
export function captureLine(c: NonNullable<NoticeEvidenceChecked['capture']>): string {
  const status = c.status > 0 ? `HTTP ${c.status}` : 'not reachable';
  return `${status}${c.title ? `, title "${c.title}"` : ''}, captured ${formatTimestamp(c.at)}`;
}

/** Checks and normalises a notice input; throws ValidationError naming each bad field. */
export function prepareNotice(input: NoticeInput): Notice {
  const n = parseOrThrow(inputSchema, input, undefined, 'The notice is incomplete.');
  return { ...n, infringingUrls: [...new Set(n.infringingUrls)], evidence: n.evidence ?? [] };
}

export const TITLE = 'Notice of Copyright Infringement';
export const SUBTITLE = 'Digital Millennium Copyright Act, 17 U.S.C. § 512(c)(3)';

/** 512(c)(3)(A)(v). */
export const GOOD_FAITH_STATEMENT =
  'I have a good faith belief that use of the copyrighted material described above, in the manner complained of, ' +
  'is not authorized by the copyright owner, its agent, or the law.';

/** 512(c)(3)(A)(vi). */
export const ACCURACY_STATEMENT =
  'I swear that the information in this notification is accurate and, under penalty of perjury, that I am ' +
  'authorized to act on behalf of the owner of an exclusive right that is allegedly infringed.';

export function agentStatement(agent: AgentIdentity, rightsOwner?: string): string {
  if (rightsOwner) {
    return (
      `This notice is sent by ${agent.company}, an agent authorized to act on behalf of ${rightsOwner}, the owner ` +
      'of the copyright in the work identified below. Please direct all correspondence about it to the agent at ' +
      'the contact details given here.'
    );
  }
  return (
    `This notice is sent by ${agent.company}, an agent authorized to act on behalf of the owner of the ` +
    'copyright in the work identified below. The owner is represented by the agent and is not named in this ' +
    'notice; please direct all correspondence about it to the agent at the contact details given here.'
  );
}

/** "on behalf of Acme Studios" or "on behalf of the copyright owner". */
export function onBehalfOf(rightsOwner?: string): string {
  return `on behalf of ${rightsOwner ?? 'the copyright owner'}`;
}

/** The signature block's lines under the /s/ line: the company is left out when the name already says it. */
export function signatureLines(agent: AgentIdentity, dated: string): string[] {
  return [
    agent.signatureName,
    'Authorized agent for the copyright owner',
    ...(agent.signatureName.includes(agent.company) ? [] : [agent.company]),
    `Signed electronically on ${dated}`,
  ];
}

export function requestStatement(count: number, rung: NoticeRung = 'host'): string {
  const what = count === 1 ? 'the material at the URL listed' : `the material at the ${count} URLs listed`;
  const urls = count === 1 ? 'the URL listed' : `the ${count} URLs listed`;
  switch (rung) {
    case 'host':
      return `Please expeditiously remove or disable access to ${what} below.`;
    case 'network':
      return `Please have your customer expeditiously remove or disable access to ${what} below.`;
    case 'cdn':
      return `Please expeditiously stop serving ${what} below, and pass this notice to the site's hosting provider.`;
    case 'registrar':
      return `Please pass this notice to the registrant of the domain and act on the domain as your abuse policy provides for ${what} below.`;
    case 'delisting':
      return `Please remove ${urls} below from your search results.`;
  }
}

const ENGINE_NAMES: Record<SearchEngine, string | undefined> = {
  google: 'Google Search',
  bing: 'Bing',
  duckduckgo: 'DuckDuckGo',
  other: undefined,
};

/** "The material was located through Google Search." or undefined when no named engine applies. */
export function foundThrough(engine?: SearchEngine): string | undefined {
  const name = engine && ENGINE_NAMES[engine];
  return name ? `The material was located through ${name}.` : undefined;
}

/** A calendar date in words, in UTC ("November 21, 2026"), as legal notices are dated. */
export function formatDate(d: Date): string {
  return new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(d);
}

/** "2026-11-20 14:03 UTC". */
export function formatTimestamp(d: Date): string {
  return `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** "93%" for 0.934. */
export function formatSimilarity(s: number | undefined): string {
  return s === undefined ? '—' : `${Math.round(s * 100)}%`;
}

/** The address as separate lines: the configured string separates them with newlines or semicolons. */
export function addressLines(address: string): string[] {
  return address.split(/\r?\n|;/).map((l) => l.trim()).filter(Boolean);
}

/** The address on one line, for form fields and headers. */
export function addressOneLine(address: string): string {
  return addressLines(address).join(', ');
}

/** The e-mail subject for a notice. */
export function noticeSubject(n: { caseNumber: string; rung?: NoticeRung }): string {
  const to: Partial<Record<NoticeRung, string>> = { network: 'to the network provider', cdn: 'to the CDN', registrar: 'to the registrar', delisting: 'delisting request' };
  const rung = n.rung && to[n.rung] ? ` (${to[n.rung]})` : '';
  return `DMCA Notice of Copyright Infringement${rung} – Case ${n.caseNumber}`;
}
