import { splitInfringingUrls, splitResultUrls } from '../../../shared/schemas/cases';
import type { AgentIdentity } from './agent-identity';
import type { NoticeEvidence, NoticeInput } from './notice-content';
import type { CreatorFields } from '../creator-profile';
import type { ResultRecord } from '../search/results';
import type { CaseRecord } from '../cases/case-store';

/** What replaces a creator detail found in free text of a notice. */
export const WITHHELD = '[withheld]';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Removes the creator's own details from text that goes into a notice. The notice builders never receive
 * the creator fields, but a description is typed by the creator and may name them; notices are filed under
 * the agent's identity, so the creator's name, e-mail, phone and address (whole, or any line of it with a
 * digit, such as the street or postcode) are replaced with "[withheld]". Matching is case-insensitive;
 * names shorter than 3 characters are left alone (they would match inside ordinary words).
 */
export function redactCreator(text: string, creator: CreatorFields): string {
  const needles = new Set<string>();
  const add = (s: string | null | undefined, min = 3) => {
    const t = s?.trim();
    if (t && t.length >= min) needles.add(t);
  };
  add(creator.contentCreatorName);
  add(creator.contentCreatorEmail);
  add(creator.contentCreatorPhone, 5);
  add(creator.contentCreatorAddress);
  for (const part of creator.contentCreatorAddress?.split(/[\n,;]+/) ?? []) if (/\d/.test(part)) add(part, 6);
  let out = text;
  // Longest first, so a full address is replaced before a line of it.
  for (const n of [...needles].sort((a, b) => b.length - a.length)) {
    const bounded = /^\w/.test(n) && /\w$/.test(n) ? `\\b${escape(n)}\\b` : escape(n);
    out = out.replace(new RegExp(bounded, 'gi'), WITHHELD);
  }
  return out;
}

/**
 * The notice for a case: the agent's identity (never the creator's), the work, the case's infringing URLs,
 * and evidence for the URLs that the search result saw (when, and how similar).
 */
export function buildNoticeInput(c: CaseRecord, result: ResultRecord | undefined, creator: CreatorFields, agent: AgentIdentity, date = new Date()): NoticeInput {
  const infringingUrls = splitInfringingUrls(c.infringingUrl);
  const seen = new Set(result ? splitResultUrls(result.url) : []);
  const evidence: NoticeEvidence[] = result
    ? infringingUrls
        .filter((u) => seen.has(u))
        .map((u) => ({ url: u, seenAt: result.evidence?.seenAt ?? result.createdAt, similarity: result.similarityScore }))
    : [];
  return {
    caseNumber: c.caseNumber,
    caseId: c.id,
    date,
    work: { description: redactCreator(c.description, creator), originalUrl: c.originalUrl },
    infringingUrls,
    searchEngine: c.searchEngine,
    evidence,
    agent,
    ...(c.rights?.owner === 'agent' && c.rights.ownerName ? { rightsOwner: c.rights.ownerName } : {}),
  };
}
