import { NotFoundError } from '../../lib/errors';
import type { AgentIdentity } from '../notices/agent-identity';
import { SEARCH_ENGINES, addressOneLine, type SearchEngine } from '../notices/notice-content';

/**
 * Where a notice goes for each search engine. None of them has a public submission API
 * (docs/reference/takedown-channels.md): the product opens the engine's form in a new tab and the copy-paste
 * assistant shows each value to paste. Every value is the company agent's, never the creator's.
 */

export interface CopyField {
  /** Stable key for the client (test ids, ordering). */
  key: string;
  label: string;
  value: string;
}

export interface SubmissionInfo {
  searchEngine: SearchEngine;
  /** Display name of the channel. */
  name: string;
  /** The page to open in a new tab. */
  submissionUrl: string;
  /** Short steps shown with the assistant. */
  instructions: string[];
  /** The copy-paste assistant's fields, in form order. */
  fields: CopyField[];
}

/** The case's part of the form, when a case is at hand (the assistant after a submission). */
export interface SubmissionWork {
  description: string;
  originalUrl: string;
  infringingUrls: string[];
}

interface Channel {
  name: string;
  submissionUrl: string;
  instructions: string[];
}

const DELISTING_ONLY = 'A search engine only hides the URLs from its results; the copy stays online until the host removes it, so the host is notified separately.';

const CHANNELS: Record<SearchEngine, Channel> = {
  // Google's Search copyright removal form (docs/reference/takedown-channels.md). No submission API; the Trusted
  // Copyright Removal Program's bulk upload is offered through google-bulk-export.ts.
  google: {
    name: 'Google Search',
    submissionUrl: 'https://reportcontent.google.com/forms/dmca_search',
    instructions: [
      'Open Google’s copyright removal form for Search in the new tab.',
      'Paste each field below into the form: the agent is the person filing, on behalf of the copyright owner.',
      'Put each infringing URL on its own line, tick the good-faith and penalty-of-perjury statements, type the signature exactly as shown, and submit.',
      'Google forwards a copy of the notice to the Lumen database; it shows the agent’s details, not the creator’s.',
      DELISTING_ONLY,
    ],
  },
  // Microsoft's "Report a concern to Bing" page, where copyright infringement is one of the concerns; the
  // form asks for a Microsoft account sign-in. Removals from Bing also apply to Yahoo results
  // (docs/reference/takedown-channels.md).
  bing: {
    name: 'Bing',
    submissionUrl: 'https://www.microsoft.com/en-us/concern/bing',
    instructions: [
      'Open Microsoft’s “Report a concern to Bing” page in the new tab and choose copyright infringement.',
      'Sign in with the company’s Microsoft account when asked.',
      'Paste each field below; put each infringing URL on its own line, accept the statements and type the signature exactly as shown.',
      'A removal from Bing also applies to Yahoo’s results, which Bing provides.',
      DELISTING_ONLY,
    ],
  },
  // DuckDuckGo has no copyright web form that we know of; its Terms of Service carry its copyright (DMCA)
  // policy and designated-agent contact, and its web results draw largely on Bing's index, so a Bing
  // removal usually clears DuckDuckGo too (docs/reference/takedown-channels.md). The brief suggested
  // https://duckduckgo.com/dmca; we could not confirm that page offline, so the Terms page is the stable
  // link.
  duckduckgo: {
    name: 'DuckDuckGo',
    submissionUrl: 'https://duckduckgo.com/terms',
    instructions: [
      'DuckDuckGo’s Terms of Service open in the new tab: its copyright section names where DMCA notices go.',
      'Send the notice there with the fields below (the generated PDF carries all of them).',
      'DuckDuckGo’s web results come largely from Bing: file the same URLs with Bing as well.',
      DELISTING_ONLY,
    ],
  },
  // No single portal: the host (found by RDAP or the known-agents table) is notified by e-mail in the
  // automated submission; for a manual notice, the US Copyright Office keeps the directory of designated
  // agents (no API, and many listings are stale).
  other: {
    name: 'Other search engines and hosts',
    submissionUrl: 'https://dmca.copyright.gov/osp/',
    instructions: [
      'There is no single portal for other search engines or for the sites hosting the copies.',
      'Look the site up in the US Copyright Office’s DMCA Designated Agent Directory (opens in the new tab) and send the notice to the agent listed.',
      'If the site has no current listing, send it to the abuse contact of the site’s hosting network; the automated submission finds that address for you.',
    ],
  },
};

/** True when `value` is one of the search engines the product knows. */
export function isSearchEngine(value: unknown): value is SearchEngine {
  return typeof value === 'string' && (SEARCH_ENGINES as readonly string[]).includes(value);
}

/**
 * The submission channel of a search engine and the copy-paste assistant's fields: country fixed to United
 * States, copyright holder fixed to Myself (PRODUCT.md), the agent's name, company, e-mail, phone, address and
 * signature, and, when a case is given, its description, original URL and infringing URLs (newline-joined).
 * Throws NotFoundError for an unknown engine.
 */
export function submissionInfo(searchEngine: string, agent: AgentIdentity, work?: SubmissionWork): SubmissionInfo {
  if (!isSearchEngine(searchEngine)) throw new NotFoundError('Search engine');
  const channel = CHANNELS[searchEngine];
  const fields: CopyField[] = [
    { key: 'country', label: 'Country', value: 'United States' },
    { key: 'copyrightHolder', label: 'Copyright holder', value: 'Myself' },
    { key: 'fullName', label: 'Full name', value: agent.name },
    { key: 'company', label: 'Company', value: agent.company },
    { key: 'email', label: 'E-mail', value: agent.email },
    { key: 'phone', label: 'Phone', value: agent.phone },
    { key: 'address', label: 'Address', value: addressOneLine(agent.address) },
  ];
  if (work) {
    fields.push(
      { key: 'description', label: 'Description of the work', value: work.description.trim() },
      { key: 'originalUrl', label: 'Authorized example (original URL)', value: work.originalUrl.trim() },
      { key: 'infringingUrls', label: 'Infringing URLs', value: [...new Set(work.infringingUrls.map((u) => u.trim()).filter(Boolean))].join('\n') },
    );
  }
  fields.push({ key: 'signature', label: 'Signature', value: agent.signatureName });
  return { searchEngine, name: channel.name, submissionUrl: channel.submissionUrl, instructions: [...channel.instructions], fields };
}
